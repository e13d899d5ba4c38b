export { creditLimitOperations } from './credit-limits.operations.js';
export {
  type CreditStatus,
  findAttachment as findCreditAttachment,
  getCreditStatus,
  seedCreditLimitDemo,
} from './credit-limits.service.js';
