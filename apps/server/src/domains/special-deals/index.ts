export { expireSpecialDeals } from './special-deals.job.js';
export { specialDealOperations } from './special-deals.operations.js';
