export { termsOperations } from './terms.operations.js';
export { listPendingTerms, seedDemoTerms } from './terms.service.js';
