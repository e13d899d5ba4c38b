export { type CustomerPricing, loadCustomerPricing, loadPriceListsFor, type PriceListQuery } from './price-list-lookup.js';
