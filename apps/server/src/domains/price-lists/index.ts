export { type CustomerPricing, loadCustomerPricing, loadPriceListsFor, type PriceListQuery } from './price-list-lookup.js';
export { DEMO_PROVIDER_LIST, seedDemoPriceLists } from './price-lists.demo.js';
