import { describe, expect, it } from 'vitest';
import { newMenuItems } from '../new-menu';

describe('[M6.12] the footer New menu', () => {
  it('offers nothing (no New button) without a create right', () => {
    expect(newMenuItems(['COMPANY_ACCOUNT_READ', 'USER_ACCOUNT_UPDATE'])).toEqual([]);
  });

  it('offers every entry in the [M2.57] order to a holder of every create right', () => {
    const all = ['PRODUCT', 'USER', 'DEPARTMENT', 'COMPANY', 'RESELLER'].map((t) => `${t}_ACCOUNT_CREATE`);

    expect(newMenuItems(all).map((i) => i.key)).toEqual([
      'Service',
      'User',
      'ImportAccounts',
      'Department',
      'Company',
      'Reseller',
    ]);
  });

  it.each([
    ['DEPARTMENT_ACCOUNT_CREATE', ['Department']],
    ['RESELLER_ACCOUNT_CREATE', ['Reseller']],
    ['USER_ACCOUNT_CREATE', ['User', 'ImportAccounts']],
    ['PRODUCT_ACCOUNT_CREATE', ['Service', 'ImportAccounts']],
    ['COMPANY_ACCOUNT_CREATE', ['ImportAccounts', 'Company']],
  ])('with only %s offers %j', (capability, keys) => {
    expect(newMenuItems([capability]).map((i) => i.key)).toEqual(keys);
  });

  it('opens the creation wizard with Service for a Product, and the import wizard without a type', () => {
    expect(newMenuItems(['PRODUCT_ACCOUNT_CREATE'])).toEqual([
      { key: 'Service', accountType: 'Service' },
      { key: 'ImportAccounts', accountType: null },
    ]);
  });
});
