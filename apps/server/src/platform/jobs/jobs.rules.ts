/** Pure decisions of the job worker: backoff, what to do after a failure, leases, progress. No clock, no database. */

export interface BackoffPolicy {
  /** Delay before the second attempt. */
  baseMs: number;
  /** The delay never grows beyond this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, maxMs: 15 * 60_000 };

/**
 * The wait before the next attempt after `attempts` attempts failed: base, 2x base, 4x base, ...
 * capped at maxMs. `jitter` (0..1, from the caller's random source) spreads retries of jobs that
 * failed together by up to 20%, never beyond the cap.
 */
export function backoffDelayMs(params: { attempts: number; policy?: BackoffPolicy; jitter?: number }): number {
  const policy = params.policy ?? DEFAULT_BACKOFF;
  const exponent = Math.max(0, params.attempts - 1);
  // 2^exponent overflows long before it matters; cap the exponent first.
  const raw = policy.baseMs * 2 ** Math.min(exponent, 30);
  const capped = Math.min(policy.maxMs, raw);
  const jitter = Math.min(1, Math.max(0, params.jitter ?? 0));
  return Math.min(policy.maxMs, Math.round(capped * (1 + 0.2 * jitter)));
}

export type FailureDecision =
  | { readonly status: 'queued'; readonly runAt: Date; readonly delayMs: number }
  | { readonly status: 'failed' };

/** After an attempt failed: queue a retry after the backoff, or give up when the attempts are spent or the error is permanent. */
export function decideAfterFailure(params: {
  attempts: number;
  maxAttempts: number;
  isPermanent: boolean;
  now: Date;
  policy?: BackoffPolicy;
  jitter?: number;
}): FailureDecision {
  if (params.isPermanent || params.attempts >= params.maxAttempts) return { status: 'failed' };
  const delayMs = backoffDelayMs({ attempts: params.attempts, policy: params.policy, jitter: params.jitter });
  return { status: 'queued', runAt: new Date(params.now.getTime() + delayMs), delayMs };
}

export interface ClaimCandidate {
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  runAt: Date;
  lockedUntil: Date | null;
  attempts: number;
  maxAttempts: number;
}

export type ClaimDecision =
  /** Run it now (a queued job that is due, or a running one whose worker died, with attempts left). */
  | 'claim'
  /** A running job whose worker died after its last allowed attempt: fail it without running again. */
  | 'fail-abandoned'
  /** Not due, finished, or still held by a live worker. */
  | 'skip';

/** Whether a worker may take a job now. A lease that ends exactly now has expired. */
export function decideClaim(job: ClaimCandidate, now: Date): ClaimDecision {
  if (job.status === 'queued') return job.runAt.getTime() <= now.getTime() ? 'claim' : 'skip';
  if (job.status === 'running') {
    if (!isLeaseExpired(job.lockedUntil, now)) return 'skip';
    return job.attempts >= job.maxAttempts ? 'fail-abandoned' : 'claim';
  }
  return 'skip';
}

export function isLeaseExpired(lockedUntil: Date | null, now: Date): boolean {
  return lockedUntil === null || lockedUntil.getTime() <= now.getTime();
}

/** Progress as stored: a whole percentage from 0 to 100. */
export function clampProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, Math.round(percent)));
}

/** The percentage of `done` out of `total` items, kept below 100 until the job has really finished. */
export function progressOf(done: number, total: number, ceiling = 99): number {
  if (total <= 0) return 0;
  return Math.min(ceiling, clampProgress((done / total) * 100));
}

/**
 * Whether a progress change is worth a write: always when the percentage or message changed
 * and at least `minIntervalMs` passed, and always for the first and the last (100) report.
 */
export function shouldWriteProgress(params: {
  previous: { percent: number; message: string | null; at: number } | null;
  next: { percent: number; message: string | null; at: number };
  minIntervalMs: number;
}): boolean {
  const { previous, next } = params;
  if (previous === null || next.percent === 100) return true;
  if (previous.percent === next.percent && previous.message === next.message) return false;
  return next.at - previous.at >= params.minIntervalMs;
}
