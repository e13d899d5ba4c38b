/**
 * Pure decisions of the ordering wizard (decision 0043): which services it can order [M5.13], the customer as
 * step 1 and the review show it [M2.45], the terms of a service for a customer [M4.22], the recipients and the
 * text of the order confirmation e-mail, and the dependency's field errors.
 */
import {
  type FieldError,
  type FieldValue,
  formatMoney,
  ORDERING_REFUSALS,
  type OrderCustomer,
  type OrderingRefusal,
  type OrderTerms,
} from '@portal/contracts';

/**
 * [M5.13] Why the wizard cannot order a service: more than one dependency, or a service (or its dependency) that
 * cannot be created under a Company. Null when it can.
 *
 * @example
 * orderingRefusal({ parents: ['Product'], dependencies: [] }, null)
 * // { Code: 'NotCompanyLevel', Message: "Ordering tool currently supports adding only 'Company' level services." }
 */
export function orderingRefusal(
  service: { parents: readonly string[]; dependencies: readonly string[] },
  dependency: { parents: readonly string[] } | null,
): OrderingRefusal | null {
  if (service.dependencies.length > 1) {
    return { Code: 'MultipleDependencies', Message: ORDERING_REFUSALS.MultipleDependencies };
  }
  if (!service.parents.includes('Company') || (dependency && !dependency.parents.includes('Company'))) {
    return { Code: 'NotCompanyLevel', Message: ORDERING_REFUSALS.NotCompanyLevel };
  }
  return null;
}

const text = (value: FieldValue | undefined): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : String(value);

/**
 * [M2.45] [M2.48] The customer's info as step 1 and the review show it: its name and the Company view's fields;
 * '' for a field the company does not have.
 */
export function orderCustomer(company: {
  id: number;
  display_name: string;
  email: string | null;
  attributes: Readonly<Record<string, FieldValue>>;
}): OrderCustomer {
  const a = company.attributes;
  return {
    AccountId: company.id,
    DisplayName: company.display_name,
    CompanyName: text(a['Company.CompanyName']) || company.display_name,
    Domain: text(a['Company.Domain']),
    VATID: text(a['Company.VatNumber']),
    Address: text(a['Company.Address']),
    City: text(a['Company.City']),
    Country: text(a['Company.Country']),
    Email: text(a['Company.Email']) || (company.email ?? ''),
    Zip: text(a['Company.Zip']),
  };
}

/**
 * [M4.22] One service's terms for a customer: accepted only when the customer accepted the latest revision (an
 * older accepted revision counts as not accepted); services sharing the terms group share a GroupKey.
 */
export function orderTerms(p: {
  serviceName: string;
  displayName: string;
  title: string;
  content: string;
  latestRevision: number;
  acceptedRevision: number | null;
  groupKey: string | null;
}): OrderTerms {
  return {
    ServiceName: p.serviceName,
    ServiceDisplayName: p.displayName,
    Title: p.title,
    Content: p.content,
    LatestRevision: p.latestRevision,
    AcceptedRevision: p.acceptedRevision,
    Accepted: p.acceptedRevision !== null && p.acceptedRevision === p.latestRevision,
    GroupKey: p.groupKey,
  };
}

/**
 * A terms group is "linked" only when more than one Active service shares it: the group's key then, else null.
 *
 * @example linkedGroupKey('g1', [{ group_id: 'g1' }, { group_id: 'g1' }]) // 'g1'
 */
export function linkedGroupKey(groupId: string | null, members: readonly { group_id: string }[]): string | null {
  if (groupId === null) return null;
  return members.filter((m) => m.group_id === groupId).length > 1 ? groupId : null;
}

/**
 * The dependency's field errors as PlaceOrder names them: `Dependency.<field>`; the terms refusal stays `terms`
 * (its message names the service) and the scheduled date `scheduledDate`, as they are the order's.
 */
export function dependencyErrors(errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) =>
    e.field === 'terms' || e.field === 'scheduledDate' ? e : { field: `Dependency.${e.field}`, message: e.message },
  );
}

export interface ConfirmationRecipient {
  userId: number;
  displayName: string;
  email: string;
}

/**
 * Who receives the order confirmation: the user who placed it first, then the customer's administrators; each
 * address once (without case).
 */
export function confirmationRecipients(
  placer: ConfirmationRecipient | null,
  administrators: readonly ConfirmationRecipient[],
): ConfirmationRecipient[] {
  const seen = new Set<string>();
  const out: ConfirmationRecipient[] = [];
  for (const r of [...(placer ? [placer] : []), ...administrators]) {
    const key = r.email.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}

export interface ConfirmedOrder {
  orderNumber: string;
  serviceDisplayName: string;
  currency: string;
  monthly: string | null;
  setup: string | null;
}

const money = (amount: string | null, currency: string) => (amount === null ? 'no retail price' : formatMoney(amount, currency));

/**
 * How the confirmation says when provisioning happens: at once, at the scheduled time (UTC) [M5.16], or after
 * the review of an order above the credit limit [M4.23].
 */
export function provisioningText(p: { underReview: boolean; scheduledFor: Date | null }): string {
  if (p.underReview) return 'after review: the order is above the credit limit and waits for approval';
  if (p.scheduledFor) return `scheduled for ${p.scheduledFor.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return 'at once';
}

/**
 * The order confirmation e-mail: the service(s) with their order numbers, the customer, the monthly and setup
 * prices in the customer's currency (the amounts the review showed and the order recorded) and the provisioning
 * date. Written to the user who placed it, or to an administrator of the customer.
 */
export function confirmationMail(p: {
  recipientName: string;
  placedByName: string;
  toPlacer: boolean;
  customerName: string;
  orders: readonly ConfirmedOrder[];
  provisioning: string;
}): { subject: string; text: string } {
  const main = p.orders[p.orders.length - 1];
  const lines: string[] = [
    `Hello ${p.recipientName},`,
    '',
    p.toPlacer ? `Your order for ${p.customerName} is placed.` : `${p.placedByName} placed an order for ${p.customerName}.`,
    '',
  ];
  for (const o of p.orders) {
    lines.push(`${o.serviceDisplayName} (order ${o.orderNumber})`);
    lines.push(`  Monthly: ${money(o.monthly, o.currency)}`);
    lines.push(`  Setup: ${money(o.setup, o.currency)}`);
  }
  lines.push('', `Customer: ${p.customerName}`, `Provisioning: ${p.provisioning}`, '');
  lines.push('You can follow the order on the Orders page of the portal.');
  return {
    subject: `Order ${main?.orderNumber ?? ''} of ${main?.serviceDisplayName ?? 'a service'} for ${p.customerName}`,
    text: lines.join('\n'),
  };
}
