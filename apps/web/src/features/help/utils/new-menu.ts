/** What the footer's New menu offers [M2.57], each behind its create right [M6.12]. */
export type NewMenuItemKey = 'Service' | 'User' | 'ImportAccounts' | 'Department' | 'Company' | 'Reseller';

export interface NewMenuItem {
  key: NewMenuItemKey;
  /** The creation wizard's account type (Service for a Product); null for the import wizard. */
  accountType: 'Service' | 'User' | 'Department' | 'Company' | 'Reseller' | null;
}

const ITEMS: readonly (NewMenuItem & { anyOf: readonly string[] })[] = [
  { key: 'Service', accountType: 'Service', anyOf: ['PRODUCT_ACCOUNT_CREATE'] },
  { key: 'User', accountType: 'User', anyOf: ['USER_ACCOUNT_CREATE'] },
  // [M6.12] Import accounts needs any of user, product or company create.
  {
    key: 'ImportAccounts',
    accountType: null,
    anyOf: ['USER_ACCOUNT_CREATE', 'PRODUCT_ACCOUNT_CREATE', 'COMPANY_ACCOUNT_CREATE'],
  },
  { key: 'Department', accountType: 'Department', anyOf: ['DEPARTMENT_ACCOUNT_CREATE'] },
  { key: 'Company', accountType: 'Company', anyOf: ['COMPANY_ACCOUNT_CREATE'] },
  { key: 'Reseller', accountType: 'Reseller', anyOf: ['RESELLER_ACCOUNT_CREATE'] },
];

/** [M2.57] [M6.12] The New menu's entries the user may use, in the spec's order; empty means no New button. */
export function newMenuItems(capabilities: readonly string[]): NewMenuItem[] {
  return ITEMS.filter((item) => item.anyOf.some((key) => capabilities.includes(key))).map(({ key, accountType }) => ({
    key,
    accountType,
  }));
}
