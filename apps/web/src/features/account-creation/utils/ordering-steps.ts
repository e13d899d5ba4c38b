import type { FieldValue, LayoutPage, View } from '@portal/contracts';
import { pageErrors } from './wizard-steps';

/** [M2.43] The ordering wizard's four steps, in order; a success screen follows them. */
export const ORDER_STEPS = ['customer', 'configuration', 'terms', 'review'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

export const CUSTOMER_STEP = 0;
export const CONFIGURATION_STEP = 1;
export const TERMS_STEP = 2;
export const REVIEW_STEP = 3;

/** [M2.45] [M2.48] The customer's fields the wizard shows, in this order. */
export const CUSTOMER_INFO_FIELDS = ['CompanyName', 'Domain', 'VATID', 'Address', 'City', 'Country', 'Email', 'Zip'] as const;

/**
 * [M4.19] [M4.20] The last step that may be opened. Only the first step at the start; a chosen customer enables
 * the configuration; the terms only once every configuration field is valid; the review only once, in addition,
 * every term is accepted. `reached` is the furthest step moved to with NEXT: a new customer lowers it to the
 * first step, so the steps after the configuration are closed again until the user walks through them.
 */
export function orderLastEnabledStep(params: {
  hasCustomer: boolean;
  configurationValid: boolean;
  termsAccepted: boolean;
  reached: number;
}): number {
  if (!params.hasCustomer) return CUSTOMER_STEP;
  const byRules = !params.configurationValid ? CONFIGURATION_STEP : !params.termsAccepted ? TERMS_STEP : REVIEW_STEP;
  return Math.min(byRules, Math.max(params.reached, CONFIGURATION_STEP));
}

/** Messages keyed "View.Name" for every page of a form (the service's or the dependency's). */
export function formErrors(
  pages: readonly LayoutPage[],
  views: Readonly<Record<string, View>>,
  values: Readonly<Record<string, FieldValue>>,
): Record<string, string> {
  return Object.assign({}, ...pages.map((page) => pageErrors(page, views, values)));
}

/** The terms of one service as the rules need them. */
export interface TermsState {
  ServiceName: string;
  LatestRevision: number;
  AcceptedRevision: number | null;
  GroupKey: string | null;
}

/** [M4.22] Accepted means the latest revision is accepted: an older accepted revision counts as not accepted. */
export function isTermsAccepted(terms: TermsState): boolean {
  return terms.AcceptedRevision !== null && terms.AcceptedRevision === terms.LatestRevision;
}

export function allTermsAccepted(terms: readonly TermsState[]): boolean {
  return terms.every(isTermsAccepted);
}

/**
 * [M4.22] The terms after an acceptance: every service the server accepted (the one accepted and the services of
 * its linked group) gets the accepted revision.
 */
export function applyAcceptance<T extends TermsState>(
  terms: readonly T[],
  accepted: readonly { ServiceName: string; Revision: number }[],
): T[] {
  const revisions = new Map(accepted.map((a) => [a.ServiceName, a.Revision]));
  return terms.map((term) => {
    const revision = revisions.get(term.ServiceName);
    return revision === undefined ? term : { ...term, AcceptedRevision: revision };
  });
}

/** [M4.22] The next service whose terms are not accepted, after `from` and then from the start; -1 when none. */
export function nextUnacceptedTerms(terms: readonly TermsState[], from: number): number {
  for (let step = 1; step <= terms.length; step++) {
    const index = (from + step) % terms.length;
    const term = terms[index];
    if (term && !isTermsAccepted(term)) return index;
  }
  return -1;
}

/** The services of one linked group: the other services accepted together with this one [M4.22]. */
export function linkedServices<T extends TermsState>(terms: readonly T[], serviceName: string): T[] {
  const group = terms.find((t) => t.ServiceName === serviceName)?.GroupKey ?? null;
  return group === null ? [] : terms.filter((t) => t.GroupKey === group && t.ServiceName !== serviceName);
}

/**
 * Where a field error of PlaceOrder belongs: `Views.<View>.Values.<Field>` (or `<View>.<Field>`) the service's form,
 * `Dependency.` and the same the dependency's; the customer, terms and the rest to their steps.
 */
export type OrderErrorTarget =
  | { part: 'service' | 'dependency'; key: string }
  | { part: 'customer' | 'terms' | 'review'; key: string };

export function orderErrorTarget(field: string): OrderErrorTarget {
  const views = /^(?:views\.|Views\.)?([^.]+)\.Values\.([^.]+)$/.exec(field);
  if (views) return { part: 'service', key: `${views[1]}.${views[2]}` };
  if (field.startsWith('Dependency.'))
    return { part: 'dependency', key: orderErrorTarget(field.slice('Dependency.'.length)).key };
  if (field === 'customerId' || field === 'accountId') return { part: 'customer', key: field };
  if (field === 'terms') return { part: 'terms', key: field };
  if (['scheduledDate', 'requestId', 'productName'].includes(field) || field.startsWith('dependency'))
    return { part: 'review', key: field };
  return { part: 'service', key: field };
}

/** [M4.21] The step an error sends the user back to: a field's to the configuration. */
export function stepOfOrderError(target: OrderErrorTarget): number {
  if (target.part === 'customer') return CUSTOMER_STEP;
  if (target.part === 'terms') return TERMS_STEP;
  if (target.part === 'review') return REVIEW_STEP;
  return CONFIGURATION_STEP;
}

/** [M2.44] The user's initials from the full name: first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * [M2.49] The in-app address to return to, from the `referrer` query value (a hash such as `#/Account/View/5` or
 * a path `/Account/View/5`); null when absent or when it is not an in-app address.
 */
export function referrerPath(value: string | null): string | null {
  if (!value) return null;
  const path = value.startsWith('#') ? value.slice(1) : value;
  if (!path.startsWith('/') || path.startsWith('//') || /[\s\\]/.test(path)) return null;
  // The wizard's own address would reopen it.
  if (/^\/Marketplace\/Order(\/|$|\?)/.test(path)) return null;
  return path;
}
