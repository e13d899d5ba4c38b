export { termsOperations } from './terms.operations.js';
export {
  acceptServiceTerms,
  hasAcceptedServiceTerms,
  latestAcceptedServiceTerms,
  listPendingTerms,
  seedDemoTerms,
} from './terms.service.js';
export { termsChangedJobHandler } from './terms-changed.job.js';
