export { DEMO_SERVICES, seedDemoServices } from './catalogue.demo.js';
export { createServiceJobHandler, runDueCreationJobs } from './catalogue.job.js';
export { catalogueOperations } from './catalogue.operations.js';
export { type ServiceVendor, serviceVendors } from './catalogue.reports.js';
export { findProvisioningAction } from './catalogue.repository.js';
export { currencyOfPathAccounts } from './catalogue.rules.js';
export { CREATE_SERVICE_JOB_TYPE } from './catalogue.service.js';
export { findServiceFileAttachment, serviceFileReferences } from './files.service.js';
export {
  findActiveServices,
  findOrderableService,
  listOrderableServices,
  listSuggestedServices,
  listTermsGroupServices,
  type OrderableService,
} from './orderable.service.js';
export {
  openProvisioningPassword,
  PROVISIONING_PASSWORD_COLUMN,
} from './provisioning-passwords.js';
export {
  customerCurrenciesOf,
  customerCurrency,
  loadPricingSources,
  type PricingSource,
  pageServiceSql,
  pathCurrencyAccountsSql,
  priceWithSource,
  SERVICE_FIELD_VIEW,
  type SubscriptionForPricing,
  serviceFieldValues,
  subscriptionQuantity,
  wholeDays,
} from './subscription-pricing.service.js';
export { type SuggestedRetailPriceChange, updateSuggestedRetailPrices } from './suggested-retail-prices.service.js';
