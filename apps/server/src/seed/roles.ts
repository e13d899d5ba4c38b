import { allCapabilityKeys, contextualCapabilityKeys } from '@portal/contracts';
import type { Queryable } from '../platform/db/db.js';

const accountCaps = (types: string[], kinds: string[]) => types.flatMap((t) => kinds.map((k) => `${t}_ACCOUNT_${k}`));
const ALL_TYPES = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'];
const CUSTOMER_TYPES = ['COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'];

/** The standard roles a new installation starts with; operators grant them to users. */
export const STANDARD_ROLES: Record<string, { description: string; capabilities: string[] }> = {
  'Provider administrator': {
    description: 'Everything, across every tenant',
    capabilities: [...allCapabilityKeys(), ...contextualCapabilityKeys()],
  },
  'Reseller administrator': {
    description: 'Manages the reseller, its customers and their users',
    capabilities: [
      ...accountCaps(ALL_TYPES, ['READ', 'UPDATE', 'CREATE', 'DELETE']),
      'FIELDS_CREDITLIMIT_READ',
      'FIELDS_CREDITLIMIT_UPDATE',
      'ACCOUNT_NOTES_READ',
      'ACCOUNT_NOTES_CREATE',
      'ACCOUNT_NOTES_UPDATE',
      'ACCOUNT_NOTES_DELETE',
      'DISCOUNT_TOOL_READ',
      'DISCOUNT_TOOL_UPDATE',
      'AUDIT_LOG_READ',
      'IMPERSONATE_EXECUTE',
      'ACCOUNT_MOVE_EXECUTE',
      'ACCOUNT_RESETPRICEPROTECTION_READ',
      'USER_EXPORT_EXECUTE',
      'OUTBOX_READ',
      'SUBSCRIPTION_READ',
      'PROVISIONING_REQUEST_READ',
      'PROVISIONING_REQUEST_CREATE',
      'SECURITY_MANAGEMENT_READ',
      'SECURITY_MANAGEMENT_UPDATE',
      // The Notifications tab of their customers' users (decision 0053).
      'NOTIFICATIONS_READ',
      'NOTIFICATIONS_UPDATE',
      'SPECIAL_DEAL_EXECUTE',
      'BILLING_SHOWPRODUCTPRICE_READ',
      'BILLING_SHOWPRODUCTPRICE_MARGIN_READ',
      // Resellers see margins converted with the provider's rates, so they may read them (decision 0029).
      'EXCHANGE_RATE_READ',
      'ONLINEBILL_READ',
      'CUSTOM_CHARGE_RESELLER_READ',
      'MARKETPLACE_TC_ACCEPT_EXECUTE',
      'SALESQUOTE_EXECUTE',
      'QUOTATION_TOOL_READ',
      // Builds, saves, approves and orders its quotes (decision 0050).
      'SALESQUOTE_READ',
      'SALESQUOTE_UPDATE',
      'SALESQUOTE_DELETE',
      'QUOTATION_TOOL_UPDATE',
      'QUOTATION_TOOL_DELETE',
      'CREDITCHECK_COMPANYORDERS_READ',
      'ORDER_MANAGEMENT_READ',
      // Reviews the orders of its customers that are above their credit limit (decision 0032).
      'ORDER_MANAGEMENT_UPDATE',
      // A reseller keeps its own price lists for its customers (decision 0033).
      'MARKETPLACE_READ',
      'MARKETPLACE_CREATE',
      'MARKETPLACE_UPDATE',
      'MARKETPLACE_DELETE',
      'MARKETPLACE_AUTO_SRP_SYNC_FLAG_READ',
      'MARKETPLACE_AUTO_SRP_SYNC_FLAG_UPDATE',
      'SUPPORT_CONTACT_DETAILS_READ',
      'SUPPORT_CONTACT_DETAILS_UPDATE',
      'CHAT_BOT_READ',
      'WIKI_READ',
      'EMBEDDED_REPORT_UPDATE',
      'EMBEDDED_REPORT_CREATE',
      // [A2.11] The report pages of the account page (decision 0028).
      'ACCOUNT_REPORT_READ',
      // A reseller prices its own price lists: own prices, Excel, markup and dynamic rules (decision 0033).
      'MARKETPLACE_UPDATE',
      'DYNAMIC_PRICING_MANAGEMENT_EXECUTE',
      'DASHBOARD_MANAGER_READ', // Designs the reseller's landing dashboards (decision 0051).
      'DASHBOARD_MANAGER_UPDATE',
    ],
  },
  'Company administrator': {
    description: 'Manages one company, its departments, users and subscriptions',
    capabilities: [
      ...accountCaps(CUSTOMER_TYPES, ['READ', 'UPDATE', 'CREATE', 'DELETE']),
      'AUDIT_LOG_READ',
      'USER_EXPORT_EXECUTE',
      'OUTBOX_READ',
      'SUBSCRIPTION_READ',
      'PROVISIONING_REQUEST_OWNED_READ',
      'SECURITY_MANAGEMENT_READ',
      'SECURITY_MANAGEMENT_UPDATE',
      'NOTIFICATIONS_READ',
      'NOTIFICATIONS_UPDATE',
      'ONLINEBILL_READ',
      'CUSTOM_CHARGE_COMPANY_READ',
      'MARKETPLACE_TC_ACCEPT_EXECUTE',
      'CREDITCHECK_COMPANYORDERS_READ',
      // Reads (never changes) its company's credit limit and sees it in the order review (decision 0046).
      'FIELDS_CREDITLIMIT_READ',
      'WIKI_READ',
      // The footer's support panel and chat assistant [M6.13] (decision 0052).
      'SUPPORT_CONTACT_DETAILS_READ',
      'CHAT_BOT_READ',
      // [M2.26] Browses the marketplace: the services of the price lists assigned to the company (decision 0033).
      'MARKETPLACE_READ',
      // [A6.17] A company administrator sees what its subscriptions cost, not the purchase price or margin (decision 0023).
      'BILLING_SHOWPRODUCTPRICE_READ',
      // [A2.11] The report pages of the account page (decision 0028).
      'ACCOUNT_REPORT_READ',
      'CUSTOM_LANDING_PAGE_EXECUTE', // [M6.2] Lands on the dashboard published for Company users (decision 0051).
    ],
  },
  'Company user': {
    description: 'Reads the company and its own user account',
    capabilities: [
      ...accountCaps(CUSTOMER_TYPES, ['READ']),
      'NOTIFICATIONS_READ',
      'WIKI_READ',
      'SUPPORT_CONTACT_DETAILS_READ',
      'CHAT_BOT_READ',
      'CUSTOM_LANDING_PAGE_EXECUTE',
    ],
  },
  // [S6.5] A vendor's service administrator: builds and edits the vendor's own services. A Promoted
  // service [S4.9] keeps its fields, billing and provisioning for the provider; texts and files stay editable.
  'Vendor service administrator': {
    description: "Creates and edits the vendor's own services in the service tool",
    capabilities: [
      ...accountCaps(['COMPANY', 'USER'], ['READ']),
      ...['INFO', 'FILES', 'DESCRIPTION', 'FIELDS', 'BILLING', 'PROVISIONING'].flatMap((area) =>
        ['READ', 'CREATE', 'UPDATE'].map((kind) => `SERVICE_TOOL_${area}_${kind}`),
      ),
      'SERVICE_TOOL_INFO_UPDATE:PROMOTED',
      'SERVICE_TOOL_FILES_UPDATE:PROMOTED',
      'SERVICE_TOOL_DESCRIPTION_UPDATE:PROMOTED',
      'SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE',
      'MY_SERVICES_CREATE',
      'MY_SERVICES_UPDATE',
      'PRODUCT_OWNER_PROFILE_UPDATE',
      'WIKI_READ',
    ],
  },
  // [S6.4] Like the vendor's service administrator, but remote data sources (endpoints the portal
  // calls) stay with the administrator.
  'Vendor service editor': {
    description: "Edits the vendor's own services in the service tool, except remote data sources",
    capabilities: [
      ...accountCaps(['COMPANY', 'USER'], ['READ']),
      ...['INFO', 'FILES', 'DESCRIPTION', 'FIELDS', 'BILLING', 'PROVISIONING'].flatMap((area) =>
        ['READ', 'CREATE', 'UPDATE'].map((kind) => `SERVICE_TOOL_${area}_${kind}`),
      ),
      'MY_SERVICES_CREATE',
      'MY_SERVICES_UPDATE',
      'WIKI_READ',
    ],
  },
  Auditor: {
    description: 'Reads every account and the audit log, changes nothing',
    capabilities: [...accountCaps(ALL_TYPES, ['READ']), 'AUDIT_LOG_READ'],
  },
};

/** Creates or refreshes the standard roles; returns their ids by name. */
export async function ensureStandardRoles(db: Queryable): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [name, role] of Object.entries(STANDARD_ROLES)) {
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO roles (name, description) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description RETURNING id`,
      [name, role.description],
    );
    if (!row) throw new Error(`role ${name} was not saved`);
    await db.query(`INSERT INTO role_capabilities (role_id, capability) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, [
      row.id,
      role.capabilities,
    ]);
    ids.set(name, row.id);
  }
  return ids;
}
