import {
  type ChargeSummary,
  CREATE_PARENT_TYPES,
  CREATE_TREE_TYPES,
  type CreateAccountType,
  type CreateParentItem,
  chargeSummaryOfLines,
  convertAmount,
  createCapabilityKey,
  DEFAULT_CURRENCY,
  decideCreateParent,
  displayFieldValue,
  type FieldDefinition,
  type FieldValue,
  type LayoutPage,
  MISSING_UDRC_FIELD,
  NEW_USER_ROLES,
  type OrderCredit,
  type PricingResult,
  parseScheduledDate,
  ROLE_FIELD,
  ROLE_VIEW,
  refusalMessage,
  roleOrganisationKind,
  SERVICE_PARENT_TYPES,
  SUGGESTED_SERVICES_MAX,
  type UnpricedField,
  unpricedNumberFields,
  validateFieldValue,
} from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { recordPriceProtection } from '../account-pricing/index.js';
import * as accounts from '../accounts/index.js';
import { findRolesByName, grantRole, type RoleRow } from '../auth/index.js';
import {
  customerCurrency,
  findOrderableService,
  listOrderableServices,
  listSuggestedServices,
  type OrderableService,
  priceWithSource,
  serviceFieldValues,
} from '../catalogue/index.js';
import { conversionForAccount } from '../exchange-rates/index.js';
import { type CreditCheck, checkCredit, recordOrder } from '../orders/index.js';
import { loadCustomerPricing } from '../price-lists/index.js';
import { CREATE_PROVISIONING_ACTION, renderTemplate, startProvisioningRequest } from '../provisioning/index.js';
import { acceptServiceTerms, hasAcceptedServiceTerms } from '../terms/index.js';
import {
  auditedValues,
  creatableFields,
  createLayoutPages,
  decideCreate,
  defaultCreateValues,
  reviewLines,
  SERVICE_VIEW,
  serviceFieldDefaults,
  serviceFieldDefinitions,
  serviceRangeErrors,
  storedValues,
  toParentItem,
} from './account-creation.rules.js';
import { saveSubscriptionSecrets, withoutSecrets } from './subscription-secrets.js';

/** [A6.19] Who may send a user its credentials, as SendUserFirstTimePassword declares. */
const SEND_CREDENTIALS = 'USER_EXPORT_EXECUTE';
/** [A6.18] Who may accept a service's terms. */
const ACCEPT_TERMS = 'MARKETPLACE_TC_ACCEPT_EXECUTE';
/** [A6.17] Who sees prices. */
const SEE_PRICES = 'BILLING_SHOWPRODUCTPRICE_READ';
/** [M6.10] Who sees the purchase price and gross margin. */
const SEE_MARGIN = 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ';

type Views = Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;
type Parent = accounts.AccountRow;

function requireCreateCapability(caller: Caller, type: CreateAccountType) {
  const key = createCapabilityKey(type);
  if (!caller.capabilities.has(key)) throw new DomainError('FORBIDDEN', refusalMessage([key]));
}

/** Finds an orderable service by name; one call's lookups share their answers (and those given beforehand). */
type ServiceLookup = (name: string) => Promise<OrderableService | null>;

function serviceLookup(db: Queryable, known: readonly OrderableService[] = []): ServiceLookup {
  const found = new Map<string, Promise<OrderableService | null>>(
    known.map((s) => [s.serviceName.toLowerCase(), Promise.resolve(s)]),
  );
  return (name) => {
    const key = name.trim().toLowerCase();
    let service = found.get(key);
    if (!service) {
      service = findOrderableService(db, name.trim());
      found.set(key, service);
    }
    return service;
  };
}

/**
 * The parent of a new account: it exists (the guard already checked it is in scope) and may hold the type. A
 * Product may also be created under a Company when its service's Parents include Company (decision 0043).
 */
async function loadParent(
  db: Queryable,
  type: CreateAccountType,
  parentId: number,
  productName?: string | null,
  find: ServiceLookup = serviceLookup(db),
): Promise<Parent> {
  const parent = await accounts.findById(db, parentId);
  if (!parent) throw notFound();
  const serviceParents =
    type === 'Product' && SERVICE_PARENT_TYPES.includes(parent.account_type) && productName?.trim()
      ? ((await find(productName))?.parents ?? [])
      : [];
  const decision = decideCreateParent({
    accountType: type,
    parentType: parent.account_type,
    parentState: parent.state,
    serviceParents,
  });
  if (!decision.ok) throw validationFailed([{ field: 'parentId', message: decision.message }]);
  return parent;
}

/** [A2.41] The service of a new subscription, its fields as definitions, and whether its terms are accepted. */
interface ProductSetup {
  service: OrderableService;
  serviceDefs: FieldDefinition[];
  termsAccepted: boolean;
}

async function loadProduct(
  db: Queryable,
  parent: Parent,
  productName: string | null,
  find: ServiceLookup = serviceLookup(db),
): Promise<ProductSetup> {
  if (!productName?.trim()) throw validationFailed([{ field: 'productName', message: 'Choose a service' }]);
  const service = await find(productName);
  if (!service) throw validationFailed([{ field: 'productName', message: `${productName} is not a service you can order` }]);
  const organisation = await accounts.findOrganisation(db, parent.path);
  if (!organisation) throw notFound();
  const termsAccepted =
    service.terms === null ||
    (await hasAcceptedServiceTerms(db, {
      companyId: organisation.id,
      serviceName: service.serviceName,
      revision: service.terms.revision,
    }));
  return { service, serviceDefs: serviceFieldDefinitions(service.fields), termsAccepted };
}

/** The page of a subscription's own service fields, after the Product layout's pages. */
function servicePage(setup: ProductSetup): LayoutPage[] {
  if (setup.serviceDefs.length === 0) return [];
  return [
    {
      Name: 'Service_settings',
      DisplayName: 'Service settings',
      Containers: [
        {
          Name: 'Service',
          DisplayName: setup.service.displayName,
          State: 'Expanded',
          Fields: setup.serviceDefs.map((d) => ({ View: SERVICE_VIEW, Name: d.Name })),
        },
      ],
    },
  ];
}

const serviceItem = (s: OrderableService) => ({
  ServiceName: s.serviceName,
  DisplayName: s.displayName,
  ShortDescription: s.shortDescription,
  OwnerName: s.ownerName,
  Icon: s.icon,
  HasTerms: s.terms !== null,
});

/** Every field a new account of the type can be given: the type's writable fields and, for a Product, its service's. */
async function fieldsFor(db: Queryable, type: CreateAccountType, product: ProductSetup | null) {
  return [...creatableFields(await accounts.listFieldDefinitions(db, type)), ...(product?.serviceDefs ?? [])];
}

/**
 * The roles a new user under this parent may be given: the standard roles of its organisation's kind that exist
 * in this installation, the least privileged first (decision 0027-wizard-parents, "Roles of new users").
 */
async function newUserRoles(db: Queryable, parent: Parent): Promise<{ roles: RoleRow[]; defaultRole: RoleRow | null }> {
  const organisation = await accounts.findOrganisation(db, parent.path);
  const row = organisation ? await accounts.findById(db, organisation.id) : null;
  const kind = roleOrganisationKind(row?.account_type ?? null, row?.is_vendor ?? false);
  if (!kind) return { roles: [], defaultRole: null };
  const found = await findRolesByName(db, NEW_USER_ROLES[kind].roles);
  const ordered = NEW_USER_ROLES[kind].roles.flatMap((name) => found.filter((r) => r.name === name));
  const defaultRole = ordered.find((r) => r.name === NEW_USER_ROLES[kind].default) ?? ordered[0] ?? null;
  return { roles: defaultRole ? [defaultRole, ...ordered.filter((r) => r !== defaultRole)] : ordered, defaultRole };
}

/** The field that asks for a new user's role: a required choice among the roles it may be given. */
function roleDefinition(roles: readonly RoleRow[]): FieldDefinition {
  return {
    Name: ROLE_FIELD,
    DisplayName: 'Role',
    DisplayType: 'Select',
    DisplayTemplate: null,
    InputMask: null,
    AccountViewName: ROLE_VIEW,
    IsModifyConfirmRequired: false,
    IsRequired: true,
    IsReadOnly: false,
    MaxLength: null,
    Pattern: null,
    PatternMessage: null,
    Options: roles.map((r) => ({ Value: r.name, DisplayName: r.description ? `${r.name}: ${r.description}` : r.name })),
  };
}

/** [A7.13] GetDefaultAccountViewsForCreate: the creatable fields with their defaults and the layout pages. */
export async function getDefaultViews(
  db: Queryable,
  caller: Caller,
  input: { accountType: CreateAccountType; parentId: number; productName?: string | null },
) {
  requireCreateCapability(caller, input.accountType);
  const find = serviceLookup(db);
  const parent = await loadParent(db, input.accountType, input.parentId, input.productName, find);
  const product = input.accountType === 'Product' ? await loadProduct(db, parent, input.productName ?? null, find) : null;
  const [fields, typePages] = await Promise.all([
    fieldsFor(db, input.accountType, product),
    accounts.findLayoutPages(db, input.accountType),
  ]);
  const organisation = await accounts.findOrganisation(db, parent.path);
  const parentOrganisation = organisation ? await accounts.findById(db, organisation.id) : null;
  const defaults = {
    ...defaultCreateValues({
      accountType: input.accountType,
      fields,
      parentCurrency: parentOrganisation?.currency ?? null,
      serviceDisplayName: product?.service.displayName ?? null,
    }),
    ...(product ? serviceFieldDefaults(product.service.fields, product.serviceDefs) : {}),
  };
  const views = accounts.viewsFromDefinitions(fields, (key) => defaults[key]);
  // A new user is given a role: the field Access.Role, in a container of its own on the first page.
  const roleChoice = input.accountType === 'User' ? await newUserRoles(db, parent) : null;
  const pages = [...createLayoutPages(typePages, fields), ...(product ? servicePage(product) : [])];
  if (roleChoice && roleChoice.roles.length > 0 && pages[0]) {
    const def = roleDefinition(roleChoice.roles);
    const value = roleChoice.defaultRole?.name ?? null;
    views[ROLE_VIEW] = {
      Name: ROLE_VIEW,
      FieldDefinitions: [def],
      Values: { [ROLE_FIELD]: value },
      DisplayValues: { [ROLE_FIELD]: displayFieldValue(def, value) },
    };
    pages[0] = {
      ...pages[0],
      Containers: [
        ...pages[0].Containers,
        { Name: 'Access', DisplayName: 'Access', State: 'Expanded', Fields: [{ View: ROLE_VIEW, Name: ROLE_FIELD }] },
      ],
    };
  }
  const terms = product?.service.terms ?? null;
  return {
    AccountType: input.accountType,
    Parent: { AccountId: parent.id, AccountType: parent.account_type, DisplayName: parent.display_name },
    Views: views,
    Layout: {
      AccountType: input.accountType,
      Pages: pages,
    },
    Service: product ? serviceItem(product.service) : null,
    Terms:
      product && terms
        ? {
            Title: terms.title,
            Content: terms.content,
            Revision: terms.revision,
            Accepted: product.termsAccepted,
            CanAccept: caller.capabilities.has(ACCEPT_TERMS),
          }
        : null,
  };
}

export interface CreatedAccount {
  id: number;
  /** The new account's values for its audit row: a Password field's value redacted (`auditedValues`). */
  values: Record<string, FieldValue>;
  output: {
    AccountId: number;
    AccountType: CreateAccountType;
    DisplayName: string;
    ParentAccountId: number;
    CanSendCredentials: boolean;
    OrderStatus: 'Completed' | 'UnderReview' | 'Canceled' | null;
    ProvisioningRequestId: number | null;
    ScheduledFor: string | null;
    Role: string | null;
    OrderNumber: string | null;
    Charges: ChargeSummary | null;
    NoticeSentTo: string | null;
  };
  /** A Product's recorded order (the ordering wizard's confirmation e-mail and answer); null for other types. */
  order: {
    orderNumber: string;
    serviceDisplayName: string;
    currency: string;
    monthly: string | null;
    setup: string | null;
    /** The stored order's charge summary (decision 0045): advance payment and first invoice included. */
    charges: ChargeSummary | null;
  } | null;
  /** A Product's service's post-creation message; null without one. */
  postCreationMessage: { title: string; message: string } | null;
}

/**
 * [A7.13] CreateAccount: checks the type's CREATE capability and the parent, validates every field like
 * UpdateAccount (and a unique username), then inserts the account in the caller's transaction. A new user has
 * no password until its first-time credentials are sent (decision 0027-wizard-parents). A new subscription
 * [A2.41] needs its service's terms accepted, records its order (under review above the credit limit [A4.8]) and
 * starts its CREATE provisioning request. Reusable per row by a bulk import.
 */
export async function createAccount(
  db: Queryable,
  caller: Caller,
  input: {
    accountType: CreateAccountType;
    parentId: number;
    productName?: string | null;
    views: Views;
    scheduledDate?: string | null;
    /** A Product's order: the first invoice of the rest of the same order, for its credit check (recordOrder). */
    placedWith?: string | null;
  },
  now: Date = new Date(),
  /** Services the caller already read (the ordering wizard's), so they are not read again. */
  known: readonly OrderableService[] = [],
): Promise<CreatedAccount> {
  requireCreateCapability(caller, input.accountType);
  const find = serviceLookup(db, known);
  const parent = await loadParent(db, input.accountType, input.parentId, input.productName, find);
  const product = input.accountType === 'Product' ? await loadProduct(db, parent, input.productName ?? null, find) : null;
  const definitions = [...(await accounts.listFieldDefinitions(db, input.accountType)), ...(product?.serviceDefs ?? [])];
  // A new user's role travels as the view Access (never an account attribute): it is checked on its own.
  const { [ROLE_VIEW]: roleView, ...accountViews } = input.views;
  const decision = decideCreate({ definitions, submitted: accountViews });
  if (product) decision.errors.push(...serviceRangeErrors(product.service.fields, decision.values));
  let role: RoleRow | null = null;
  if (input.accountType === 'User') {
    const choice = await newUserRoles(db, parent);
    const asked = roleView?.Values[ROLE_FIELD];
    // Without a role asked for (an API call or an import), the least privileged one of the organisation.
    if (asked === undefined || asked === null || asked === '') role = choice.defaultRole;
    else {
      const message = validateFieldValue(roleDefinition(choice.roles), asked);
      role = choice.roles.find((r) => r.name === asked) ?? null;
      if (message || !role) {
        decision.errors.push({
          field: `Views.${ROLE_VIEW}.Values.${ROLE_FIELD}`,
          message: message ?? `Choose one of: ${choice.roles.map((r) => r.name).join(', ')}`,
        });
      }
    }
  } else if (roleView) {
    decision.errors.push({ field: `Views.${ROLE_VIEW}.Values.${ROLE_FIELD}`, message: 'Only a user is given a role' });
  }
  const username = decision.values['Default.Username'];
  if (typeof username === 'string' && (await accounts.isUsernameTaken(db, username, 0))) {
    decision.errors.push({ field: 'Views.Default.Values.Username', message: 'This username is already taken' });
  }
  // [A5.11] A service with terms is ordered only once its company accepted their current revision.
  if (product && !product.termsAccepted) {
    decision.errors.push({ field: 'terms', message: `Accept the terms and conditions of ${product.service.displayName} first` });
  }
  // [A5.8] A scheduled provisioning date is a real date, in the future, and only for a new subscription.
  const scheduled = input.scheduledDate ? parseScheduledDate(input.scheduledDate) : null;
  if (input.scheduledDate && !product) {
    decision.errors.push({ field: 'scheduledDate', message: 'Only a service can be scheduled' });
  } else if (input.scheduledDate && !scheduled) {
    decision.errors.push({ field: 'scheduledDate', message: 'Enter the date as yyyy-MM-dd HH:mm (UTC)' });
  } else if (scheduled && scheduled.getTime() <= now.getTime()) {
    decision.errors.push({ field: 'scheduledDate', message: 'A scheduled provisioning date cannot be in the past' });
  }
  if (decision.errors.length > 0) throw validationFailed(decision.errors);
  // Decision 0081: a Password service field's value is kept sealed apart, never in the attributes.
  const { kept: values, secrets } = withoutSecrets(definitions, storedValues(definitions, decision.values));
  if (product) values['Product.ProductName'] = product.service.serviceName;
  const id = await accounts.createAccountRecord(db, { type: input.accountType, parentId: parent.id, values });
  await saveSubscriptionSecrets(db, id, secrets);
  if (role) await grantRole(db, id, role.id);
  // Decision 0047: the subscription's price protection end is fixed now, from its service or price list.
  if (product) await recordPriceProtection(db, id, now);
  let orderStatus: CreatedAccount['output']['OrderStatus'] = null;
  let provisioningRequestId: number | null = null;
  let noticeSentTo: string | null = null;
  let recorded: CreatedAccount['order'] = null;
  let orderNumber: string | null = null;
  let charges: ChargeSummary | null = null;
  if (product) {
    const order = await recordOrder(db, {
      accountId: id,
      placedBy: caller.userId,
      placedAt: now,
      placedWith: input.placedWith ?? null,
    });
    recorded = {
      orderNumber: order.orderNumber,
      serviceDisplayName: order.serviceDisplayName,
      currency: order.currency,
      monthly: order.monthlySelling,
      setup: order.setupSelling,
      charges: order.charges,
    };
    orderStatus = order.status;
    orderNumber = order.orderNumber;
    charges = caller.capabilities.has(SEE_PRICES) ? order.charges : null;
    noticeSentTo = order.noticeSentTo;
    const row = await accounts.findById(db, id);
    if (!row) throw notFound();
    // An order under review waits for its review before anything is provisioned (orders.rules: UnderReview).
    provisioningRequestId =
      orderStatus === 'UnderReview'
        ? null
        : await startProvisioningRequest(db, {
            account: row,
            action: CREATE_PROVISIONING_ACTION,
            createdBy: caller.userId,
            now,
            ...(scheduled ? { runAt: scheduled } : {}),
          });
  }
  return {
    id,
    // A secret given shows as given, redacted; its value is only in subscription_secrets.
    values: auditedValues(definitions, { ...values, ...Object.fromEntries(secrets) }),
    output: {
      AccountId: id,
      AccountType: input.accountType,
      DisplayName: String(values['Default.DisplayName'] ?? ''),
      ParentAccountId: parent.id,
      CanSendCredentials: input.accountType === 'User' && caller.capabilities.has(SEND_CREDENTIALS),
      OrderStatus: orderStatus,
      ProvisioningRequestId: provisioningRequestId,
      ScheduledFor: scheduled ? scheduled.toISOString() : null,
      Role: role?.name ?? null,
      NoticeSentTo: noticeSentTo,
      OrderNumber: orderNumber,
      Charges: charges,
    },
    order: recorded,
    postCreationMessage: product?.service.postCreationMessage ? filledMessage(product.service.postCreationMessage, values) : null,
  };
}

/**
 * [M3.21] The service's post-creation message for the subscription just created: its `{{Field}}` placeholders
 * (a field's name or View.Name, as in the provisioning templates) filled with the subscription's values, the
 * markdown kept as written (the page renders it).
 */
function filledMessage(
  message: { title: string; message: string },
  values: Record<string, string | number | boolean | null>,
): { title: string; message: string } {
  const variables: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = value === null ? '' : String(value);
    variables[key] = text;
    variables[key.slice(key.indexOf('.') + 1)] = text;
  }
  return { title: renderTemplate(message.title, variables, 'none'), message: renderTemplate(message.message, variables, 'none') };
}

/** [A2.41] The services a subscription can be created of under this user. */
export async function listServices(db: Queryable, caller: Caller, input: { parentId: number; text: string; limit: number }) {
  requireCreateCapability(caller, 'Product');
  const parent = await loadParent(db, 'Product', input.parentId);
  const services = await listOrderableServices(db, input.text, input.limit);
  return {
    Parent: { AccountId: parent.id, AccountType: parent.account_type, DisplayName: parent.display_name },
    Items: services.map(serviceItem),
  };
}

/** [A2.44] [A7.13] [A9.7] GetSuggestedServices: at most 3 services to add next to a subscription of a user. */
export async function suggestServices(db: Queryable, caller: Caller, input: { productName: string; accountId: number }) {
  requireCreateCapability(caller, 'Product');
  const account = await accounts.findById(db, input.accountId);
  if (!account) throw notFound();
  const services = await listSuggestedServices(db, input.productName, SUGGESTED_SERVICES_MAX);
  return { Items: services.map(serviceItem) };
}

/** [A7.13] AcceptTermsAndConditions: the organisation of the account accepts the service's current terms. */
export async function acceptTerms(db: Queryable, caller: Caller, input: { accountId: number; productName: string }) {
  const account = await accounts.findById(db, input.accountId);
  if (!account) throw notFound();
  const service = await findOrderableService(db, input.productName);
  if (!service)
    throw validationFailed([{ field: 'productName', message: `${input.productName} is not a service you can order` }]);
  if (!service.terms)
    throw validationFailed([{ field: 'productName', message: `${service.displayName} has no terms and conditions` }]);
  const organisation = await accounts.findOrganisation(db, account.path);
  if (!organisation) throw notFound();
  await acceptServiceTerms(db, {
    companyId: organisation.id,
    serviceName: service.serviceName,
    revision: service.terms.revision,
    acceptedBy: caller.userId,
  });
  return {
    organisationId: organisation.id,
    output: { ProductName: service.serviceName, Revision: service.terms.revision, Accepted: true as const },
  };
}

/** Decision 0046: who sees the customer's credit in the review: FIELDS_CREDITLIMIT read (and prices, BILLING_SHOWPRODUCTPRICE). */
const SEE_CREDIT = 'FIELDS_CREDITLIMIT_READ';

/** The review's Credit block from the one credit check (decision 0046). */
function orderCredit(credit: CreditCheck, firstInvoice: string | null, currency: string): OrderCredit {
  return {
    Limit: credit.limit,
    Open: credit.open,
    ThisOrder: firstInvoice === null ? null : new Decimal(firstInvoice).toFixed(2),
    Over: credit.over,
    Currency: currency,
    OrdersWithoutLimit: credit.ordersWithoutLimit,
  };
}

/** A subscription to be, validated and priced for the review: its price result, or the message to show. */
type PricedProduct =
  | {
      ok: true;
      product: ProductSetup;
      result: Extract<PricingResult, { ok: true }>;
      purchaseCurrency: string;
      /** Decision 0045: the service's number fields no fee reads ("not a price driver"). */
      unpriced: UnpricedField[];
      /** The values as stored, for pricing the same subscription for another customer (the reseller's purchase). */
      attributes: Record<string, FieldValue>;
    }
  | { ok: false; message: string };

/** Validates a new subscription's values and prices it with the one pricing rule (the customer's price list, else SRP). */
async function priceProduct(
  db: Queryable,
  parent: Parent,
  currency: string,
  product: ProductSetup,
  views: Views,
): Promise<PricedProduct> {
  const definitions = [...(await accounts.listFieldDefinitions(db, 'Product')), ...product.serviceDefs];
  const decision = decideCreate({ definitions, submitted: views });
  const first = [...decision.errors, ...serviceRangeErrors(product.service.fields, decision.values)][0];
  if (first) return { ok: false, message: first.message };
  const attributes = storedValues(definitions, decision.values);
  const pricing = await loadCustomerPricing(db, [{ accountPath: parent.path, productName: product.service.serviceName }]);
  const priced = priceWithSource(
    {
      productName: product.service.serviceName,
      attributes,
      currency,
      priceList: pricing.priceListFor(parent.path, product.service.serviceName),
      discount: pricing.discountFor(parent.path, product.service.serviceName),
    },
    pricing.sources,
  );
  if (!priced) return { ok: false, message: `${product.service.displayName} is not an active service of the catalogue` };
  const { result, source } = priced;
  if (!result.ok) {
    const field = product.serviceDefs.find((d) => d.Name === result.fieldId);
    return { ok: false, message: `${MISSING_UDRC_FIELD}${field ? ` (${field.DisplayName})` : ''}` };
  }
  return {
    ok: true,
    product,
    result,
    purchaseCurrency: source.ownerCurrency ?? DEFAULT_CURRENCY,
    unpriced: unpricedNumberFields(source.rules, source.fields, serviceFieldValues(attributes)),
    attributes,
  };
}

/** Adds decimal strings; null when any is null (a fee without a retail price). */
function addAmounts(amounts: readonly (string | null)[]): string | null {
  let total = new Decimal(0);
  for (const a of amounts) {
    if (a === null) return null;
    total = total.plus(a);
  }
  return total.toFixed();
}

/**
 * What one subscription to be costs the caller's organisation, per month and for setup, in `currency`: for a
 * reseller, the price its own price list (or the suggested retail price) gives the reseller as a customer, through
 * the one pricing rule; for the provider or a vendor, the fees' Charge (the vendor's price), as the price
 * preview's margin reads it. Null when it cannot be priced or converted.
 */
async function purchaseOfOne(
  db: Queryable,
  caller: Caller,
  parent: Parent,
  currency: string,
  p: Extract<PricedProduct, { ok: true }>,
  now: Date,
): Promise<{ monthly: Decimal; setup: Decimal } | null> {
  let amounts: { monthly: string | null; setup: string | null; currency: string };
  if (caller.scope.rootType === 'Reseller') {
    const path = caller.scope.rootPath;
    const name = p.product.service.serviceName;
    const resellerCurrency = await customerCurrency(db, path);
    const pricing = await loadCustomerPricing(db, [{ accountPath: path, productName: name }]);
    const own = priceWithSource(
      {
        productName: name,
        attributes: p.attributes,
        currency: resellerCurrency,
        // The reseller as the customer (decision 0049's shared loader); a subscription to be has no special deal yet.
        ...pricing.pricingFor(path, name),
      },
      pricing.sources,
    );
    if (!own?.result.ok) return null;
    amounts = { monthly: own.result.monthly.selling, setup: own.result.setup.selling, currency: resellerCurrency };
  } else {
    amounts = { monthly: p.result.monthly.purchase, setup: p.result.setup.purchase, currency: p.purchaseCurrency };
  }
  if (amounts.monthly === null || amounts.setup === null) return null;
  const rate = await conversionForAccount(db, parent.path, amounts.currency, currency, now);
  if (!rate.ok) return null;
  return {
    monthly: new Decimal(convertAmount(amounts.monthly, rate.factor)),
    setup: new Decimal(convertAmount(amounts.setup, rate.factor)),
  };
}

/**
 * [M6.10] The purchase price of the order in the customer's currency and the monthly gross margin: a reseller's
 * purchase price is what it pays under its own price list (decision 0043); null when a selling total is missing,
 * a fee has no price for the reseller, or a currency has no exchange rate.
 */
async function purchaseOf(
  db: Queryable,
  caller: Caller,
  parent: Parent,
  currency: string,
  priced: readonly Extract<PricedProduct, { ok: true }>[],
  now: Date,
) {
  let monthly = new Decimal(0);
  let setup = new Decimal(0);
  for (const p of priced) {
    const one = await purchaseOfOne(db, caller, parent, currency, p, now);
    if (!one) return null;
    monthly = monthly.plus(one.monthly);
    setup = setup.plus(one.setup);
  }
  const selling = addAmounts(priced.map((p) => p.result.monthly.selling));
  if (selling === null) return null;
  return {
    Monthly: monthly.toFixed(),
    Setup: setup.toFixed(),
    GrossMarginMonthly: new Decimal(selling).minus(monthly).toFixed(),
    Currency: currency,
  };
}

/**
 * [A4.10] [A5.7] [A8.8] ValidateCreateOrderBottleneck: a new subscription's values are valid and its service can
 * be priced with them; the price lines of the order review, and whether the order will wait for review above
 * the company's credit limit [A4.8]. The ordering wizard's dependency not yet added [M4.21] is validated and
 * priced with it (its lines named by its ServiceName); each subscription's order is decided on its own, as
 * PlaceOrder records them. [M6.10] With BILLING_SHOWPRODUCTPRICE_MARGIN read, the purchase price and margin.
 */
export async function validateBottleneck(
  db: Queryable,
  caller: Caller,
  input: {
    parentId: number;
    productName: string;
    views: Views;
    dependency?: { productName: string; views: Views } | null;
  },
  now: Date = new Date(),
) {
  requireCreateCapability(caller, 'Product');
  const find = serviceLookup(db);
  const parent = await loadParent(db, 'Product', input.parentId, input.productName, find);
  const product = await loadProduct(db, parent, input.productName, find);
  const dependency = input.dependency ?? null;
  if (dependency && !product.service.dependencies.some((d) => d.toLowerCase() === dependency.productName.trim().toLowerCase())) {
    throw validationFailed([
      {
        field: 'dependency.productName',
        message: `${dependency.productName} is not a dependency of ${product.service.displayName}`,
      },
    ]);
  }
  const dependencyProduct = dependency ? await loadProduct(db, parent, dependency.productName, find) : null;
  const currency = await customerCurrency(db, parent.path);
  const showPrices = caller.capabilities.has(SEE_PRICES);
  const invalid = (message: string) => ({
    Valid: false,
    InvalidMessageRef: message,
    Currency: currency,
    Lines: [],
    Monthly: null,
    Setup: null,
    AboveCreditLimit: false,
    PricesShown: showPrices,
    Purchase: null,
    Credit: null,
    Charges: null,
    UnpricedFields: [],
  });
  const priced: Extract<PricedProduct, { ok: true }>[] = [];
  // The dependency first, as PlaceOrder creates it first [M4.21].
  for (const [setup, views] of [
    ...(dependency && dependencyProduct ? [[dependencyProduct, dependency.views] as const] : []),
    [product, input.views] as const,
  ]) {
    const one = await priceProduct(db, parent, currency, setup, views);
    if (!one.ok) return invalid(setup === product ? one.message : `${setup.service.displayName}: ${one.message}`);
    priced.push(one);
  }
  const company = await accounts.findNearestOfType(db, parent.path, ['Company']);
  const charges = chargeSummaryOfLines(
    priced.flatMap((p) => p.result.lines),
    currency,
  );
  const firstInvoice = charges.FirstInvoice;
  const credit = await checkCredit(db, company?.id ?? null, firstInvoice, currency);
  return {
    Valid: true,
    InvalidMessageRef: null,
    Currency: currency,
    Lines: priced.flatMap((p) =>
      reviewLines(p.result.lines, showPrices).map((l) => ({ ...l, ServiceName: p.product.service.serviceName })),
    ),
    Monthly: showPrices ? addAmounts(priced.map((p) => p.result.monthly.selling)) : null,
    Setup: showPrices ? addAmounts(priced.map((p) => p.result.setup.selling)) : null,
    AboveCreditLimit: credit.status === 'UnderReview',
    PricesShown: showPrices,
    Purchase: caller.capabilities.has(SEE_MARGIN) ? await purchaseOf(db, caller, parent, currency, priced, now) : null,
    Credit: company && showPrices && caller.capabilities.has(SEE_CREDIT) ? orderCredit(credit, firstInvoice, currency) : null,
    Charges: showPrices ? charges : null,
    UnpricedFields: priced.flatMap((p) => p.unpriced),
  };
}

/**
 * The parent picker: with text, a search of the caller's scope for possible parents; otherwise one level of the
 * parent tree (the caller's organisation itself when no node is given), filtered to the types on the way to a
 * possible parent (Reseller accounts for a Company or Reseller [A2.43]).
 */
export async function listParents(
  db: Queryable,
  caller: Caller,
  input: { accountType: CreateAccountType; parentId: number | null; text: string; limit: number },
): Promise<{ Items: CreateParentItem[] }> {
  requireCreateCapability(caller, input.accountType);
  const parentTypes = CREATE_PARENT_TYPES[input.accountType];
  const treeTypes = CREATE_TREE_TYPES[input.accountType];
  if (input.text.length >= 2) {
    const rows = await accounts.searchInScope(db, caller.scope.rootPath, input.text, parentTypes, input.limit);
    return { Items: rows.map((r) => toParentItem(r, true)) };
  }
  if (input.parentId === null) {
    const root = await accounts.findById(db, caller.scope.rootId);
    if (!root || !treeTypes.includes(root.account_type) || root.state === 'Terminated') return { Items: [] };
    return {
      Items: [
        toParentItem(
          { ...root, parent_name: null },
          parentTypes.includes(root.account_type),
          await accounts.hasChildrenOfTypes(db, root.id, treeTypes),
        ),
      ],
    };
  }
  const rows = await accounts.listChildrenOfTypes(db, input.parentId, treeTypes, input.limit);
  return { Items: rows.map((r) => toParentItem(r, parentTypes.includes(r.account_type), r.has_children)) };
}
