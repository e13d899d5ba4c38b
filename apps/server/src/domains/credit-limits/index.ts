export { creditLimitOperations } from './credit-limits.operations.js';
export { type CurrentLimitRow, currentCreditLimits } from './credit-limits.reports.js';
export {
  type CreditStatus,
  creditAttachmentReferences,
  findAttachment as findCreditAttachment,
  getCreditStatus,
  seedCreditLimitDemo,
} from './credit-limits.service.js';
