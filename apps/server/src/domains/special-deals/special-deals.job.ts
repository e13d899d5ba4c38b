import { writeAudit } from '../../platform/audit/write-audit.js';
import type { Db } from '../../platform/db/db.js';
import * as repo from './special-deals.repository.js';

const BATCH = 100;

/**
 * Marks the Active special deals whose end has passed at `now` Expired, each with a history entry ActionTaken
 * 'Expired' and an audit row under its Product account, a batch per transaction; idempotent (only Active deals are
 * touched). Pricing already ignores such a deal at read time; this records that it ended. The scheduled-terminations
 * sweeper runs it every minute. Answers how many it expired.
 */
export async function expireSpecialDeals(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await repo.expireDue(tx, now, BATCH);
      for (const r of rows) {
        await repo.addHistory(tx, { dealId: r.id, authorId: null, action: 'Expired', at: now });
        await writeAudit(tx, {
          actorId: null,
          impersonatorId: null,
          operation: 'SpecialDealExpired',
          accountId: r.product_account_id,
          before: { SpecialDeal: { Id: r.id, Status: 'Active' } },
          after: { SpecialDeal: { Id: r.id, Status: 'Expired', EffectiveEndDate: new Date(r.effective_end).toISOString() } },
          requestId: null,
        });
      }
      return rows.length;
    });
    expired += done;
    if (done < BATCH) return expired;
  }
}
