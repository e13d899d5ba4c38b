import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/db.js';
import * as repo from './jobs.repository.js';
import { type BackoffPolicy, clampProgress, DEFAULT_BACKOFF, decideAfterFailure, shouldWriteProgress } from './jobs.rules.js';

/** A failure the user should read. Permanent ones are not retried (bad input, a terminated account). */
export class JobFailure extends Error {
  readonly permanent: boolean;
  constructor(message: string, options: { permanent?: boolean } = {}) {
    super(message);
    this.permanent = options.permanent ?? true;
  }
}

/** Thrown inside a handler when the worker is stopping: the job goes back to the queue. */
class JobInterrupted extends Error {}

/** Thrown inside a handler when another worker took the job over: this worker must stop touching it. */
export class JobLeaseLost extends Error {
  constructor(id: string) {
    super(`the lease of job ${id} was lost`);
  }
}

export interface RunningJob<P> {
  readonly id: string;
  readonly type: string;
  readonly payload: P;
  /** This attempt's number, from 1. */
  readonly attempt: number;
  readonly maxAttempts: number;
  readonly createdBy: number | null;
  readonly accountId: number | null;
}

export interface JobContext<P> {
  readonly job: RunningJob<P>;
  readonly db: Db;
  readonly log: FastifyBaseLogger;
  now(): Date;
  /** Records progress (0-100) and a message the user sees; also extends the lease. */
  progress(percent: number, message?: string | null): Promise<void>;
  /** Lets requests in between chunks: PGlite answers queries on this same thread. */
  pause(): Promise<void>;
  /** Where an earlier attempt of this job got to (saved with saveCheckpointIn), or null on a first run. */
  readonly checkpoint: unknown;
  /**
   * Saves where the job got to inside the transaction of the chunk it finished, with its progress, so
   * a retry after a crash resumes after that chunk and never does it twice.
   */
  saveCheckpointIn(tx: Queryable, checkpoint: unknown, percent: number, message?: string | null): Promise<void>;
  /** Marks the job succeeded inside the handler's own transaction, so the result commits with the work. */
  succeedIn(tx: Queryable, result: unknown, options?: { message?: string | null; outputFile?: string | null }): Promise<void>;
}

export interface JobHandler<P = unknown> {
  readonly type: string;
  /** Runs one attempt. Returns the result, or calls ctx.succeedIn inside its last transaction. */
  run(ctx: JobContext<P>): Promise<unknown>;
  /** Called once when the job has failed for good (attempts spent or a permanent failure). */
  onGiveUp?(db: Db, job: RunningJob<P>, error: string): Promise<void>;
  /**
   * Makes the type a recurring job: `ensureSchedules` (run by `start`) queues its first run, and each run,
   * whether it succeeded or failed for good, queues the next one this long after it ended, in the transaction
   * that finishes it. At most one run of the type waits or runs at a time, whatever the number of workers.
   */
  readonly everyMs?: number;
}

export interface JobWorkerOptions {
  db: Db;
  handlers: readonly JobHandler<never>[];
  log: FastifyBaseLogger;
  workerId?: string;
  /** How often to look for due jobs when nothing woke the worker. */
  pollMs?: number;
  /** How long a claim holds; the heartbeat renews it every third of that. */
  leaseMs?: number;
  /** Jobs run side by side in this process. */
  concurrency?: number;
  backoff?: BackoffPolicy;
  /** 0..1, spreads retries; tests pass () => 0. */
  random?: () => number;
  clock?: () => Date;
}

export interface JobWorker {
  readonly workerId: string;
  readonly types: readonly string[];
  start(): void;
  /**
   * Stops claiming and waits for the jobs in flight. With `graceMs` the running jobs get that long to finish
   * (graceful shutdown); whatever still runs then is interrupted at its next pause and handed back to the queue.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Looks for due jobs soon (after an enqueue). */
  wake(): void;
  /**
   * Queues a run, due at `now`, of every recurring job type (JobHandler.everyMs) that has none waiting or running.
   * `start` does it; tests and scripts call it to set the schedules going without the background loop.
   */
  ensureSchedules(now?: Date): Promise<void>;
  /**
   * Runs due jobs one after the other until none is due (or `limit` ran): what the background loop
   * does, for tests and scripts. `now` fixes the clock for claiming, leases and backoff.
   */
  runDue(options?: { now?: Date; limit?: number }): Promise<number>;
}

const GENERIC_FAILURE = 'The job could not be completed because of an unexpected error';
const ABANDONED = 'The job stopped unexpectedly too many times and was given up';
const PROGRESS_WRITE_INTERVAL_MS = 500;
/** A recurring job keeps the runs that ended within this long (a week); older ones are deleted as the next is queued. */
export const SCHEDULE_HISTORY_MS = 7 * 24 * 3600_000;
/** Attempts of one run of a recurring job; the next run comes anyway. */
const SCHEDULED_RUN_ATTEMPTS = 3;

/** Claims and runs durable jobs (see migrations/0013_create_jobs.sql for the table and its states). */
export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, log } = options;
  const handlers = new Map<string, JobHandler<unknown>>();
  for (const h of options.handlers as readonly JobHandler<unknown>[]) {
    if (handlers.has(h.type)) throw new Error(`two job handlers for ${h.type}`);
    handlers.set(h.type, h);
  }
  const types = [...handlers.keys()];
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const random = options.random ?? Math.random;
  const realClock = options.clock ?? (() => new Date());

  let timer: NodeJS.Timeout | null = null;
  let wakeTimer: NodeJS.Timeout | null = null;
  let stopping = false;
  /** Claims no new job (stopping gracefully) but lets the running ones finish. */
  let draining = false;
  let active = 0;
  const inFlight = new Set<Promise<void>>();

  /** A recurring type's next run, queued in the transaction that finishes the current one (no-op for other types). */
  async function queueNextRunIn(tx: Queryable, type: string, now: Date): Promise<void> {
    const everyMs = handlers.get(type)?.everyMs;
    if (!everyMs) return;
    await repo.queueScheduledRun(tx, {
      type,
      scheduleKey: type,
      runAt: new Date(now.getTime() + everyMs),
      maxAttempts: SCHEDULED_RUN_ATTEMPTS,
    });
    await repo.pruneScheduledRuns(tx, type, new Date(now.getTime() - SCHEDULE_HISTORY_MS));
  }

  /** Marks a job finished; for a recurring type, in one transaction with queueing its next run. */
  async function finish(type: string, now: Date, mark: (q: Queryable) => Promise<boolean>): Promise<boolean> {
    if (!handlers.get(type)?.everyMs) return mark(db);
    return db.transaction(async (tx) => {
      const held = await mark(tx);
      if (held) await queueNextRunIn(tx, type, now);
      return held;
    });
  }

  async function ensureSchedules(now: Date): Promise<void> {
    for (const [type, handler] of handlers) {
      if (!handler.everyMs) continue;
      const queued = await repo.queueScheduledRun(db, {
        type,
        scheduleKey: type,
        runAt: now,
        maxAttempts: SCHEDULED_RUN_ATTEMPTS,
      });
      if (queued) log.info({ jobType: type, everyMs: handler.everyMs }, 'recurring job scheduled');
    }
  }

  async function giveUpAbandoned(now: Date) {
    const abandoned = await repo.failAbandoned(db, { types, now, error: ABANDONED });
    // A recurring job given up this way still gets its next run (a restart would queue one too: ensureSchedules).
    for (const type of new Set(abandoned.map((row) => row.type))) await queueNextRunIn(db, type, now);
    for (const row of abandoned) {
      log.error({ jobId: row.id, jobType: row.type }, 'job abandoned by a stopped worker too many times; failed');
      await handlers
        .get(row.type)
        ?.onGiveUp?.(db, toRunning(row), ABANDONED)
        .catch((error: unknown) => log.error({ err: error, jobId: row.id }, 'job give-up hook failed'));
    }
  }

  async function claim(clock: () => Date): Promise<repo.JobRow | null> {
    const now = clock();
    return repo.claimNext(db, { workerId, types, now, leaseUntil: new Date(now.getTime() + leaseMs) });
  }

  async function execute(row: repo.JobRow, clock: () => Date): Promise<void> {
    const handler = handlers.get(row.type);
    if (!handler) throw new Error(`no handler for job type ${row.type}`);
    const job = toRunning(row);
    const jobLog = log.child({ jobId: row.id, jobType: row.type, attempt: row.attempts });
    let lost = false;
    let finished = false;
    let lastProgress: { percent: number; message: string | null; at: number } | null = null;
    const leaseUntil = () => new Date(clock().getTime() + leaseMs);
    const heartbeat = setInterval(
      () => {
        void repo
          .extendLease(db, row.id, workerId, leaseUntil())
          .then((held) => {
            if (!held) lost = true;
          })
          .catch((error: unknown) => jobLog.warn({ err: error }, 'job heartbeat failed'));
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();

    const ctx: JobContext<unknown> = {
      job,
      db,
      log: jobLog,
      now: clock,
      async progress(percent, message = null) {
        if (lost) throw new JobLeaseLost(row.id);
        const next = { percent: clampProgress(percent), message, at: Date.now() };
        if (!shouldWriteProgress({ previous: lastProgress, next, minIntervalMs: PROGRESS_WRITE_INTERVAL_MS })) return;
        lastProgress = next;
        const held = await repo.updateProgress(db, {
          id: row.id,
          workerId,
          percent: next.percent,
          message,
          leaseUntil: leaseUntil(),
          now: clock(),
        });
        if (!held) {
          lost = true;
          throw new JobLeaseLost(row.id);
        }
      },
      async pause() {
        await yieldToEventLoop();
        if (lost) throw new JobLeaseLost(row.id);
        if (stopping) throw new JobInterrupted();
      },
      checkpoint: row.checkpoint ?? null,
      async saveCheckpointIn(tx, checkpoint, percent, message = null) {
        const next = { percent: clampProgress(percent), message, at: Date.now() };
        const held = await repo.saveCheckpoint(tx, {
          id: row.id,
          workerId,
          checkpoint,
          percent: next.percent,
          message,
          now: clock(),
        });
        // Throwing rolls the chunk back: another worker owns the job now.
        if (!held) throw new JobLeaseLost(row.id);
        lastProgress = next;
      },
      async succeedIn(tx, result, options = {}) {
        const held = await repo.markSucceeded(tx, {
          id: row.id,
          workerId,
          result,
          message: options.message ?? null,
          outputFile: options.outputFile ?? null,
          now: clock(),
        });
        // Throwing rolls the handler's transaction back: a worker that lost the job must not commit its work.
        if (!held) throw new JobLeaseLost(row.id);
        await queueNextRunIn(tx, row.type, clock());
        finished = true;
      },
    };

    try {
      const result = await handler.run(ctx);
      if (!finished) {
        const now = clock();
        const held = await finish(row.type, now, (q) =>
          repo.markSucceeded(q, { id: row.id, workerId, result, message: null, outputFile: null, now }),
        );
        if (!held) throw new JobLeaseLost(row.id);
      }
      jobLog.info('job succeeded');
    } catch (error) {
      if (error instanceof JobLeaseLost) {
        jobLog.warn('job was taken over by another worker after this one lost its lease; leaving it');
        return;
      }
      if (error instanceof JobInterrupted) {
        jobLog.info('worker stopping: job handed back to the queue');
        await repo.release(db, { id: row.id, workerId, now: clock() });
        return;
      }
      const isFailure = error instanceof JobFailure;
      const message = isFailure ? error.message : GENERIC_FAILURE;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      const decision = decideAfterFailure({
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        isPermanent: isFailure && error.permanent,
        now: clock(),
        policy: backoff,
        jitter: random(),
      });
      if (decision.status === 'queued') {
        jobLog.warn({ err: error, retryInMs: decision.delayMs }, 'job attempt failed; retrying later');
        await repo.markForRetry(db, { id: row.id, workerId, runAt: decision.runAt, error: message, detail, now: clock() });
      } else {
        jobLog.error({ err: error }, 'job failed');
        const now = clock();
        const held = await finish(row.type, now, (q) =>
          repo.markFailed(q, { id: row.id, workerId, error: message, detail, now }),
        );
        if (held) {
          await handler
            .onGiveUp?.(db, job, message)
            .catch((hookError: unknown) => jobLog.error({ err: hookError }, 'job give-up hook failed'));
        }
      }
    } finally {
      clearInterval(heartbeat);
      // Whatever the attempt ended in (done, failed, retry later, handed back), a waiter reads the job again.
      signalJobEnded(row.id);
    }
  }

  /** Runs jobs until none is due; starts a sibling drain while slots are free and work was found. */
  async function drain() {
    active++;
    try {
      await giveUpAbandoned(realClock());
      while (!stopping && !draining) {
        const row = await claim(realClock);
        if (!row) return;
        tick();
        await execute(row, realClock);
        await yieldToEventLoop();
      }
    } catch (error) {
      log.error({ err: error }, 'job worker loop failed');
    } finally {
      active--;
    }
  }

  function tick() {
    if (stopping || draining || !timer || types.length === 0 || active >= concurrency) return;
    const run = drain();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  return {
    workerId,
    types,
    start() {
      if (timer) return;
      stopping = false;
      draining = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      jobSignals.add(wakeSoon);
      tick();
      // A first run of each recurring job, unless one is already queued (by another worker or an earlier start).
      void ensureSchedules(realClock()).then(tick, (error: unknown) =>
        log.error({ err: error }, 'queueing the recurring jobs failed'),
      );
    },
    async stop(stopOptions = {}) {
      draining = true;
      jobSignals.delete(wakeSoon);
      if (timer) clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      timer = null;
      const graceMs = stopOptions.graceMs ?? 0;
      if (graceMs > 0 && inFlight.size > 0) {
        let graceTimer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((resolve) => {
          graceTimer = setTimeout(resolve, graceMs);
        });
        await Promise.race([Promise.allSettled([...inFlight]), graceOver]);
        clearTimeout(graceTimer);
      }
      stopping = true;
      await Promise.allSettled([...inFlight]);
    },
    wake: () => wakeSoon(),
    ensureSchedules: (now) => ensureSchedules(now ?? realClock()),
    async runDue(opts = {}) {
      const clock = opts.now ? () => opts.now as Date : realClock;
      await giveUpAbandoned(clock());
      let ran = 0;
      while (opts.limit === undefined || ran < opts.limit) {
        const row = await claim(clock);
        if (!row) break;
        await execute(row, clock);
        ran++;
      }
      return ran;
    },
  };

  function wakeSoon() {
    if (stopping || !timer || wakeTimer) return;
    // The enqueueing transaction commits a moment later; look shortly after it.
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      tick();
    }, 25);
    wakeTimer.unref();
  }
}

function toRunning(row: repo.JobRow): RunningJob<unknown> {
  return {
    id: row.id,
    type: row.type,
    payload: row.payload,
    attempt: row.attempts,
    maxAttempts: row.max_attempts,
    createdBy: row.created_by,
    accountId: row.account_id,
  };
}

/** Requests waiting in this process for the end of a job's attempt, by job id (waitForJobEnd). */
const jobEndWaiters = new Map<string, Set<() => void>>();

function signalJobEnded(id: string) {
  for (const wake of jobEndWaiters.get(id) ?? []) wake();
}

const isFinished = (row: repo.JobRow) => row.status === 'succeeded' || row.status === 'failed';

/**
 * Waits, at most `timeoutMs`, for a job to succeed or fail, and answers it as it is then (null when it does not
 * exist). A worker of this process wakes the wait as soon as an attempt ends; a worker in another process is
 * noticed by reading the job every `pollMs`. For a request that queued a short job and would rather answer its
 * result than "in progress" (the first look at an account report).
 */
export async function waitForJobEnd(
  db: Queryable,
  id: string,
  options: { timeoutMs: number; pollMs?: number },
): Promise<repo.JobRow | null> {
  const pollMs = Math.max(10, options.pollMs ?? 250);
  const deadline = Date.now() + Math.max(0, options.timeoutMs);
  for (;;) {
    const row = await repo.findJob(db, id);
    const left = deadline - Date.now();
    if (!row || isFinished(row) || left <= 0) return row;
    await new Promise<void>((resolve) => {
      const waiters = jobEndWaiters.get(id) ?? new Set<() => void>();
      jobEndWaiters.set(id, waiters);
      const wake = () => {
        clearTimeout(timer);
        waiters.delete(wake);
        if (waiters.size === 0) jobEndWaiters.delete(id);
        resolve();
      };
      const timer = setTimeout(wake, Math.min(pollMs, left));
      waiters.add(wake);
    });
  }
}

/** In-process workers listening for new jobs (a worker in another process finds them by polling). */
const jobSignals = new Set<() => void>();

/**
 * Queues a durable job in the caller's transaction: it runs only if that transaction commits.
 * Returns the job id.
 */
export async function enqueueJob(db: Queryable, job: repo.NewJob): Promise<string> {
  const id = await repo.insertJob(db, job);
  for (const signal of jobSignals) signal();
  return id;
}
