import { compareAmounts } from '@portal/contracts';

/** A catalogue service as the upgrade screen weighs it. */
export interface UpgradeCandidate {
  serviceName: string;
  displayName: string;
  ownerAccountId: number;
  category: string | null;
  isComplexProduct: boolean;
  /** The monthly selling total for the subscription, or null when unknown. */
  monthly: string | null;
}

/**
 * [A2.8] The services a subscription can move to: active services of the same vendor and category,
 * not the one it has, and not complex products (their billing is not shown [S2.9]). Cheapest first by
 * monthly price (unknown prices last), then by name.
 */
export function upgradeTargets(current: UpgradeCandidate, candidates: readonly UpgradeCandidate[]): UpgradeCandidate[] {
  return candidates
    .filter(
      (c) =>
        c.serviceName.toLowerCase() !== current.serviceName.toLowerCase() &&
        c.ownerAccountId === current.ownerAccountId &&
        c.category === current.category &&
        !c.isComplexProduct,
    )
    .sort((a, b) => {
      if (a.monthly === null || b.monthly === null) {
        if (a.monthly !== b.monthly) return a.monthly === null ? 1 : -1;
      } else {
        const diff = compareAmounts(a.monthly, b.monthly);
        if (diff !== 0) return diff;
      }
      return a.displayName.localeCompare(b.displayName);
    });
}

/**
 * The subscription's name after the upgrade: a name that was the old service's (its display or service
 * name) becomes the new service's; a name the customer chose is kept.
 */
export function nameAfterUpgrade(p: {
  accountName: string;
  from: { serviceName: string; displayName: string };
  to: { displayName: string };
}): string {
  const name = p.accountName.trim().toLowerCase();
  return name === p.from.displayName.toLowerCase() || name === p.from.serviceName.toLowerCase()
    ? p.to.displayName
    : p.accountName;
}
