import pino from 'pino';
import type { Db, Queryable } from '../../platform/db/db.js';
import { createJobWorker, type JobHandler } from '../../platform/jobs/index.js';
import { CREATE_SERVICE_JOB_TYPE, failCreation, finishCreation } from './catalogue.service.js';

/**
 * [S1.1] The durable job that finishes a service CreateService stored as Creating (queued in the same
 * transaction). One attempt is one transaction: the service becomes Active and the job succeeds
 * together. A failed attempt is retried with the jobs' backoff; when the job gives up, the service is
 * marked Failed with the reason. A restart loses nothing: the job stays queued or its lease runs out.
 */
export function createServiceJobHandler(
  options: {
    /** Work another domain does when a service becomes Active, in the same transaction (price lists' auto-add). */
    onActivated?: (tx: Queryable, serviceId: number) => Promise<unknown>;
  } = {},
): JobHandler<{ serviceId: number }> {
  return {
    type: CREATE_SERVICE_JOB_TYPE,
    async run(ctx) {
      await ctx.progress(10, 'Creating the service');
      return finishCreation(ctx.db, ctx.job.payload.serviceId, ctx.now(), async (tx, result) => {
        if (result.State === 'Active' && result.ServiceId !== null && options.onActivated)
          await options.onActivated(tx, result.ServiceId);
        await ctx.succeedIn(tx, result, { message: result.State === 'Active' ? 'The service is ready' : null });
      });
    },
    async onGiveUp(db, job, error) {
      await failCreation(db, job.payload.serviceId, error);
    },
  };
}

/**
 * Runs the due creation jobs now, in this process, until none is due: for the demo seed, which leaves
 * every demo service Active before the server answers. Returns how many jobs ran.
 */
export async function runDueCreationJobs(db: Db): Promise<number> {
  const worker = createJobWorker({
    db,
    handlers: [createServiceJobHandler()] as JobHandler<never>[],
    log: pino({ enabled: false }),
  });
  return worker.runDue();
}
