export { type BuyingCompany, companyMayBuy, findBrowsableServiceName, listCompaniesThatMayBuy } from './buyers.js';
export { marketplaceSearchOperations } from './marketplace-search.operations.js';
export { findBrowsableServices, listSearchableMarketplaces } from './marketplace-search.service.js';
