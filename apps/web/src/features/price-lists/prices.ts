/** What pages may import of the prices of price lists and of "my services" (see PRICES.md on the server). */
export type { PriceTarget } from './api/prices/use-prices';
export {
  EditAllPricesByExcelWindow,
  type EditAllPricesByExcelWindowProps,
} from './components/prices/edit-all-prices-by-excel-window';
export { EditServicePricesWindow, type EditServicePricesWindowProps } from './components/prices/edit-service-prices-window';
export { ExportPricesWindow, type ExportPricesWindowProps } from './components/prices/export-prices-window';
export { MarkupSwitch, type MarkupSwitchProps } from './components/prices/markup-switch';
export { MyServicesPriceTools } from './components/prices/my-services-price-tools';
export { PricingRulesWindow, type PricingRulesWindowProps } from './components/prices/pricing-rules-window';
export { TermsReviewWindow, type TermsReviewWindowProps } from './components/prices/terms-review-window';
