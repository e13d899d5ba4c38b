/**
 * The ordering wizard [M1.7] (decision 0043): a reseller, vendor or the provider orders a marketplace service for
 * a customer company. Creation goes through account-creation's `createAccount` (account, order, provisioning),
 * terms through the terms domain, who may buy through marketplace-search's buyers rule, prices through the one
 * pricing rule (inside createAccount and ValidateCreateOrderBottleneck).
 */
import {
  type ChargeSummary,
  combineChargeSummaries,
  type FieldValue,
  type OrderDependency,
  type OrderingRefusal,
  type OrderTerms,
  parseScheduledDate,
  VISIBLE_COMPANIES_MAX,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { type CreatedAccount, createAccount } from '../account-creation/index.js';
import * as accounts from '../accounts/index.js';
import { findOrderableService, listTermsGroupServices, type OrderableService } from '../catalogue/index.js';
import { companyMayBuy, findBrowsableServiceName, listCompaniesThatMayBuy } from '../marketplace-search/index.js';
import { acceptServiceTerms, latestAcceptedServiceTerms } from '../terms/index.js';
import * as repo from './ordering.repository.js';
import {
  type ConfirmedOrder,
  confirmationMail,
  confirmationRecipients,
  dependencyErrors,
  linkedGroupKey,
  orderCustomer,
  orderingRefusal,
  orderTerms,
  provisioningText,
} from './ordering.rules.js';

type Views = Readonly<Record<string, { Values: Readonly<Record<string, FieldValue>> }>>;

/** [M6.14] A new customer may be created during ordering by a Reseller's user who may create companies. */
const CREATE_COMPANY = 'COMPANY_ACCOUNT_CREATE';
/** [M7.19] Who may accept a service's terms. */
const ACCEPT_TERMS = 'MARKETPLACE_TC_ACCEPT_EXECUTE';
/** The standard role whose holders are a customer's administrators (seed/roles.ts). */
const CUSTOMER_ADMINISTRATOR_ROLE = 'Company administrator';

/** [M2.42] GetServiceNameByMaterialNumber: the material number is the service's catalogue id. */
export async function serviceNameByMaterialNumber(db: Queryable, caller: Caller, input: { materialNumber: number }) {
  const name = await findBrowsableServiceName(db, caller, input.materialNumber);
  if (!name) {
    throw new DomainError('NOT_FOUND', 'Service not found', [
      { field: 'materialNumber', message: `No service you can order has the material number ${input.materialNumber}` },
    ]);
  }
  return { ServiceName: name };
}

/** A service the wizard offers, its dependency (when it has exactly one) and the refusal, if any [M5.13]. */
interface OrderingService {
  service: OrderableService;
  dependency: OrderableService | null;
  refusal: OrderingRefusal | null;
}

async function loadOrderingService(db: Queryable, serviceName: string, field: string): Promise<OrderingService> {
  const service = await findOrderableService(db, serviceName.trim());
  if (!service) throw validationFailed([{ field, message: `${serviceName} is not a service you can order` }]);
  const dependencyName = service.dependencies.length === 1 ? (service.dependencies[0] ?? null) : null;
  const dependency = dependencyName ? await findOrderableService(db, dependencyName) : null;
  if (dependencyName && !dependency) {
    throw validationFailed([{ field, message: `${service.displayName} needs ${dependencyName}, which cannot be ordered` }]);
  }
  return { service, dependency, refusal: orderingRefusal(service, dependency) };
}

/** The customer of an order: a Company that is not terminated (the operation layer checked it is in scope). */
async function loadCustomer(db: Queryable, accountId: number, field: string): Promise<accounts.AccountRow> {
  const customer = await accounts.findById(db, accountId);
  if (!customer) throw notFound();
  if (customer.account_type !== 'Company' || customer.state === 'Terminated') {
    throw validationFailed([{ field, message: 'Choose a customer company that is not terminated' }]);
  }
  return customer;
}

async function requireOffered(db: Queryable, customer: accounts.AccountRow, service: OrderableService, field: string) {
  if (!(await companyMayBuy(db, customer.id, service.id))) {
    throw validationFailed([{ field, message: `${service.displayName} is not offered to ${customer.display_name}` }]);
  }
}

/** [M7.21] GetVisibleCompaniesForService: the companies in scope whose price lists offer the service [M6.14]. */
export async function visibleCompanies(db: Queryable, caller: Caller, input: { productName: string }) {
  const { service, refusal } = await loadOrderingService(db, input.productName, 'productName');
  const canCreate = caller.scope.rootType === 'Reseller' && caller.capabilities.has(CREATE_COMPANY);
  const rows = refusal
    ? []
    : await listCompaniesThatMayBuy(db, {
        scopePath: caller.scope.rootPath,
        serviceId: service.id,
        limit: VISIBLE_COMPANIES_MAX,
      });
  return {
    Items: rows.map((r) => ({ ChildAccountId: r.id, DisplayName: r.display_name, ParentDisplayName: r.parent_name })),
    CanCreateCustomer: canCreate && refusal === null,
    CustomerParentId: canCreate && refusal === null ? caller.scope.rootId : null,
    Refusal: refusal,
  };
}

/** [M4.22] The terms of these services for a customer: latest revision, accepted revision, linked group. */
async function termsFor(db: Queryable, customerId: number, services: readonly OrderableService[]): Promise<OrderTerms[]> {
  const withTerms = services.filter((s) => s.terms !== null);
  if (withTerms.length === 0) return [];
  const names = withTerms.map((s) => s.serviceName);
  const [groups, accepted] = await Promise.all([
    listTermsGroupServices(db, names),
    latestAcceptedServiceTerms(db, customerId, names),
  ]);
  return withTerms.map((s) => {
    const own = groups.find((g) => g.service_name.toLowerCase() === s.serviceName.toLowerCase());
    const terms = s.terms as NonNullable<OrderableService['terms']>;
    return orderTerms({
      serviceName: s.serviceName,
      displayName: s.displayName,
      title: terms.title,
      content: terms.content,
      latestRevision: terms.revision,
      acceptedRevision: accepted.get(s.serviceName.toLowerCase()) ?? null,
      groupKey: linkedGroupKey(own?.group_id ?? null, groups),
    });
  });
}

/** [M7.16] GetMarketServiceForAccount: the customer, the service, its dependency and the terms to accept. */
export async function marketServiceForAccount(db: Queryable, caller: Caller, input: { accountId: number; serviceName: string }) {
  const customer = await loadCustomer(db, input.accountId, 'accountId');
  const { service, dependency, refusal } = await loadOrderingService(db, input.serviceName, 'serviceName');
  if (!refusal) await requireOffered(db, customer, service, 'accountId');
  const dependencyAccountId =
    dependency && !refusal ? await repo.findAddedSubscription(db, customer.path, dependency.serviceName) : null;
  // A dependency to be added must be offered to the customer too, as PlaceOrder checks: say so before step 1 ends.
  if (dependency && !refusal && dependencyAccountId === null) await requireOffered(db, customer, dependency, 'accountId');
  const dependencyOut: OrderDependency | null =
    dependency && !refusal
      ? {
          ServiceName: dependency.serviceName,
          DisplayName: dependency.displayName,
          IsProductAdded: dependencyAccountId !== null,
          AccountId: dependencyAccountId,
        }
      : null;
  const ordered = refusal ? [] : [...(dependency && dependencyAccountId === null ? [dependency] : []), service];
  return {
    Customer: orderCustomer(customer),
    Service: {
      ServiceName: service.serviceName,
      DisplayName: service.displayName,
      Icon: service.icon,
      ShortDescription: service.shortDescription,
      MaterialNumber: service.id,
    },
    Dependency: dependencyOut,
    Terms: await termsFor(db, customer.id, ordered),
    CanAcceptTerms: caller.capabilities.has(ACCEPT_TERMS),
    Refusal: refusal,
  };
}

/**
 * [M7.19] [M4.22] AcceptTermsForMarketplaceService: the customer accepts the service's latest terms, and with
 * them every Active service of the same terms group (they share the text and the revision).
 */
export async function acceptTermsForService(db: Queryable, caller: Caller, input: { accountId: number; serviceName: string }) {
  const customer = await loadCustomer(db, input.accountId, 'accountId');
  const service = await findOrderableService(db, input.serviceName.trim());
  if (!service)
    throw validationFailed([{ field: 'serviceName', message: `${input.serviceName} is not a service you can order` }]);
  if (!service.terms) {
    throw validationFailed([{ field: 'serviceName', message: `${service.displayName} has no terms and conditions` }]);
  }
  const groups = await listTermsGroupServices(db, [service.serviceName]);
  const own = groups.find((g) => g.service_name.toLowerCase() === service.serviceName.toLowerCase());
  const members = own ? groups.filter((g) => g.group_id === own.group_id) : [];
  const accepted = [
    { ServiceName: service.serviceName, Revision: service.terms.revision },
    ...members
      .filter((m) => m.service_name.toLowerCase() !== service.serviceName.toLowerCase())
      .map((m) => ({ ServiceName: m.service_name, Revision: m.terms_revision })),
  ];
  for (const a of accepted) {
    await acceptServiceTerms(db, {
      companyId: customer.id,
      serviceName: a.ServiceName,
      revision: a.Revision,
      acceptedBy: caller.userId,
    });
  }
  return { customerId: customer.id, output: { Accepted: accepted } };
}

export interface PlaceOrderInput {
  requestId: string;
  customerId: number;
  productName: string;
  views: Views;
  dependency: { views: Views } | null;
  scheduledDate: string | null;
}

export interface PlacedOrder {
  AccountId: number;
  DisplayName: string;
  DependencyAccountId: number | null;
  OrderNumber: string;
  OrderStatus: 'Completed' | 'UnderReview';
  ProvisioningRequestId: number | null;
  ScheduledFor: string | null;
  NoticeSentTo: string | null;
  ConfirmationSentTo: string[];
  PostCreationMessage: { Title: string; Message: string } | null;
  CustomerId: number;
  Replayed: boolean;
  Charges: ChargeSummary | null;
}

/** createAccount for the dependency, its field errors named `Dependency.<field>`. */
async function createDependency(
  db: Queryable,
  caller: Caller,
  p: { customerId: number; service: OrderableService; views: Views; scheduledDate: string | null },
  now: Date,
): Promise<CreatedAccount> {
  try {
    return await createAccount(
      db,
      caller,
      {
        accountType: 'Product',
        parentId: p.customerId,
        productName: p.service.serviceName,
        views: p.views,
        scheduledDate: p.scheduledDate,
      },
      now,
      [p.service],
    );
  } catch (error) {
    if (error instanceof DomainError && error.code === 'VALIDATION_FAILED') {
      throw validationFailed(dependencyErrors(error.fields), error.message);
    }
    throw error;
  }
}

/**
 * The confirmation e-mail to the user who placed the order and the customer's administrators; the addresses it was
 * sent to (not those of recipients who switched order confirmations off, decision 0053).
 */
async function sendConfirmation(
  db: Queryable,
  caller: Caller,
  customer: accounts.AccountRow,
  orders: readonly ConfirmedOrder[],
  provisioning: string,
): Promise<string[]> {
  const placerRow = await accounts.findById(db, caller.userId);
  const placerEmail = placerRow?.email?.trim() ?? '';
  const placer =
    placerRow && isMailAddress(placerEmail)
      ? { userId: placerRow.id, displayName: placerRow.display_name, email: placerEmail }
      : null;
  const administrators = (await repo.listUsersWithRole(db, customer.path, CUSTOMER_ADMINISTRATOR_ROLE))
    .map((u) => ({ userId: u.id, displayName: u.display_name, email: u.email.trim() }))
    .filter((u) => isMailAddress(u.email));
  const recipients = confirmationRecipients(placer, administrators);
  const sentTo: string[] = [];
  for (const r of recipients) {
    const mail = confirmationMail({
      recipientName: r.displayName,
      placedByName: caller.displayName,
      toPlacer: r.userId === caller.userId,
      customerName: customer.display_name,
      orders,
      provisioning,
    });
    const sent = await sendMail(db, {
      to: r.email,
      subject: mail.subject,
      text: mail.text,
      accountId: r.userId,
      kind: 'OrderPlaced',
    });
    if (!sent.switchedOff) sentTo.push(r.email);
  }
  return sentTo;
}

/**
 * [M4.21] PlaceOrder, in the operation's one transaction: the request id is claimed first (a repeated or
 * concurrent request with it answers the first one's result); the dependency not yet added is created first, then
 * the service, each with its order and provisioning request (createAccount); the confirmation e-mail is queued.
 * Any failure rolls all of it back, the claim included.
 */
export async function placeOrder(db: Queryable, caller: Caller, input: PlaceOrderInput, now: Date) {
  if (!(await repo.claimRequest(db, caller.userId, input.requestId, input.customerId))) {
    const previous = await repo.findRequestResult(db, caller.userId, input.requestId);
    return { replayed: true, output: { ...(previous as PlacedOrder), Replayed: true } };
  }
  // [M5.16] The scheduled date is the order's: checked once, before anything is created.
  const scheduled = input.scheduledDate ? parseScheduledDate(input.scheduledDate) : null;
  if (input.scheduledDate && !scheduled) {
    throw validationFailed([{ field: 'scheduledDate', message: 'Enter the date as yyyy-MM-dd HH:mm (UTC)' }]);
  }
  if (scheduled && scheduled.getTime() <= now.getTime()) {
    throw validationFailed([{ field: 'scheduledDate', message: 'A scheduled provisioning date cannot be in the past' }]);
  }
  const customer = await loadCustomer(db, input.customerId, 'customerId');
  const { service, dependency, refusal } = await loadOrderingService(db, input.productName, 'productName');
  if (refusal) throw validationFailed([{ field: 'productName', message: refusal.Message }]);
  await requireOffered(db, customer, service, 'customerId');
  const addedDependency = dependency ? await repo.findAddedSubscription(db, customer.path, dependency.serviceName) : null;
  let createdDependency: CreatedAccount | null = null;
  if (dependency && addedDependency === null) {
    await requireOffered(db, customer, dependency, 'customerId');
    if (!input.dependency) {
      throw validationFailed([
        { field: 'dependency', message: `${service.displayName} needs ${dependency.displayName}: fill in its details to add it` },
      ]);
    }
    createdDependency = await createDependency(
      db,
      caller,
      {
        customerId: customer.id,
        service: dependency,
        views: input.dependency.views,
        scheduledDate: input.scheduledDate,
      },
      now,
    );
  }
  const created = await createAccount(
    db,
    caller,
    {
      accountType: 'Product',
      parentId: customer.id,
      productName: service.serviceName,
      views: input.views,
      scheduledDate: input.scheduledDate,
      // The dependency placed with it counts against the credit limit as the review showed the whole order.
      placedWith:
        createdDependency?.output.OrderStatus === 'Completed' ? (createdDependency.order?.charges?.FirstInvoice ?? null) : null,
    },
    now,
    [service],
  );
  const createdAll = [...(createdDependency ? [createdDependency] : []), created];
  const underReview = createdAll.some((c) => c.output.OrderStatus === 'UnderReview');
  const orders = createdAll.flatMap((c) => (c.order ? [c.order] : []));
  const confirmationSentTo = await sendConfirmation(
    db,
    caller,
    customer,
    orders,
    provisioningText({ underReview, scheduledFor: scheduled }),
  );
  const output: PlacedOrder = {
    AccountId: created.id,
    DisplayName: created.output.DisplayName,
    DependencyAccountId: createdDependency?.id ?? addedDependency,
    OrderNumber: created.order?.orderNumber ?? '',
    OrderStatus: underReview ? 'UnderReview' : 'Completed',
    ProvisioningRequestId: created.output.ProvisioningRequestId,
    ScheduledFor: underReview ? null : created.output.ScheduledFor,
    NoticeSentTo: createdAll.map((c) => c.output.NoticeSentTo).find((n) => n !== null) ?? null,
    ConfirmationSentTo: confirmationSentTo,
    PostCreationMessage: created.postCreationMessage
      ? { Title: created.postCreationMessage.title, Message: created.postCreationMessage.message }
      : null,
    CustomerId: customer.id,
    Replayed: false,
    Charges: combineChargeSummaries(createdAll.map((c) => c.output.Charges)),
  };
  await repo.storeRequestResult(db, caller.userId, input.requestId, output);
  return { replayed: false, output, created: createdAll };
}
