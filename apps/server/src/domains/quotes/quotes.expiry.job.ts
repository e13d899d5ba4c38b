import type { JobHandler } from '../../platform/jobs/index.js';
import * as repo from './quotes.repository.js';

export const QUOTE_EXPIRY_JOB_TYPE = 'quotes.expire';
const BATCH = 500;

/**
 * [M4.25] Recurring, hourly (decision 0050): open quotes (draft, pending, approved, active) whose validity date has
 * passed become expired, batch after batch.
 */
export function quoteExpiryJobHandler(): JobHandler<unknown> {
  return {
    type: QUOTE_EXPIRY_JOB_TYPE,
    everyMs: 3600_000,
    async run(ctx) {
      const now = ctx.now();
      const today = now.toISOString().slice(0, 10);
      let expired = 0;
      for (;;) {
        const n = await ctx.db.transaction((tx) => repo.expireDue(tx, today, now, BATCH));
        expired += n;
        if (n < BATCH) break;
        await ctx.pause();
      }
      return { Expired: expired };
    },
  };
}
