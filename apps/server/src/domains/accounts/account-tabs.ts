import type { AccountTabId } from '@portal/contracts';

/**
 * Feature tabs whose screens exist. A feature that builds a tab adds its id here; until then the
 * tab stays out of the strip even where the rules would show it.
 */
export const BUILT_ACCOUNT_TABS: ReadonlySet<AccountTabId> = new Set<AccountTabId>([
  'Audit_log',
  'User_log',
  'Credit_check',
  'Notes',
  'Security',
  'User_security',
  'Provisioning',
  // [A2.13] [A2.14] The marketplace tabs (decision 0033).
  'Service_info',
  'Available_services',
  // [A2.24] [A2.48] The Discount tab (decision 0048).
  'Discount',
  // [A2.25] [A2.49] The Special Deal tab (decision 0049).
  'Special_deal',
  // [A2.17] The Notifications tab (decision 0053).
  'Notifications',
  // The children list of a reseller or company (decision 0054).
  'Accounts',
]);
