export { expireSpecialDeals } from './special-deals.job.js';
export { specialDealOperations } from './special-deals.operations.js';
export { type SpecialDealInForceRow, specialDealsInForce } from './special-deals.reports.js';
export { pathAccounts } from './special-deals.repository.js';
export { type PathAccount, purchasingReseller } from './special-deals.rules.js';
