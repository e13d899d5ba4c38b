export { loadDiscountsFor } from './discount-lookup.js';
export { discountOperations } from './discounts.operations.js';
export { type DiscountInForceRow, discountsInForce } from './discounts.reports.js';
export { type DiscountSearchDetails, discountSearchDetails, requireDiscountAccount } from './discounts.service.js';
