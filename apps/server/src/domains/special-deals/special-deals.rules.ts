/**
 * Charge streams and who deals on them (decision 0049). Pure: the callers bring the accounts on the subscription's
 * path.
 */
import { chargeStreamIdOf } from '@portal/contracts';

/** An account on the path of a subscription, from the root down. */
export interface PathAccount {
  id: number;
  parentId: number | null;
  type: string;
  displayName: string;
  path: string;
  depth: number;
  currency: string | null;
}

/** One seller → buyer link above a subscription. */
export interface StreamLink {
  chargeStreamId: string;
  seller: PathAccount;
  buyer: PathAccount;
}

const ORGANISATIONS = new Set(['Company', 'Reseller']);

/** The owning organisation of a subscription: the nearest Company or Reseller above it; null when there is none. */
export function owningOrganisation(path: readonly PathAccount[], productId: number): PathAccount | null {
  let owner: PathAccount | null = null;
  for (const a of path) if (a.id !== productId && ORGANISATIONS.has(a.type) && (!owner || a.depth > owner.depth)) owner = a;
  return owner;
}

/**
 * The charge streams above a subscription, nearest first: the owning organisation buys from its parent, that parent
 * (a Reseller) from its own parent, and so on up to the Provider.
 */
export function chargeStreams(path: readonly PathAccount[], productId: number): StreamLink[] {
  const byId = new Map(path.map((a) => [a.id, a]));
  const links: StreamLink[] = [];
  let buyer = owningOrganisation(path, productId);
  while (buyer && buyer.parentId !== null) {
    const seller = byId.get(buyer.parentId);
    if (!seller) break;
    links.push({ chargeStreamId: chargeStreamIdOf(seller.id, buyer.id), seller, buyer });
    if (!ORGANISATIONS.has(seller.type)) break;
    buyer = seller;
  }
  return links;
}

export type SpecialDealViewerDecision = { allowed: true; streams: StreamLink[] } | { allowed: false; reason: 'owner-parent' };

/**
 * [A2.29] The Special Deal tab is hidden (and its operations refused) when the parent of the owning company or
 * reseller is the viewer's organisation; otherwise the viewer deals on the streams it sells on (normally one; none
 * for the owning organisation itself or an organisation off the path).
 */
export function decideSpecialDealViewer(
  path: readonly PathAccount[],
  productId: number,
  viewerOrganisationId: number,
): SpecialDealViewerDecision {
  const owner = owningOrganisation(path, productId);
  if (owner && owner.parentId === viewerOrganisationId) return { allowed: false, reason: 'owner-parent' };
  return { allowed: true, streams: chargeStreams(path, productId).filter((s) => s.seller.id === viewerOrganisationId) };
}
