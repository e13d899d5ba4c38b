export { termsOperations } from './terms.operations.js';
export { acceptServiceTerms, hasAcceptedServiceTerms, listPendingTerms, seedDemoTerms } from './terms.service.js';
