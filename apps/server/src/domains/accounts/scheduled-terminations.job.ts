import type { Db } from '../../platform/db/db.js';
import type { JobHandler } from '../../platform/jobs/index.js';
import { terminateDue } from './accounts.service.js';

export const SCHEDULED_TERMINATIONS_JOB_TYPE = 'accounts.carry-out-terminations';
/** How often due terminations are carried out: a termination date is honoured within this long. */
export const SCHEDULED_TERMINATIONS_EVERY_MS = 60_000;
/** Batches of due terminations per run; whatever is left waits for the next run a minute later. */
const MAX_BATCHES = 50;

/** Other dated ends the sweeper carries out after the terminations, by the name its result counts them under. */
export type DueSweeps = Readonly<Record<string, (db: Db, now: Date) => Promise<number>>>;

/**
 * The recurring job that terminates accounts whose scheduled termination date has come, with their subtrees,
 * each in its own transaction with an audit row (terminateDue). One run at a time, whatever the number of
 * processes, on the one job runner. `sweeps` are the other dated ends it carries out on the same run (e.g. special
 * deals past their end, decision 0049).
 */
export function scheduledTerminationsJobHandler(sweeps: DueSweeps = {}): JobHandler<unknown> {
  return {
    type: SCHEDULED_TERMINATIONS_JOB_TYPE,
    everyMs: SCHEDULED_TERMINATIONS_EVERY_MS,
    async run(ctx) {
      const now = ctx.now();
      let terminated = 0;
      for (let batch = 0; batch < MAX_BATCHES; batch++) {
        const done = await terminateDue(ctx.db, now);
        if (done === 0) break;
        terminated += done;
        await ctx.pause();
      }
      const swept: Record<string, number> = {};
      for (const [name, sweep] of Object.entries(sweeps)) swept[name] = await sweep(ctx.db, now);
      return { Terminated: terminated, ...swept };
    },
  };
}
