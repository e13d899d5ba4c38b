export { addToAutoAddPriceLists } from './auto-add.service.js';
export { marketplacePricesExportJobHandler, myServicesPricesExportJobHandler } from './excel.job.js';
export {
  addedServiceIds,
  type CustomerPricing,
  chosenPriceListsSql,
  listMayPriceSql,
  loadCustomerPricing,
  loadPriceListPricing,
  loadPriceListsFor,
  type PriceListPricingRow,
  type PriceListQuery,
  priceListPricingSql,
  pricingOfChosenRows,
} from './price-list-lookup.js';
export { DEMO_PROVIDER_LIST, seedDemoPriceLists } from './price-lists.demo.js';
export { priceListOperations } from './price-lists.operations.js';
export { marginOf, type PriceListMarginRow, priceListMargins } from './price-lists.reports.js';
export { priceListPriceOperations } from './prices.operations.js';
