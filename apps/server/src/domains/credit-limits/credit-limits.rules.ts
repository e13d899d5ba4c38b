import { CREDIT_AMOUNT_PATTERN, type CreditHistoryLabel, type FieldError } from '@portal/contracts';

/**
 * "1500" -> "1500.00", "0012.5" -> "12.50": the 2-decimal form stored and sent. Null for anything
 * that is not a non-negative decimal with at most 2 decimals. Pure string work: never a float.
 */
export function normalizeAmount(raw: string): string | null {
  const value = raw.trim();
  if (!CREDIT_AMOUNT_PATTERN.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return `${whole.replace(/^0+(?=\d)/, '')}.${fraction.padEnd(2, '0')}`;
}

/** Whether two limits (2-decimal strings or null) are the same amount. */
export function sameLimit(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return normalizeAmount(a) === normalizeAmount(b);
}

/**
 * [A4.3] History label: assigned when the previous limit was missing, deactivated when the new one
 * is missing, changed otherwise. A record that only locks or unlocks is labelled by its lock change.
 */
export function historyLabel(p: {
  previousLimit: string | null;
  limit: string | null;
  previousIsLocked: boolean;
  isLocked: boolean;
}): { label: CreditHistoryLabel; lockChange: 'locked' | 'unlocked' | null } {
  const lockChange = p.previousIsLocked === p.isLocked ? null : p.isLocked ? 'locked' : 'unlocked';
  if (lockChange && sameLimit(p.previousLimit, p.limit)) return { label: lockChange, lockChange };
  if (p.previousLimit === null) return { label: 'assigned', lockChange };
  if (p.limit === null) return { label: 'deactivated', lockChange };
  return { label: 'changed', lockChange };
}

export type EditDecision =
  | { allowed: true; reason: 'overwrite-lock' | 'not-locked' | 'own-record' }
  | { allowed: false; reason: 'no-capability' | 'own-organisation' | 'locked' };

/**
 * [A5.2], [A6.3], [A6.19] Who may add a record: holders of FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE,
 * anyone when the current record is not locked, and the creator of the current (last) record.
 * Nobody edits the limit of their own organisation: [A2.27] hides the tab there, and a customer
 * must not raise its own credit.
 */
export function decideCanEdit(p: {
  hasUpdateCapability: boolean;
  hasOverwriteLockCapability: boolean;
  isOwnOrganisation: boolean;
  isLocked: boolean;
  lastCreatedBy: number | null;
  userId: number;
}): EditDecision {
  if (!p.hasUpdateCapability) return { allowed: false, reason: 'no-capability' };
  if (p.isOwnOrganisation) return { allowed: false, reason: 'own-organisation' };
  if (p.hasOverwriteLockCapability) return { allowed: true, reason: 'overwrite-lock' };
  if (!p.isLocked) return { allowed: true, reason: 'not-locked' };
  if (p.lastCreatedBy !== null && p.lastCreatedBy === p.userId) return { allowed: true, reason: 'own-record' };
  return { allowed: false, reason: 'locked' };
}

export const CREDIT_MESSAGES = {
  notNumeric: 'Enter the credit limit as a number, e.g. 1500.00',
  negative: 'The credit limit must be 0 or more',
  tooManyDecimals: 'The credit limit can have at most 2 decimals',
  tooLarge: 'The credit limit can have at most 13 digits before the decimal point',
  commentRequired: 'Enter a reason for the change',
  noChange: 'Change the limit or the lock before saving',
} as const;

export type ChangeValidation = { ok: true; limit: string | null } | { ok: false; noChange: boolean; errors: FieldError[] };

/**
 * [A5.2], [A9.10] A new record: the amount is numeric, at least 0, with at most 2 decimals; the
 * comment is required; and the limit or the lock must differ from the current record.
 */
export function validateChange(p: {
  limit: string | null;
  isLocked: boolean;
  comment: string;
  current: { limit: string | null; isLocked: boolean };
}): ChangeValidation {
  const errors: FieldError[] = [];
  let limit: string | null = null;
  if (p.limit !== null) {
    const raw = p.limit.trim();
    limit = normalizeAmount(raw);
    if (limit === null) {
      const message = /^-\s*\d/.test(raw)
        ? CREDIT_MESSAGES.negative
        : /^\d+\.\d{3,}$/.test(raw)
          ? CREDIT_MESSAGES.tooManyDecimals
          : /^\d{14,}(\.\d*)?$/.test(raw)
            ? CREDIT_MESSAGES.tooLarge
            : CREDIT_MESSAGES.notNumeric;
      errors.push({ field: 'Limit', message });
    }
  }
  if (p.comment.trim() === '') errors.push({ field: 'Comment', message: CREDIT_MESSAGES.commentRequired });
  if (errors.length > 0) return { ok: false, noChange: false, errors };
  if (sameLimit(limit, p.current.limit) && p.isLocked === p.current.isLocked) {
    return { ok: false, noChange: true, errors: [{ field: 'Limit', message: CREDIT_MESSAGES.noChange }] };
  }
  return { ok: true, limit };
}
