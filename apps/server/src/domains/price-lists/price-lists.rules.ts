import { applyPercent, MARKETPLACE_FLAG_CAPABILITIES } from '@portal/contracts';

/** A decision, or its refusal with the input field it is about. */
export type Decision = { ok: true } | { ok: false; field: string; message: string };

const OK: Decision = { ok: true };

/** Decision 0033: only a provider or a reseller owns price lists. */
export function canOwnPriceLists(rootType: string): boolean {
  return rootType === 'Provider' || rootType === 'Reseller';
}

/** An edit must carry the version the user saw; anything else is stale. */
export function isStale(p: { seen: number; current: number }): boolean {
  return p.seen !== p.current;
}

/** [M5.4] A rename is not empty (the schema) and differs from the current name, ignoring case and spaces. */
export function renameDecision(p: { current: string; next: string }): Decision {
  if (p.next.trim().toLowerCase() === p.current.trim().toLowerCase()) {
    return { ok: false, field: 'name', message: 'Enter a name different from the current name' };
  }
  return OK;
}

/**
 * [M6.7] [M6.8] The flags a properties update changes that the caller may not change: each needs its flag
 * capability of the update kind. A flag sent with its current value is no change.
 */
export function refusedFlagChanges(p: {
  input: Partial<Record<keyof typeof MARKETPLACE_FLAG_CAPABILITIES, boolean | undefined>>;
  current: Record<keyof typeof MARKETPLACE_FLAG_CAPABILITIES, boolean>;
  capabilities: ReadonlySet<string>;
}): { field: string; message: string }[] {
  return (Object.keys(MARKETPLACE_FLAG_CAPABILITIES) as (keyof typeof MARKETPLACE_FLAG_CAPABILITIES)[])
    .filter((flag) => p.input[flag] !== undefined && p.input[flag] !== p.current[flag])
    .filter((flag) => !p.capabilities.has(MARKETPLACE_FLAG_CAPABILITIES[flag]))
    .map((flag) => ({ field: flag, message: `Changing this needs ${MARKETPLACE_FLAG_CAPABILITIES[flag]}` }));
}

/** [M4.13] A removed service is Hidden while an assignee uses it, otherwise its row is deleted. */
export function removalStatus(p: { isUsed: boolean }): 'Hidden' | 'Deleted' {
  return p.isUsed ? 'Hidden' : 'Deleted';
}

/** [M5.3] A copied own price: the price times (1 + margin / 100), rounded half up to 6 decimals. */
export function copiedPrice(p: { price: string; margin: string }): string {
  return applyPercent(p.price, p.margin);
}

/**
 * Decision 0033: a price list is assigned to a Reseller or Company strictly below its owner; the caller's
 * scope has been checked by the operation layer.
 */
export function assignmentDecision(p: {
  ownerPath: string;
  target: { type: string; path: string; state: string };
  isAssigned: boolean;
}): Decision {
  if (p.target.type !== 'Reseller' && p.target.type !== 'Company') {
    return { ok: false, field: 'accountId', message: 'Choose a reseller or a company' };
  }
  if (!p.target.path.startsWith(p.ownerPath) || p.target.path === p.ownerPath) {
    return {
      ok: false,
      field: 'accountId',
      message: "Choose a reseller or company below the price list's owner",
    };
  }
  if (p.target.state === 'Terminated') {
    return { ok: false, field: 'accountId', message: 'This account is terminated' };
  }
  if (p.isAssigned) {
    return {
      ok: false,
      field: 'accountId',
      message: 'The price list is already assigned to this account',
    };
  }
  return OK;
}

/** Offset and limit of a 1-based page. */
export function pageWindow(p: { page: number; pageSize: number }): { offset: number; limit: number } {
  return { offset: (p.page - 1) * p.pageSize, limit: p.pageSize };
}
