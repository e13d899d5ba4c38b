/**
 * Every capability the three spec documents name, with the permission kinds it is granted with.
 * A capability is spelt as `${name}_${kind}` in the spec (for example `FIELDS_CREDITLIMIT_READ`,
 * `COMPANY_ACCOUNT_CREATE`, `SPECIAL_DEAL` execute = `SPECIAL_DEAL_EXECUTE`).
 *
 * @example
 * hasCapability(granted, { name: 'FIELDS_CREDITLIMIT', kind: 'READ' })
 */
import { z } from 'zod';

export const PERMISSION_KINDS = ['READ', 'UPDATE', 'CREATE', 'DELETE', 'EXECUTE'] as const;
export const PermissionKindSchema = z.enum(PERMISSION_KINDS);
export type PermissionKind = z.infer<typeof PermissionKindSchema>;

interface CatalogueEntry {
  readonly kinds: readonly PermissionKind[];
  readonly description: string;
  /** Spec requirement IDs that name this capability. */
  readonly spec: readonly string[];
  /** Contexts the UPDATE kind is also granted in, spelt `${name}_UPDATE:${context}` (e.g. PROMOTED [S6.1]). */
  readonly contexts?: readonly string[];
}

const ALL: readonly PermissionKind[] = ['READ', 'UPDATE', 'CREATE', 'DELETE'];

export const CAPABILITY_CATALOGUE = {
  RESELLER_ACCOUNT: {
    kinds: ALL,
    description: 'Reseller accounts',
    spec: ['A6.7', 'A6.13', 'A6.14', 'M6.12'],
  },
  COMPANY_ACCOUNT: {
    kinds: ALL,
    description: 'Company accounts; READ also gates the company hierarchy export',
    spec: ['A6.7', 'A6.12', 'A6.13', 'A6.14', 'M6.12'],
  },
  DEPARTMENT_ACCOUNT: {
    kinds: ALL,
    description: 'Department accounts',
    spec: ['A6.13', 'A6.14', 'M6.12'],
  },
  USER_ACCOUNT: {
    kinds: ALL,
    description: 'User accounts',
    spec: ['A6.7', 'A6.13', 'A6.14', 'M6.12'],
  },
  PRODUCT_ACCOUNT: {
    kinds: ALL,
    description: 'Product (service subscription) accounts',
    spec: ['A6.6', 'A6.13', 'A6.14', 'M6.12'],
  },
  FIELDS_CREDITLIMIT: {
    kinds: ['READ', 'UPDATE'],
    description: 'Credit check tab and credit limit editing',
    spec: ['A6.2'],
  },
  EMBEDDED_REPORT: {
    kinds: ['UPDATE', 'CREATE'],
    description:
      'Self-hosted reports in the embed host: UPDATE edits and saves a report owned inside the scope, CREATE saves a copy (save as); the spec names only the load config permissions',
    spec: ['E3.4', 'E6.1'],
  },
  EXCHANGE_RATE: {
    kinds: ['READ', 'UPDATE'],
    description:
      "Currency exchange rates (not spelt in the spec): READ shows the rates screen, UPDATE sets the provider's month-end rates; the rates drive the [A2.33] banner",
    spec: ['A2.33'],
  },
  ACCOUNT_REPORT: {
    kinds: ['READ'],
    description:
      'Report pages of the account page: the tabs, their status and refresh, for accounts in scope; the spec names no capability for them (decision 0028)',
    spec: ['A2.11', 'A7.3'],
  },
  FIELDS_CREDITLIMIT_OVERWRITE_LOCK: {
    kinds: ['UPDATE'],
    description: 'Edit a locked credit limit',
    spec: ['A6.3'],
  },
  PROVISIONING_REQUEST_SKIP_BACKEND: {
    kinds: ['EXECUTE'],
    description: 'Save without provisioning',
    spec: ['A6.4'],
  },
  PROVISIONING_REQUEST: {
    kinds: ['READ', 'CREATE'],
    description: 'Provisioning tab; recreate provisioning request',
    spec: ['A6.5', 'A6.15'],
  },
  PROVISIONING_REQUEST_OWNED: {
    kinds: ['READ'],
    description: 'Provisioning tab for owned requests',
    spec: ['A6.15'],
  },
  IMPERSONATE: {
    kinds: ['EXECUTE'],
    description: 'Impersonate a user',
    spec: ['A6.8'],
  },
  ACCOUNT_MOVE: {
    kinds: ['EXECUTE'],
    description: 'Move User and Product accounts',
    spec: ['A6.9'],
  },
  ACCOUNT_RESETPRICEPROTECTION: {
    kinds: ['READ'],
    description: 'Reset price protection',
    spec: ['A6.10'],
  },
  USER_EXPORT: {
    kinds: ['EXECUTE'],
    description: 'Credentials exports and sending credentials',
    spec: ['A6.11'],
  },
  OUTBOX: {
    kinds: ['READ'],
    description:
      'Outbox screen: the e-mails the portal sent to accounts in scope (the e-mail notices of A2.44 and M4.23; not spelt in the spec)',
    spec: ['A2.44', 'M4.23'],
  },
  CUSTOM_CHARGE_COMPANY: {
    kinds: ['READ'],
    description: 'Custom charge tab (company)',
    spec: ['A6.15'],
  },
  CUSTOM_CHARGE_RESELLER: {
    kinds: ['READ'],
    description: 'Custom charge tab (reseller)',
    spec: ['A6.15'],
  },
  ONLINEBILL: { kinds: ['READ'], description: 'Billing tab', spec: ['A6.15'] },
  NOTIFICATIONS: {
    // The spec names READ (the tab); changing another user's e-mail choices needs UPDATE (decision 0053).
    kinds: ['READ', 'UPDATE'],
    description: "Notifications tab (READ); change another user's e-mail choices (UPDATE)",
    spec: ['A6.15'],
  },
  SECURITY_MANAGEMENT: {
    kinds: ['READ', 'UPDATE'],
    description: 'Security tabs',
    spec: ['A6.15'],
  },
  AUDIT_LOG: { kinds: ['READ'], description: 'Audit log tab', spec: ['A6.15'] },
  ACCOUNT_NOTES: {
    // The spec names READ (the tab); adding, editing and deleting are granted separately, and
    // editing and deleting are further limited to the note's author [A6.19].
    kinds: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    description: 'Notes tab (READ); add, edit and delete own notes (CREATE, UPDATE, DELETE)',
    spec: ['A6.15', 'A6.19'],
  },
  DISCOUNT_TOOL: {
    kinds: ['READ', 'UPDATE'],
    description: 'Discount tab',
    spec: ['A6.15'],
  },
  SUBSCRIPTION: {
    kinds: ['READ'],
    description: 'Available services tab',
    spec: ['A6.15'],
  },
  SPECIAL_DEAL: {
    kinds: ['EXECUTE'],
    description: 'Edit special deals',
    spec: ['A6.16'],
  },
  BILLING_SHOWPRODUCTPRICE: {
    kinds: ['READ'],
    description: 'Price preview',
    spec: ['A6.17'],
  },
  BILLING_SHOWPRODUCTPRICE_MARGIN: {
    kinds: ['READ'],
    description: 'Gross margin',
    spec: ['A6.17', 'M6.10'],
  },
  MARKETPLACE_TC_ACCEPT: {
    kinds: ['EXECUTE'],
    description: 'Terms step of the ordering wizard',
    spec: ['A6.18'],
  },
  SALESQUOTE: {
    kinds: ['READ', 'UPDATE', 'DELETE', 'EXECUTE'],
    description:
      'Sales quotes (the quote builder, decision 0050): READ lists, loads and prices quotes, UPDATE saves a revision, DELETE deletes; EXECUTE exports a quote to XLSX [M6.1]',
    spec: ['M6.1', 'M2.2'],
  },
  CUSTOM_LANDING_PAGE: {
    kinds: ['EXECUTE'],
    description: 'Own dashboard on the landing page',
    spec: ['M6.2'],
  },
  MY_SERVICES: {
    kinds: ['CREATE', 'UPDATE'],
    description: 'Create services; edit SRP',
    spec: ['M6.3', 'M6.4'],
  },
  SERVICE_TOOL_INFO: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool info tab (INFO_READ loads services, categories, tags)',
    spec: ['M6.3', 'M6.16', 'S6.1', 'S6.3'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_FILES: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool files tab',
    spec: ['M6.3', 'M6.16', 'S6.1'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_DESCRIPTION: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool description tab (DESCRIPTION_READ)',
    spec: ['M6.3', 'M6.16', 'S6.1', 'S6.3'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_FIELDS: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool fields and layouts',
    spec: ['M6.3', 'M6.16', 'S6.1'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_BILLING: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool billing tab (BILLING_READ loads currencies)',
    spec: ['M6.3', 'M6.16', 'S6.1', 'S6.3'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_PROVISIONING: {
    kinds: ['READ', 'CREATE', 'UPDATE'],
    description: 'Service tool provisioning tab (PROVISIONING_READ loads data centers)',
    spec: ['M6.3', 'M6.16', 'S6.1', 'S6.3'],
    contexts: ['PROMOTED'],
  },
  SERVICE_TOOL_REMOTE_DATASOURCE: {
    kinds: ['UPDATE'],
    description: 'Edit remote data sources of fields',
    spec: ['S6.4'],
  },
  SERVICE_TOOL_TAG: {
    kinds: ['CREATE'],
    description: 'Create a tag outside the known list (the spec calls it the tag-create right)',
    spec: ['S6.4'],
  },
  SERVICE_GROUP_MANAGEMENT: {
    kinds: ['UPDATE'],
    description: 'Edit service groups',
    spec: ['M6.4'],
  },
  MARKETPLACE: {
    kinds: ['READ', 'CREATE', 'UPDATE', 'DELETE'],
    description: 'Price lists (marketplaces): read, create and copy, edit, delete',
    spec: ['M6.5'],
  },
  DYNAMIC_PRICING_MANAGEMENT: {
    kinds: ['EXECUTE'],
    description: 'Manage pricing rules',
    spec: ['M6.6'],
  },
  MARKETPLACE_AUTO_SRP_SYNC_FLAG: {
    kinds: ['READ', 'UPDATE'],
    description: 'Auto SRP sync switch',
    spec: ['M6.7'],
  },
  MARKETPLACE_PROPAGATION_ENABLEMENT_FLAG: {
    kinds: ['READ', 'UPDATE'],
    description: 'Configure price list',
    spec: ['M6.8'],
  },
  MARKETPLACE_AUTO_ADD_SERVICES_FLAG: {
    kinds: ['READ', 'UPDATE'],
    description: 'Configure price list',
    spec: ['M6.8'],
  },
  PRODUCT_OWNER_PROFILE: {
    kinds: ['UPDATE'],
    description: 'Apply changes on the vendor profile',
    spec: ['M6.9'],
  },
  CREDITCHECK_COMPANYORDERS: {
    kinds: ['READ'],
    description: 'Company orders (Go to my orders, pending-approval link)',
    spec: ['M6.11', 'A2.33'],
  },
  ORDER_MANAGEMENT: {
    kinds: ['READ', 'UPDATE'],
    description: 'Order management (pending-approval link); UPDATE approves or declines an order under review (decision 0032)',
    spec: ['A2.33'],
  },
  SUPPORT_CONTACT_DETAILS: {
    kinds: ['READ', 'UPDATE'],
    description: "Support panel; UPDATE edits the own provider's or reseller's support details (decision 0052)",
    spec: ['M6.13'],
  },
  WIKI: {
    kinds: ['READ'],
    description: 'Support button link',
    spec: ['M6.13'],
  },
  CHAT_BOT: { kinds: ['READ'], description: 'Chat assistant', spec: ['M6.13'] },
  QUOTATION_TOOL: {
    kinds: ['READ', 'UPDATE', 'DELETE'],
    description:
      "The quotation tool (decision 0050): READ with hierarchy scope shows the Customer quotes tab [M6.15]; UPDATE moves the organisation's quotes along their statuses (approves), archives, groups and orders them; DELETE deletes them",
    spec: ['M6.15', 'M2.54'],
  },
  DASHBOARD_MANAGER: {
    kinds: ['READ', 'UPDATE'],
    description:
      "The dashboard manager (decision 0051; the spec does not say who may open it [M6.17]): READ lists and views the organisation's landing dashboards, UPDATE creates, saves, publishes, unpublishes and deletes them",
    spec: ['M1.2', 'M6.17'],
  },
} as const satisfies Record<string, CatalogueEntry>;

export type CapabilityName = keyof typeof CAPABILITY_CATALOGUE;
export const CAPABILITY_NAMES = Object.keys(CAPABILITY_CATALOGUE) as CapabilityName[];

export interface CapabilityRequirement {
  readonly name: CapabilityName;
  readonly kind: PermissionKind;
}

/** The spelt form, e.g. `FIELDS_CREDITLIMIT_READ`. */
export function capabilityKey(req: CapabilityRequirement): string {
  return `${req.name}_${req.kind}`;
}

export const ACCOUNT_TYPE_CAPABILITY = {
  Reseller: 'RESELLER_ACCOUNT',
  Company: 'COMPANY_ACCOUNT',
  Department: 'DEPARTMENT_ACCOUNT',
  User: 'USER_ACCOUNT',
  Product: 'PRODUCT_ACCOUNT',
} as const satisfies Record<string, CapabilityName>;

/** Every spelt capability key the catalogue allows (name x kind). */
export function allCapabilityKeys(): string[] {
  return CAPABILITY_NAMES.flatMap((name) => CAPABILITY_CATALOGUE[name].kinds.map((kind) => capabilityKey({ name, kind })));
}

/**
 * Keys granted in a context: `SERVICE_TOOL_BILLING_UPDATE:PROMOTED` lets its holder update the billing
 * of a Promoted service [S6.1], [M6.16]; the plain key does not.
 */
export function contextualCapabilityKeys(): string[] {
  return CAPABILITY_NAMES.flatMap((name) => {
    const entry: CatalogueEntry = CAPABILITY_CATALOGUE[name];
    return (entry.contexts ?? []).map((context) => `${capabilityKey({ name, kind: 'UPDATE' })}:${context}`);
  });
}

export function hasCapability(granted: ReadonlySet<string>, req: CapabilityRequirement): boolean {
  return granted.has(capabilityKey(req));
}
