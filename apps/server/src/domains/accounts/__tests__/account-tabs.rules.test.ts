import { ACCOUNT_TAB_IDS, type AccountTabId } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { BUILT_ACCOUNT_TABS } from '../account-tabs';
import { decideAccountTabs, type TabContext } from '../account-tabs.rules';

const ALL_BUILT = new Set<AccountTabId>(ACCOUNT_TAB_IDS);
const ALL_CAPS = new Set([
  'FIELDS_CREDITLIMIT_READ',
  'PRODUCT_ACCOUNT_READ',
  'SUBSCRIPTION_READ',
  'CUSTOM_CHARGE_COMPANY_READ',
  'ONLINEBILL_READ',
  'NOTIFICATIONS_READ',
  'PROVISIONING_REQUEST_READ',
  'SECURITY_MANAGEMENT_READ',
  'AUDIT_LOG_READ',
  'ACCOUNT_NOTES_READ',
  'DISCOUNT_TOOL_READ',
  'SPECIAL_DEAL_EXECUTE',
]);

// Provider 1 > Reseller 2 > Company 3 > Department 4 > User 5 > Product 6; the viewer belongs to reseller 2.
const ctx = (over: Partial<TabContext>): TabContext => ({
  accountType: 'Company',
  accountId: 3,
  parentId: 2,
  viewerOrganisationId: 2,
  viewerOrganisationPath: [1, 2],
  owningOrganisation: { id: 2, parentId: 1 },
  capabilities: ALL_CAPS,
  built: ALL_BUILT,
  ...over,
});

describe('decideAccountTabs', () => {
  it('[A2.20] gives every user the User security tab of their own account, and others only with SECURITY_MANAGEMENT_READ', () => {
    const user = { accountType: 'User' as const, accountId: 5, parentId: 4, capabilities: new Set<string>() };

    expect(decideAccountTabs(ctx({ ...user, viewerUserId: 5 }))).toEqual(['Notifications', 'User_security']);
    expect(decideAccountTabs(ctx({ ...user, viewerUserId: 9 }))).toEqual([]);
  });

  it('gives every user the Notifications tab of their own account, and others only with NOTIFICATIONS_READ (decision 0053)', () => {
    const user = { accountType: 'User' as const, accountId: 5, parentId: 4, built: BUILT_ACCOUNT_TABS };

    expect(decideAccountTabs(ctx({ ...user, capabilities: new Set<string>(), viewerUserId: 5 }))).toContain('Notifications');
    expect(decideAccountTabs(ctx({ ...user, capabilities: new Set<string>(), viewerUserId: 9 }))).not.toContain('Notifications');
    expect(decideAccountTabs(ctx({ ...user, capabilities: new Set(['NOTIFICATIONS_READ']), viewerUserId: 9 }))).toContain(
      'Notifications',
    );
  });

  it('[A2.12] [A2.16] [A2.18] [A2.19] [A2.21] [A2.23] [A2.24] gives a customer company of the viewer its tabs', () => {
    expect(decideAccountTabs(ctx({}))).toEqual([
      'Credit_check',
      'Available_services',
      'Billing',
      'Provisioning',
      'Security',
      'Audit_log',
      'Notes',
      'Discount',
    ]);
  });

  it('[A2.13] [A2.14] [A2.25] gives a product its service info, available services, provisioning, audit log and special deal', () => {
    const product = ctx({ accountType: 'Product', accountId: 6, parentId: 5, owningOrganisation: { id: 3, parentId: 99 } });

    expect(decideAccountTabs(product)).toEqual([
      'Service_info',
      'Available_services',
      'Provisioning',
      'Audit_log',
      'Special_deal',
    ]);
  });

  it('[A2.20] [A2.22] gives a user notifications, user security and the user log', () => {
    const user = ctx({ accountType: 'User', accountId: 5, parentId: 4, owningOrganisation: { id: 3, parentId: 2 } });

    expect(decideAccountTabs(user)).toEqual([
      'Available_services',
      'Notifications',
      'Provisioning',
      'User_security',
      'Audit_log',
      'User_log',
    ]);
  });

  it('[A2.15] [A2.30] shows custom charge on a department only when the viewer hierarchy does not include the parent of its company', () => {
    const dept = { accountType: 'Department' as const, accountId: 4, parentId: 3, owningOrganisation: { id: 3, parentId: 2 } };

    expect(decideAccountTabs(ctx({ ...dept, viewerOrganisationId: 1, viewerOrganisationPath: [1] }))).toContain('Custom_charge');
    expect(decideAccountTabs(ctx(dept))).not.toContain('Custom_charge');
    expect(decideAccountTabs(ctx({ ...dept, owningOrganisation: null, viewerOrganisationPath: [1] }))).not.toContain(
      'Custom_charge',
    );
  });

  it('[A2.26] [A2.27] hides credit check and notes for the viewer own company', () => {
    const own = decideAccountTabs(ctx({ accountId: 2, accountType: 'Reseller', parentId: 1 }));

    expect(own).not.toContain('Credit_check');
    expect(own).not.toContain('Notes');
  });

  it("shows a company its own Credit check tab (read-only, decision 0046) but keeps a reseller's own hidden", () => {
    const ownCompany = decideAccountTabs(ctx({ viewerOrganisationId: 3, viewerOrganisationPath: [1, 2, 3] }));
    const ownReseller = decideAccountTabs(ctx({ accountId: 2, accountType: 'Reseller', parentId: 1 }));

    expect(ownCompany).toContain('Credit_check');
    expect(ownCompany).not.toContain('Notes');
    expect(ownReseller).not.toContain('Credit_check');
  });

  it('[A2.28] hides discount for the own company and when the account parent is not the viewer company', () => {
    expect(decideAccountTabs(ctx({ accountId: 2, accountType: 'Reseller', parentId: 1 }))).not.toContain('Discount');
    expect(decideAccountTabs(ctx({ parentId: 7 }))).not.toContain('Discount');
  });

  it('[A2.24] the Discount tab is built: a reseller gets it on its own company, with the tabs this build has', () => {
    const built = { built: BUILT_ACCOUNT_TABS };
    expect(decideAccountTabs(ctx(built))).toContain('Discount');
    expect(decideAccountTabs(ctx({ ...built, accountType: 'Reseller', accountId: 8, parentId: 2 }))).toContain('Discount');
    expect(decideAccountTabs(ctx({ ...built, capabilities: new Set(['AUDIT_LOG_READ']) }))).not.toContain('Discount');
  });

  it('[A2.29] hides special deal when the parent of the owning company is the viewer company', () => {
    const product = ctx({ accountType: 'Product', accountId: 6, parentId: 5, owningOrganisation: { id: 3, parentId: 2 } });

    expect(decideAccountTabs(product)).not.toContain('Special_deal');
  });

  it('[A2.25] the Special Deal tab is built: a distributor gets it on the subscription of its reseller’s customer', () => {
    const built = { built: BUILT_ACCOUNT_TABS };
    const product = { accountType: 'Product' as const, accountId: 6, parentId: 5, owningOrganisation: { id: 4, parentId: 3 } };
    expect(decideAccountTabs(ctx({ ...built, ...product }))).toContain('Special_deal');
    expect(decideAccountTabs(ctx({ ...built, ...product, capabilities: new Set(['AUDIT_LOG_READ']) }))).not.toContain(
      'Special_deal',
    );
  });

  it('[A6.15] leaves out tabs whose capability the viewer lacks', () => {
    expect(decideAccountTabs(ctx({ capabilities: new Set(['AUDIT_LOG_READ']) }))).toEqual(['Audit_log']);
  });

  it('leaves out tabs whose screens are not built yet', () => {
    expect(decideAccountTabs(ctx({ built: new Set<AccountTabId>(['Notes']) }))).toEqual(['Notes']);
  });
});
