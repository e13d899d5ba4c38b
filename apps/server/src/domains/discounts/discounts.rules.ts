/** Which accounts have discounts a caller may read and give (decision 0048). */

export type DiscountAccountDecision = { allowed: true } | { allowed: false; reason: 'not-organisation' | 'own' | 'not-child' };

/** The parent id of an account from its materialized path ('/1/5/23/' → 5); null at the root. */
export function parentIdOfPath(path: string): number | null {
  const ids = path.split('/').filter((s) => s !== '');
  return ids.length >= 2 ? Number(ids[ids.length - 2]) : null;
}

/**
 * [A2.24] Discounts are given to a Company or Reseller; [A2.28] not to the caller's own organisation, and only
 * by the organisation directly above the account (the account's parent is the caller's organisation). The same
 * rule as the Discount tab's (accounts' account-tabs.rules).
 */
export function decideDiscountAccount(p: {
  accountId: number;
  accountType: string;
  parentId: number | null;
  callerOrganisationId: number;
}): DiscountAccountDecision {
  if (p.accountType !== 'Company' && p.accountType !== 'Reseller') return { allowed: false, reason: 'not-organisation' };
  if (p.accountId === p.callerOrganisationId) return { allowed: false, reason: 'own' };
  if (p.parentId !== p.callerOrganisationId) return { allowed: false, reason: 'not-child' };
  return { allowed: true };
}
