/**
 * Price protection reset [A1.10] [A2.53] [A3.7] [A5.9] [A6.10] [A7.10], decision 0047. The end of a
 * subscription's price protection is stored when the subscription is created; a holder of
 * ACCOUNT_RESETPRICEPROTECTION read sets a new end, bounded by the subscription's dates.
 */

import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';
import { SERVICE_LIMITS } from './service-validation.js';
import { RecordVersionSchema } from './versions.js';

/** [A2.53] The modal's message when there is nothing to reset. */
export const NO_RESET_TARGETS_MESSAGE = 'There are no valid price protection reset targets.';

/**
 * Decision 0047: the latest end of a subscription without a termination date: its creation plus the longest
 * price protection a service may give (PriceProtectionLengthInDays at most 1875 days, [S5.13]).
 */
export const RESET_MAX_DAYS = SERVICE_LIMITS.contractDaysMax;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const RESET_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** [A5.9] "yyyy-MM-dd HH:mm" (24-hour, UTC) as a Date; null when it is not a real date-time of that form. */
export function parseResetDate(text: string): Date | null {
  const m = RESET_DATE.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (h > 23 || mi > 59) return null;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return date;
}

/** [A5.9] A date as "yyyy-MM-dd HH:mm" in UTC. */
export function formatResetDate(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

/**
 * [A5.9] The bounds of a new end for a subscription: from its creation (rounded up to the whole minute, the
 * form's precision) to its termination date when it has one, else its creation plus RESET_MAX_DAYS (rounded
 * down to the minute).
 */
export function resetBounds(createdAt: Date, terminationDate: Date | null): { from: Date; to: Date } {
  const from = new Date(Math.ceil(createdAt.getTime() / MINUTE_MS) * MINUTE_MS);
  const last = terminationDate ?? new Date(createdAt.getTime() + RESET_MAX_DAYS * DAY_MS);
  return { from, to: new Date(Math.floor(last.getTime() / MINUTE_MS) * MINUTE_MS) };
}

/** [A5.9] Why a new end is refused (a message naming the rule), or null when it is accepted. */
export function resetDateError(text: string, bounds: { from: Date; to: Date }): string | null {
  const date = parseResetDate(text);
  if (!date) return 'Enter the date as yyyy-MM-dd HH:mm (24-hour, UTC)';
  if (date.getTime() < bounds.from.getTime()) {
    return `The date cannot be before the subscription started (${formatResetDate(bounds.from)} UTC)`;
  }
  if (date.getTime() > bounds.to.getTime()) {
    return `The date cannot be after the subscription ends (${formatResetDate(bounds.to)} UTC)`;
  }
  return null;
}

/** [A3.7] A subscription whose price protection can be reset, with the bounds of its new end [A5.9]. */
export const PriceProtectionResetTargetSchema = z.object({
  AccountId: AccountIdSchema,
  /** The subscription's display name. */
  Name: z.string(),
  /** [A5.9] The earliest new end, "yyyy-MM-dd HH:mm" UTC: the subscription's creation. */
  DateFrom: z.string(),
  /** [A5.9] The latest new end, "yyyy-MM-dd HH:mm" UTC: its termination date, or decision 0047's upper bound. */
  DateTo: z.string(),
  /** The price lists (marketplaces) the customer buys the service through; empty for the catalogue price. */
  Marketplaces: z.array(z.string()),
  /** The stored end now (ISO 8601). */
  PriceProtectionEnddate: z.string(),
  /** Decision 0036: the version ResetPriceProtection sends back. */
  Version: RecordVersionSchema,
});
export type PriceProtectionResetTarget = z.infer<typeof PriceProtectionResetTargetSchema>;

export const GetSubscriptionInfoForReset = defineOperation({
  name: 'GetSubscriptionInfoForReset',
  summary:
    'The subscriptions of a user (or the one subscription of a Product account) whose price protection can be reset [A3.7] [A7.10]',
  input: z.object({ accountId: AccountIdSchema }),
  output: z.object({ Items: z.array(PriceProtectionResetTargetSchema) }),
  access: { kind: 'capability', capability: { name: 'ACCOUNT_RESETPRICEPROTECTION', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const ResetPriceProtection = defineOperation({
  name: 'ResetPriceProtection',
  summary: "Set a new end of a subscription's price protection, inside the subscription's dates [A5.9] [A7.10]",
  input: z.object({
    /** The Product account. */
    accountId: AccountIdSchema,
    /** [A5.9] The new end, "yyyy-MM-dd HH:mm" (24-hour, UTC). */
    DateTo: z.string().max(32),
    /** The target's Version (decision 0036); a stale one answers 409. */
    Version: RecordVersionSchema,
  }),
  output: PriceProtectionResetTargetSchema,
  access: { kind: 'capability', capability: { name: 'ACCOUNT_RESETPRICEPROTECTION', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: true,
});

export const priceProtectionOperations = [GetSubscriptionInfoForReset, ResetPriceProtection] as const;
