export * from './access.js';
export * from './account-creation.js';
export * from './account-import.js';
export * from './account-reports.js';
export * from './accounts.js';
export * from './audit.js';
export * from './auth.js';
export * from './capabilities.js';
export * from './capability-labels.js';
export * from './charge-summary.js';
export * from './credentials.js';
export * from './credit-limits.js';
export * from './custom-actions.js';
export * from './dashboards.js';
export * from './discounts.js';
export * from './errors.js';
export * from './exchange-rates.js';
export * from './explore-query.js';
export * from './explore-query-decode.js';
export * from './field-validation.js';
export * from './finding.js';
export * from './help.js';
export * from './initial-password.js';
export * from './jobs.js';
export * from './mail.js';
export * from './marketplace-search.js';
export * from './notes.js';
export * from './notifications.js';
export * from './operation.js';
export * from './ordering.js';
export * from './orders.js';
export * from './password-reset.js';
export * from './price-list-prices.js';
export * from './price-list-pricing.js';
export * from './price-lists.js';
export * from './price-preview.js';
export * from './price-protection.js';
export * from './pricing.js';
export * from './provisioning.js';
export * from './quotes.js';
export * from './reports.js';
export * from './service-drafts.js';
export * from './service-gating.js';
export * from './service-validation.js';
export * from './services.js';
export * from './special-deals.js';
export * from './sso.js';
export * from './subscription-upgrade.js';
export * from './terms.js';
export * from './vendor-profiles.js';
export * from './versions.js';

import { accessOperations } from './access.js';
import { accountCreationOperations } from './account-creation.js';
import { accountImportOperations } from './account-import.js';
import { accountOperations } from './accounts.js';
import { auditOperations } from './audit.js';
import { authOperations } from './auth.js';
import { credentialOperations } from './credentials.js';
import { creditLimitOperations } from './credit-limits.js';
import { customActionOperations } from './custom-actions.js';
import { dashboardOperations } from './dashboards.js';
import { discountOperations } from './discounts.js';
import { exchangeRateOperations } from './exchange-rates.js';
import { findingOperations } from './finding.js';
import { helpOperations } from './help.js';
import { initialPasswordOperations } from './initial-password.js';
import { jobOperations } from './jobs.js';
import { mailOperations } from './mail.js';
import { marketplaceSearchOperations } from './marketplace-search.js';
import { noteOperations } from './notes.js';
import { notificationOperations } from './notifications.js';
import type { OperationDefinition } from './operation.js';
import { orderingOperations } from './ordering.js';
import { orderOperations } from './orders.js';
import { passwordResetOperations } from './password-reset.js';
import { priceListPriceOperations } from './price-list-prices.js';
import { priceListOperations } from './price-lists.js';
import { pricePreviewOperations } from './price-preview.js';
import { priceProtectionOperations } from './price-protection.js';
import { provisioningOperations } from './provisioning.js';
import { quoteOperations } from './quotes.js';
import { reportsOperations } from './reports.js';
import { serviceDraftOperations } from './service-drafts.js';
import { serviceOperations } from './services.js';
import { specialDealOperations } from './special-deals.js';
import { ssoOperations } from './sso.js';
import { subscriptionUpgradeOperations } from './subscription-upgrade.js';
import { termsOperations } from './terms.js';
import { vendorProfileOperations } from './vendor-profiles.js';

/** Every operation the API serves, in one list (the server mounts them, the docs describe them). */
export const operations: readonly OperationDefinition[] = [
  ...authOperations,
  ...accountOperations,
  ...auditOperations,
  ...customActionOperations,
  ...creditLimitOperations,
  ...noteOperations,
  ...serviceOperations,
  ...serviceDraftOperations,
  ...accessOperations,
  ...termsOperations,
  ...jobOperations,
  ...mailOperations,
  ...credentialOperations,
  ...passwordResetOperations,
  ...reportsOperations,
  ...initialPasswordOperations,
  ...provisioningOperations,
  ...ssoOperations,
  ...subscriptionUpgradeOperations,
  ...pricePreviewOperations,
  ...priceProtectionOperations,
  ...orderOperations,
  ...exchangeRateOperations,
  ...priceListOperations,
  ...accountCreationOperations,
  ...accountImportOperations,
  ...marketplaceSearchOperations,
  ...vendorProfileOperations,
  ...priceListPriceOperations,
  ...orderingOperations,
  ...discountOperations,
  ...specialDealOperations,
  ...quoteOperations,
  ...dashboardOperations,
  ...notificationOperations,
  // Finding things: global search, children list, My services (decision 0054).
  ...findingOperations,
  ...helpOperations,
];
