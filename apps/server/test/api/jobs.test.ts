import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobWorker, enqueueJob, JobFailure, type JobHandler, type JobWorker } from '../../src/platform/jobs/index.js';
import { type ClaimCandidate, decideClaim } from '../../src/platform/jobs/jobs.rules.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * Durable jobs through the real database: retries with backoff, giving up, crash recovery through
 * lease expiry, resuming from a checkpoint, safe claiming by several workers, and GetJob's scope.
 */

let t: TestApp;
let provider: number;
let reseller: number;
let company: number;
let otherReseller: number;
let creator: { id: number; username: string };
const clients: Record<string, ApiClient> = {};

const POLICY = { baseMs: 1000, maxMs: 8000 };
const T0 = new Date(Date.UTC(2030, 0, 1, 8, 0, 0));
const plus = (ms: number) => new Date(T0.getTime() + ms);

/** Every test gets its own job type, so workers of other tests never see its jobs. */
let typeCounter = 0;
const newType = () => `test.job-${++typeCounter}`;

function workerFor(handlers: JobHandler<never>[], extra: { workerId?: string; leaseMs?: number } = {}): JobWorker {
  return createJobWorker({
    db: t.db,
    handlers,
    log: t.app.log,
    backoff: POLICY,
    random: () => 0,
    workerId: extra.workerId,
    leaseMs: extra.leaseMs ?? 30_000,
  });
}

const handler = <P>(type: string, run: JobHandler<P>['run'], onGiveUp?: JobHandler<P>['onGiveUp']) =>
  ({ type, run, onGiveUp }) as JobHandler<never>;

async function jobRow(id: string) {
  const [row] = await t.db.query<{
    status: string;
    attempts: number;
    run_at: Date;
    error: string | null;
    last_error_detail: string | null;
    result: unknown;
    progress: number;
    progress_message: string | null;
    locked_by: string | null;
    checkpoint: unknown;
  }>('SELECT * FROM jobs WHERE id = $1', [id]);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

const enqueue = (
  type: string,
  payload: unknown = {},
  extra: { maxAttempts?: number; accountId?: number | null; runAt?: Date } = {},
) =>
  enqueueJob(t.db, {
    type,
    payload,
    createdBy: creator.id,
    accountId: extra.accountId === undefined ? company : extra.accountId,
    maxAttempts: extra.maxAttempts ?? 4,
    runAt: extra.runAt ?? T0,
  });

beforeAll(async () => {
  t = await buildTestApp();
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  creator = await makeUser(t.db, { parentId: reseller, capabilities: [] });
  clients.creator = await new ApiClient(t.url).signIn(creator.username);
  for (const [name, parentId] of [
    ['colleague', reseller],
    ['companyAdmin', company],
    ['foreign', otherReseller],
    ['providerAdmin', provider],
  ] as const) {
    const user = await makeUser(t.db, { parentId, capabilities: [] });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  }
});
afterAll(() => t.close());

describe('retries with exponential backoff', () => {
  it('retries a failing job after 1 s, then 2 s, and records the result once it succeeds', async () => {
    const type = newType();
    let calls = 0;
    const worker = workerFor([
      handler(type, async () => {
        calls++;
        if (calls < 3) throw new JobFailure(`temporary trouble ${calls}`, { permanent: false });
        return { Done: true };
      }),
    ]);
    const id = await enqueue(type);

    expect(await worker.runDue({ now: T0 })).toBe(1);
    const afterFirst = await jobRow(id);
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, error: 'temporary trouble 1' });
    expect(afterFirst.run_at).toEqual(plus(1000));

    expect(await worker.runDue({ now: plus(999) })).toBe(0);
    expect(await worker.runDue({ now: plus(1000) })).toBe(1);
    const afterSecond = await jobRow(id);
    expect(afterSecond).toMatchObject({ status: 'queued', attempts: 2, error: 'temporary trouble 2' });
    expect(afterSecond.run_at).toEqual(plus(1000 + 2000));

    expect(await worker.runDue({ now: plus(3000) })).toBe(1);
    expect(await jobRow(id)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      error: null,
      result: { Done: true },
      progress: 100,
      locked_by: null,
    });
    expect(calls).toBe(3);
  });

  it('gives up after the last attempt, tells the give-up hook, and hides an unexpected error behind a plain message', async () => {
    const type = newType();
    const gaveUp: string[] = [];
    const worker = workerFor([
      handler(
        type,
        async () => {
          throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
        },
        async (_db, job, error) => {
          gaveUp.push(`${job.id}: ${error}`);
        },
      ),
    ]);
    const id = await enqueue(type, {}, { maxAttempts: 3 });

    await worker.runDue({ now: T0 });
    await worker.runDue({ now: plus(1000) });
    expect(gaveUp).toEqual([]);
    await worker.runDue({ now: plus(3000) });

    const row = await jobRow(id);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'The job could not be completed because of an unexpected error',
    });
    expect(row.last_error_detail).toContain('ECONNREFUSED');
    expect(gaveUp).toEqual([`${id}: The job could not be completed because of an unexpected error`]);
    expect(await worker.runDue({ now: plus(100_000) })).toBe(0);
  });

  it('does not retry a permanent failure', async () => {
    const type = newType();
    const worker = workerFor([
      handler(type, async () => {
        throw new JobFailure('The account no longer exists');
      }),
    ]);
    const id = await enqueue(type);

    await worker.runDue({ now: T0 });

    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 1, error: 'The account no longer exists' });
  });
});

describe('crash recovery', () => {
  /** What a worker that died mid-job leaves behind: running, its lease ending at leaseEnd. */
  async function leaveRunning(id: string, attempts: number, leaseEnd: Date) {
    await t.db.query(
      `UPDATE jobs SET status = 'running', attempts = $2, locked_by = 'crashed-worker', locked_until = $3 WHERE id = $1`,
      [id, attempts, leaseEnd],
    );
  }

  it('leaves a job alone while the lease of its worker lasts, and runs it again once the lease expired', async () => {
    const type = newType();
    const runs: number[] = [];
    const worker = workerFor([
      handler(type, async (ctx) => {
        runs.push(ctx.job.attempt);
        return { Recovered: true };
      }),
    ]);
    const id = await enqueue(type);
    await leaveRunning(id, 1, plus(30_000));

    expect(await worker.runDue({ now: plus(29_999) })).toBe(0);
    expect(await worker.runDue({ now: plus(30_000) })).toBe(1);

    expect(runs).toEqual([2]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', attempts: 2, result: { Recovered: true } });
  });

  it('fails a job whose worker died during its last allowed attempt instead of running it again', async () => {
    const type = newType();
    let ran = false;
    const gaveUp: string[] = [];
    const worker = workerFor([
      handler(
        type,
        async () => {
          ran = true;
        },
        async (_db, job) => {
          gaveUp.push(job.id);
        },
      ),
    ]);
    const id = await enqueue(type, {}, { maxAttempts: 2 });
    await leaveRunning(id, 2, plus(10));

    await worker.runDue({ now: plus(11) });

    expect(ran).toBe(false);
    expect(await jobRow(id)).toMatchObject({
      status: 'failed',
      error: 'The job stopped unexpectedly too many times and was given up',
    });
    expect(gaveUp).toEqual([id]);
  });

  it('resumes a chunked job after the last chunk it committed, so no chunk runs twice', async () => {
    const type = newType();
    const processed: number[] = [];
    let crashAfterChunk = 2;
    const worker = workerFor([
      handler<{ items: number }>(type, async (ctx) => {
        let next = ((ctx.checkpoint as { next: number } | null) ?? { next: 0 }).next;
        while (next < ctx.job.payload.items) {
          const item = next;
          await ctx.db.transaction(async (tx) => {
            processed.push(item);
            await ctx.saveCheckpointIn(tx, { next: item + 1 }, ((item + 1) / ctx.job.payload.items) * 100, `Item ${item + 1}`);
          });
          next = item + 1;
          if (next === crashAfterChunk) {
            crashAfterChunk = -1;
            throw new Error('the process died');
          }
        }
        return { Items: processed.length };
      }),
    ]);
    const id = await enqueue(type, { items: 5 });

    await worker.runDue({ now: T0 });
    const interrupted = await jobRow(id);
    expect(interrupted).toMatchObject({ status: 'queued', checkpoint: { next: 2 }, progress: 40, progress_message: 'Item 2' });
    await worker.runDue({ now: plus(1000) });

    expect(processed).toEqual([0, 1, 2, 3, 4]);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', result: { Items: 5 } });
  });

  it('stops a worker whose lease was taken over: its late work is rolled back and the new owner finishes', async () => {
    const type = newType();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const writes: string[] = [];
    const handlerOf = (name: string, wait: boolean) =>
      handler(type, async (ctx) => {
        if (wait) await gate;
        await ctx.db.transaction(async (tx) => {
          writes.push(name);
          await ctx.succeedIn(tx, { By: name });
        });
      });
    const slow = workerFor([handlerOf('slow', true)], { workerId: 'slow', leaseMs: 60_000 });
    const fast = workerFor([handlerOf('fast', false)], { workerId: 'fast' });
    const id = await enqueue(type);

    const slowRun = slow.runDue({ now: T0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'slow' });
    await fast.runDue({ now: plus(60_000) });
    release();
    await slowRun;

    expect(writes).toEqual(['fast', 'slow']);
    expect(await jobRow(id)).toMatchObject({ status: 'succeeded', result: { By: 'fast' }, attempts: 2 });
  });

  it('hands a running job back to the queue, attempt not counted, when the worker stops', async () => {
    const type = newType();
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const worker = createJobWorker({
      db: t.db,
      log: t.app.log,
      pollMs: 10,
      handlers: [
        handler(type, async (ctx) => {
          started();
          for (;;) await ctx.pause();
        }),
      ],
    });
    const id = await enqueue(type, {}, { runAt: new Date(Date.now() - 1000) });

    worker.start();
    await isStarted;
    await worker.stop();

    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, locked_by: null });
  });
});

describe('graceful stop (issue 14)', () => {
  it('lets a running job finish within the grace period and claims nothing new meanwhile', async () => {
    const type = newType();
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    const ran: string[] = [];
    const worker = createJobWorker({
      db: t.db,
      log: t.app.log,
      pollMs: 10,
      concurrency: 1,
      handlers: [
        handler<{ n: number }>(type, async (ctx) => {
          started();
          ran.push(String(ctx.job.payload.n));
          await new Promise((resolve) => setTimeout(resolve, 300));
          await ctx.pause();
          return { Finished: true };
        }),
      ],
    });
    const first = await enqueue(type, { n: 1 }, { runAt: new Date(Date.now() - 1000) });

    worker.start();
    await isStarted;
    const second = await enqueue(type, { n: 2 }, { runAt: new Date(Date.now() - 1000) });
    await worker.stop({ graceMs: 5000 });

    expect(await jobRow(first)).toMatchObject({ status: 'succeeded', result: { Finished: true } });
    expect(await jobRow(second)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(ran).toEqual(['1']);
  });
});

describe('claiming', () => {
  it('never gives the same job to two workers running side by side', async () => {
    const type = newType();
    const ranBy = new Map<string, string[]>();
    const make = (name: string) =>
      workerFor(
        [
          handler<{ n: number }>(type, async (ctx) => {
            ranBy.set(String(ctx.job.payload.n), [...(ranBy.get(String(ctx.job.payload.n)) ?? []), name]);
            await ctx.pause();
          }),
        ],
        { workerId: name },
      );
    for (let n = 0; n < 12; n++) await enqueue(type, { n });

    const [a, b] = await Promise.all([make('a').runDue({ now: T0 }), make('b').runDue({ now: T0 })]);

    expect(a + b).toBe(12);
    expect([...ranBy.values()].every((by) => by.length === 1)).toBe(true);
    expect(ranBy.size).toBe(12);
  });

  it('claims only the types it has handlers for', async () => {
    const mine = newType();
    const theirs = newType();
    const worker = workerFor([handler(mine, async () => ({}))]);
    const other = await enqueue(theirs);

    expect(await worker.runDue({ now: plus(1) })).toBe(0);
    expect((await jobRow(other)).status).toBe('queued');
  });

  const scenarios: { name: string; row: ClaimCandidate; now: Date }[] = [
    { name: 'queued and due', row: { status: 'queued', runAt: T0, lockedUntil: null, attempts: 0, maxAttempts: 3 }, now: T0 },
    {
      name: 'queued, backing off',
      row: { status: 'queued', runAt: plus(5), lockedUntil: null, attempts: 1, maxAttempts: 3 },
      now: plus(4),
    },
    {
      name: 'running, lease held',
      row: { status: 'running', runAt: T0, lockedUntil: plus(9), attempts: 1, maxAttempts: 3 },
      now: plus(8),
    },
    {
      name: 'running, lease expired',
      row: { status: 'running', runAt: T0, lockedUntil: plus(9), attempts: 1, maxAttempts: 3 },
      now: plus(9),
    },
    {
      name: 'running, expired on the last attempt',
      row: { status: 'running', runAt: T0, lockedUntil: plus(9), attempts: 3, maxAttempts: 3 },
      now: plus(10),
    },
    { name: 'succeeded', row: { status: 'succeeded', runAt: T0, lockedUntil: null, attempts: 1, maxAttempts: 3 }, now: plus(10) },
  ];

  it.each(scenarios)('does in the database what decideClaim decides: $name', async ({ row, now }) => {
    const type = newType();
    const worker = workerFor([handler(type, async () => ({ Ran: true }))]);
    const id = await enqueue(type, {}, { maxAttempts: row.maxAttempts });
    await t.db.query(
      `UPDATE jobs SET status = $2, run_at = $3, locked_until = $4, attempts = $5,
              locked_by = CASE WHEN $2 = 'running' THEN 'other' END WHERE id = $1`,
      [id, row.status, row.runAt, row.lockedUntil, row.attempts],
    );

    await worker.runDue({ now });

    const after = await jobRow(id);
    const expected = { claim: 'succeeded', 'fail-abandoned': 'failed', skip: row.status }[decideClaim(row, now)];
    expect(after.status).toBe(expected);
  });
});

describe('GetJob', () => {
  let jobId: string;
  beforeAll(async () => {
    jobId = await enqueue(newType(), {}, { accountId: company });
  });

  it('shows the creator status and progress', async () => {
    const res = await clients.creator!.op('GetJob', { id: jobId });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Id: jobId, Status: 'queued', Progress: 0, AccountId: company, Result: null });
  });

  it.each(['colleague', 'companyAdmin', 'providerAdmin'])('shows it to %s, whose scope includes the account', async (who) => {
    const res = await clients[who]!.op('GetJob', { id: jobId });

    expect(res.status).toBe(200);
  });

  it('answers a caller of another reseller exactly like a job that does not exist', async () => {
    const foreign = await clients.foreign!.op('GetJob', { id: jobId });
    const missing = await clients.foreign!.op('GetJob', { id: randomUUID() });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    const { requestId: _a, ...f } = foreign.body;
    const { requestId: _b, ...m } = missing.body;
    expect(f).toEqual(m);
  });

  it('shows a job without an account to its creator only', async () => {
    const id = await enqueue(newType(), {}, { accountId: null });

    expect((await clients.creator!.op('GetJob', { id })).status).toBe(200);
    expect((await clients.providerAdmin!.op('GetJob', { id })).status).toBe(404);
  });

  it('names the field of a malformed id', async () => {
    const res = await clients.creator!.op('GetJob', { id: 'not-a-uuid' });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('id');
  });
});
