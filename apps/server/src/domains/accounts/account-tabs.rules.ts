import type { AccountTabId, AccountType } from '@portal/contracts';

export const TAB_DISPLAY_NAMES: Record<AccountTabId, string> = {
  Credit_check: 'Credit Check',
  Service_info: 'Service info',
  Available_services: 'Available services',
  Custom_charge: 'Custom Charge',
  Billing: 'Billing',
  Notifications: 'Notifications',
  Provisioning: 'Provisioning',
  Security: 'Security',
  User_security: 'User security',
  Audit_log: 'Audit log',
  User_log: 'User log',
  Notes: 'Notes',
  Discount: 'Discount',
  Special_deal: 'Special Deal',
  Accounts: 'Accounts',
};

interface TabRule {
  types: readonly AccountType[];
  /** Any one of these capabilities opens the tab. */
  anyOf: readonly string[];
}

// [A2.12]-[A2.25] with the capabilities of [A6.2], [A6.15], [A6.16]. The Provider root counts as a Reseller.
const TAB_RULES: Record<AccountTabId, TabRule> = {
  Credit_check: { types: ['Reseller', 'Company'], anyOf: ['FIELDS_CREDITLIMIT_READ'] },
  Service_info: { types: ['Product'], anyOf: ['PRODUCT_ACCOUNT_READ'] },
  Available_services: { types: ['Reseller', 'Company', 'User', 'Department', 'Product'], anyOf: ['SUBSCRIPTION_READ'] },
  Custom_charge: { types: ['Department'], anyOf: ['CUSTOM_CHARGE_COMPANY_READ', 'CUSTOM_CHARGE_RESELLER_READ'] },
  Billing: { types: ['Reseller', 'Company'], anyOf: ['ONLINEBILL_READ'] },
  Notifications: { types: ['User'], anyOf: ['NOTIFICATIONS_READ'] },
  Provisioning: {
    types: ['Reseller', 'Company', 'User', 'Product'],
    anyOf: ['PROVISIONING_REQUEST_READ', 'PROVISIONING_REQUEST_OWNED_READ'],
  },
  Security: { types: ['Reseller', 'Company'], anyOf: ['SECURITY_MANAGEMENT_READ'] },
  User_security: { types: ['User'], anyOf: ['SECURITY_MANAGEMENT_READ'] },
  Audit_log: { types: ['Reseller', 'Company', 'User', 'Product', 'Department'], anyOf: ['AUDIT_LOG_READ'] },
  User_log: { types: ['User'], anyOf: ['AUDIT_LOG_READ'] },
  Notes: { types: ['Reseller', 'Company'], anyOf: ['ACCOUNT_NOTES_READ'] },
  Discount: { types: ['Company', 'Reseller'], anyOf: ['DISCOUNT_TOOL_READ'] },
  Special_deal: { types: ['Product'], anyOf: ['SPECIAL_DEAL_EXECUTE'] },
  // Decision 0054: the direct children, searched and paged, so the tree is not the only way down (last in the strip).
  Accounts: { types: ['Reseller', 'Company'], anyOf: ['RESELLER_ACCOUNT_READ', 'COMPANY_ACCOUNT_READ'] },
};

export interface TabContext {
  accountType: AccountType;
  accountId: number;
  parentId: number | null;
  /** The viewer's organisation (company, reseller or provider). */
  viewerOrganisationId: number;
  /** The viewer's own user account: everyone may open the User security and Notifications tabs of their own account. */
  viewerUserId?: number;
  /** Ids from the root down to the viewer's organisation. */
  viewerOrganisationPath: readonly number[];
  /** The nearest Company or Reseller above the account (for Product and Department), and its parent. */
  owningOrganisation: { id: number; parentId: number | null } | null;
  capabilities: ReadonlySet<string>;
  /** Tabs whose screens exist in this build. */
  built: ReadonlySet<AccountTabId>;
}

/** The feature tabs a viewer gets on an account, in strip order, with every hidden case of [A2.26]. */
export function decideAccountTabs(ctx: TabContext): AccountTabId[] {
  const type: AccountType = ctx.accountType === 'Provider' ? 'Reseller' : ctx.accountType;
  const isOwnOrganisation = ctx.accountId === ctx.viewerOrganisationId;
  return (Object.keys(TAB_RULES) as AccountTabId[]).filter((tab) => {
    const rule = TAB_RULES[tab];
    if (!ctx.built.has(tab) || !rule.types.includes(type)) return false;
    // Every user opens the User security and Notifications tabs of their own account (decision 0053 for Notifications).
    const isOwnUserTab = (tab === 'User_security' || tab === 'Notifications') && ctx.accountId === ctx.viewerUserId;
    if (!isOwnUserTab && !rule.anyOf.some((c) => ctx.capabilities.has(c))) return false;
    switch (tab) {
      case 'Credit_check':
        // [A2.27] hidden for the viewer's own reseller; decision 0046: a company reads its own limit (read-only).
        return !isOwnOrganisation || type === 'Company';
      case 'Notes':
        // [A2.27] hidden for the viewer's own company.
        return !isOwnOrganisation;
      case 'Discount':
        // [A2.28] hidden for the own company, or when the account's parent is not the viewer's company.
        return !isOwnOrganisation && ctx.parentId === ctx.viewerOrganisationId;
      case 'Special_deal':
        // [A2.29] hidden when the parent of the owning company or reseller is the viewer's company.
        return ctx.owningOrganisation?.parentId !== ctx.viewerOrganisationId;
      case 'Custom_charge':
        // [A2.15] only under a Company or Reseller; [A2.30] hidden when the viewer's own hierarchy
        // includes the parent of that first company or reseller.
        return (
          ctx.owningOrganisation !== null &&
          !(ctx.owningOrganisation.parentId !== null && ctx.viewerOrganisationPath.includes(ctx.owningOrganisation.parentId))
        );
      default:
        return true;
    }
  });
}
