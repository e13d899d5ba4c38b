import type { Db } from '../db/db.js';
import { NotifiedCache, notifiedCacheFor } from '../db/notified-cache.js';
import type { Caller } from './types.js';

/** The channel the triggers of migration 0147 announce every data change on. */
export const DATA_CHANGED_CHANNEL = 'data_changed';

/**
 * The tables whose changes are not announced (migration 0147): ordinary reads, sign-ins and the job runner write them
 * all the time, and no operation that keeps its answers reads them. A test compares this list with the database.
 */
export const UNANNOUNCED_TABLES: readonly string[] = [
  'audit_log',
  'catalogue_search_generation',
  'idempotency_keys',
  'jobs',
  'login_attempts',
  'mail_outbox',
  'password_reset_attempts',
  'report_run_rows',
  'report_runs',
  'report_usage',
  'schema_migrations',
  'sessions',
  'sign_in_alerts',
  'sso_sign_ins',
];

/**
 * How long a kept answer is served at most. The answers read the clock too (the account page's exchange-rate flag
 * changes at a month end): past this age an answer is read again even when no data changed.
 */
export const ANSWER_MAX_AGE_MS = 60_000;
/** Callers whose answers are kept per process; the one used least recently goes first when full. */
export const ANSWER_CACHE_CALLERS = 2_000;
/** Answers kept per caller; the oldest goes first. */
export const ANSWERS_PER_CALLER = 32;
/**
 * The memory all kept answers may take per process, counted as two bytes per character of their JSON text (a string's
 * most); past it the callers used least recently go first.
 */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

const sizeOf = (body: string) => body.length * 2;

interface KeptAnswer {
  /** The answer's JSON text, exactly as it was sent. */
  body: string;
  storedAt: number;
}

/**
 * Per process and database, the JSON answers of the read operations registered with `keepAnswers` (decision 0069),
 * per caller and input: the same caller asking the same again gets the same text without a statement, a guard lookup
 * or serialising.
 *
 * - Keyed by the caller object of the caller cache (domains/auth): a caller is one session's user, organisation,
 *   scope and capabilities, and the caller cache makes a new object whenever any of them changes, so an answer is
 *   never served to a caller it was not computed for. A caller built afresh for each request (the caller cache not
 *   serving) never finds its answers again: they age out.
 * - Any committed change to any announced table (migration 0147, from any process) drops every kept answer; this
 *   process's own changes are heard before their COMMIT returns (`Db.listen`), so a write is never followed by a stale
 *   read. An answer computed while a change committed is not kept (the generation guard of NotifiedCache).
 * - Serves only while listening works, like every NotifiedCache.
 * - Bounded: ANSWERS_PER_CALLER per caller, ANSWER_CACHE_CALLERS callers and ANSWER_CACHE_BYTES in all, the callers
 *   used least recently going first.
 */
export class AnswerCache extends NotifiedCache<Caller, Map<string, KeptAnswer>> {
  private bytes = 0;

  /** `maxBytes`: ANSWER_CACHE_BYTES unless a test asks for less. */
  constructor(private readonly maxBytes = ANSWER_CACHE_BYTES) {
    // The callers are bounded here, with the bytes, rather than by NotifiedCache, whose eviction this could not count.
    super();
  }

  /** The memory the kept answers take, as ANSWER_CACHE_BYTES counts it. */
  get keptBytes(): number {
    return this.bytes;
  }

  override clear(): void {
    this.bytes = 0;
    super.clear();
  }

  private dropAnswer(answers: Map<string, KeptAnswer>, key: string): void {
    const kept = answers.get(key);
    if (!kept) return;
    answers.delete(key);
    this.bytes -= sizeOf(kept.body);
  }

  /** The kept answer of `key` for `caller`, if younger than ANSWER_MAX_AGE_MS at `now`. */
  answer(caller: Caller, key: string, now: number): string | undefined {
    const answers = this.get(caller);
    const kept = answers?.get(key);
    if (!kept) return undefined;
    if (now - kept.storedAt >= ANSWER_MAX_AGE_MS) {
      if (answers) this.dropAnswer(answers, key);
      return undefined;
    }
    // Used again: this caller moves to the end of the eviction order.
    this.touch(caller);
    return kept.body;
  }

  /** Keeps an answer computed under `generation` (read before computing it), unless data changed meanwhile. */
  keep(caller: Caller, key: string, body: string, generation: number, now: number): void {
    if (!this.serving || generation !== this.generation || sizeOf(body) > this.maxBytes) return;
    let answers = this.get(caller);
    if (answers) {
      this.touch(caller);
    } else {
      answers = new Map();
      this.set(caller, answers, generation);
    }
    this.dropAnswer(answers, key);
    if (answers.size >= ANSWERS_PER_CALLER) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) this.dropAnswer(answers, oldest);
    }
    answers.set(key, { body, storedAt: now });
    this.bytes += sizeOf(body);
    // Room: the callers used least recently go first (never the one just kept, which is last in the order).
    while (this.size > ANSWER_CACHE_CALLERS || this.bytes > this.maxBytes) {
      const oldest = this.oldestKey();
      if (oldest === undefined || oldest === caller) break;
      const dropped = this.get(oldest);
      if (dropped) for (const kept of dropped.values()) this.bytes -= sizeOf(kept.body);
      this.evict(oldest);
    }
  }
}

/**
 * The answer cache of a database, made on first use: it subscribes to 'data_changed' and resolves once listening
 * (when subscribing fails the cache never serves and every answer is computed).
 */
export function answerCacheFor(db: Db): Promise<AnswerCache> {
  return notifiedCacheFor(
    db,
    DATA_CHANGED_CHANNEL,
    () => new AnswerCache(),
    (error) => {
      process.stderr.write(`kept answers are off: listening for data changes failed: ${error.message}\n`);
    },
  );
}
