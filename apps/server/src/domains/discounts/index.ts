export { loadDiscountsFor } from './discount-lookup.js';
export { discountOperations } from './discounts.operations.js';
export { type DiscountSearchDetails, discountSearchDetails, requireDiscountAccount } from './discounts.service.js';
