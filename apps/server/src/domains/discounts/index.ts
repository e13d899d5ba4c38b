export { loadDiscountsFor } from './discount-lookup.js';
export { discountOperations } from './discounts.operations.js';
