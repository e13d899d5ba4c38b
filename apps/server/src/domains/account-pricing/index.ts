import type { AccountExtension } from '../accounts/index.js';
import * as service from './account-pricing.service.js';

export { seedPricingDemo } from './account-pricing.demo.js';
export { accountPricingOperations } from './account-pricing.operations.js';
export { recordPriceProtection } from './price-protection.service.js';

/**
 * What pricing adds to accounts: ExtendedView.PriceProtectionEnddate and ExchangeRateNotUpToDate of
 * Product accounts [A3.1], [A2.33].
 */
export const pricingAccountExtension: AccountExtension = {
  name: 'pricing',
  extendedTypes: ['Product'],
  extendedSql: service.PAGE_FACTS_SQL,
  // Migration 0148: planned only for a Product's page (decision 0067); migration 0152: each fact only when read.
  extendedFunction: 'account_pricing_page_facts',
  extendedFunctionBody: service.PAGE_FACTS_FUNCTION_BODY,
  extendedFunctionCapability: service.MARGIN_CAPABILITY,
  extendedValues: (facts, account, caller, now) => service.pricingExtendedValues(facts, account, caller, now),
};
