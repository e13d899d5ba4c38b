/**
 * Human labels of the capabilities, for refusals and no-access pages: a user reads "view company
 * orders", never `CREDITCHECK_COMPANYORDERS_READ`. The web shows the translated label
 * (`capabilityLabels.<key>` in apps/web/src/locales/en.json, the same English words).
 *
 * @example
 * capabilityLabel('CREDITCHECK_COMPANYORDERS_READ') // 'view company orders'
 * refusalMessage(['OUTBOX_READ']) // 'You need permission to view the outbox to do this'
 */
import {
  CAPABILITY_CATALOGUE,
  CAPABILITY_NAMES,
  type CapabilityName,
  PERMISSION_KINDS,
  type PermissionKind,
} from './capabilities.js';

/** What each capability is about, as a noun phrase after the verb of its kind. */
export const CAPABILITY_SUBJECTS: Record<CapabilityName, string> = {
  RESELLER_ACCOUNT: 'reseller accounts',
  COMPANY_ACCOUNT: 'company accounts',
  DEPARTMENT_ACCOUNT: 'department accounts',
  USER_ACCOUNT: 'user accounts',
  PRODUCT_ACCOUNT: 'subscriptions',
  FIELDS_CREDITLIMIT: 'credit limits',
  EMBEDDED_REPORT: 'embedded reports',
  EXCHANGE_RATE: 'exchange rates',
  ACCOUNT_REPORT: 'account report pages',
  FIELDS_CREDITLIMIT_OVERWRITE_LOCK: 'locked credit limits',
  PROVISIONING_REQUEST_SKIP_BACKEND: 'saving without provisioning',
  PROVISIONING_REQUEST: 'provisioning requests',
  PROVISIONING_REQUEST_OWNED: 'your own provisioning requests',
  IMPERSONATE: 'impersonation of users',
  ACCOUNT_MOVE: 'moving accounts',
  ACCOUNT_RESETPRICEPROTECTION: 'price protection resets',
  USER_EXPORT: 'credentials exports',
  OUTBOX: 'the outbox',
  CUSTOM_CHARGE_COMPANY: 'company custom charges',
  CUSTOM_CHARGE_RESELLER: 'reseller custom charges',
  ONLINEBILL: 'billing',
  NOTIFICATIONS: 'notifications',
  SECURITY_MANAGEMENT: 'security settings',
  AUDIT_LOG: 'the audit log',
  ACCOUNT_NOTES: 'account notes',
  DISCOUNT_TOOL: 'discounts',
  SUBSCRIPTION: 'available services',
  SPECIAL_DEAL: 'special deals',
  BILLING_SHOWPRODUCTPRICE: 'service prices',
  BILLING_SHOWPRODUCTPRICE_MARGIN: 'gross margins',
  MARKETPLACE_TC_ACCEPT: 'terms and conditions acceptance',
  SALESQUOTE: 'sales quotes',
  CUSTOM_LANDING_PAGE: 'your own landing page dashboard',
  MY_SERVICES: 'your services',
  SERVICE_TOOL_INFO: 'service information',
  SERVICE_TOOL_FILES: 'service files',
  SERVICE_TOOL_DESCRIPTION: 'service descriptions',
  SERVICE_TOOL_FIELDS: 'service fields and layouts',
  SERVICE_TOOL_BILLING: 'service billing',
  SERVICE_TOOL_PROVISIONING: 'service provisioning',
  SERVICE_TOOL_REMOTE_DATASOURCE: 'remote data sources of service fields',
  SERVICE_TOOL_TAG: 'new service tags',
  SERVICE_GROUP_MANAGEMENT: 'service groups',
  MARKETPLACE: 'price lists',
  DYNAMIC_PRICING_MANAGEMENT: 'pricing rules',
  MARKETPLACE_AUTO_SRP_SYNC_FLAG: 'the automatic retail price sync of price lists',
  MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG: 'price list propagation',
  MARKETPLACE_AUTO_ADD_SERVICES_FLAG: 'automatic adding of services to price lists',
  PRODUCT_OWNER_PROFILE: 'the vendor profile',
  CREDITCHECK_COMPANYORDERS: 'company orders',
  ORDER_MANAGEMENT: 'order management',
  SUPPORT_CONTACT_DETAILS: 'support contact details',
  WIKI: 'the help link',
  CHAT_BOT: 'the chat assistant',
  QUOTATION_TOOL: 'quotes in the quotation tool',
  DASHBOARD_MANAGER: 'landing dashboards',
};

/** The verb each permission kind reads as. */
export const PERMISSION_VERBS: Record<PermissionKind, string> = {
  READ: 'view',
  UPDATE: 'change',
  CREATE: 'create',
  DELETE: 'delete',
  EXECUTE: 'use',
};

/** The context suffixes of contextual keys (`SERVICE_TOOL_INFO_UPDATE:PROMOTED`), in words. */
const CONTEXT_WORDS: Record<string, string> = { PROMOTED: 'of promoted services' };

/**
 * The words for a capability key (`${name}_${kind}`, optionally `:${context}`); an unknown key is
 * returned as it is, so a refusal never loses what it refuses.
 */
export function capabilityLabel(key: string): string {
  const [plain = '', context] = key.split(':', 2);
  const kind = PERMISSION_KINDS.find((k) => plain.endsWith(`_${k}`));
  const name = kind ? plain.slice(0, -(kind.length + 1)) : '';
  if (!kind || !Object.hasOwn(CAPABILITY_CATALOGUE, name)) return key;
  const words = `${PERMISSION_VERBS[kind]} ${CAPABILITY_SUBJECTS[name as CapabilityName]}`;
  if (context === undefined) return words;
  return CONTEXT_WORDS[context] ? `${words} ${CONTEXT_WORDS[context]}` : key;
}

/** "view company orders or view order management": the labels of several keys, any one of which is enough. */
export function capabilityLabels(keys: readonly string[]): string {
  return keys.map(capabilityLabel).join(' or ');
}

/** The refusal of an operation or route that needs one of `keys`. */
export function refusalMessage(keys: readonly string[]): string {
  return `You need permission to ${capabilityLabels(keys)} to do this`;
}

/** Every capability key with its label (the spelt keys and the contextual ones), e.g. for the web's translations. */
export function allCapabilityLabels(): Record<string, string> {
  const keys = CAPABILITY_NAMES.flatMap((name) => {
    const entry: { kinds: readonly PermissionKind[]; contexts?: readonly string[] } = CAPABILITY_CATALOGUE[name];
    return [
      ...entry.kinds.map((kind) => `${name}_${kind}`),
      ...(entry.contexts ?? []).map((context) => `${name}_UPDATE:${context}`),
    ];
  });
  return Object.fromEntries(keys.map((key) => [key, capabilityLabel(key)]));
}
