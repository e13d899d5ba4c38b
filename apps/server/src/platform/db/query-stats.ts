import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Counting at the database layer: every `Db` made by `createDb` counts the statements it runs and the round trips
 * they take (a transaction adds its BEGIN and COMMIT), in `Db.stats` for the whole process and in the profile of
 * the request being served, when one is open (`runWithProfile`). The server opens one per request when asked
 * (`AppOptions.serverTiming`) and reports it in the Server-Timing header; `bench/` reads that header, and the
 * query-budget tests read `Db.stats` around a request.
 */
export interface QueryStats {
  statements: number;
  roundTrips: number;
}

export interface ProfilePhase {
  name: string;
  ms: number;
  statements: number;
}

export interface RequestProfile extends QueryStats {
  startedAt: number;
  phases: ProfilePhase[];
}

const profiles = new AsyncLocalStorage<RequestProfile>();

export function emptyStats(): QueryStats {
  return { statements: 0, roundTrips: 0 };
}

/** Counts one database call into `totals` and into the profile of the current request, if any. */
export function countCall(totals: QueryStats, statements: number, roundTrips: number): void {
  totals.statements += statements;
  totals.roundTrips += roundTrips;
  const profile = profiles.getStore();
  if (profile) {
    profile.statements += statements;
    profile.roundTrips += roundTrips;
  }
}

export function newProfile(): RequestProfile {
  return { statements: 0, roundTrips: 0, startedAt: performance.now(), phases: [] };
}

/** Runs fn, and everything it starts, counting into `profile`. */
export function runWithProfile(profile: RequestProfile, fn: () => void): void {
  profiles.run(profile, fn);
}

let profilers = 0;

/**
 * Holds profiling on for as long as something (a server with `serverTiming`) may open profiles; the returned function
 * lets go. When the last holder lets go the storage is switched off: from its first `run`, Node (20) tracks it
 * through every promise the process creates, which costs every request of every server in the process, profiled or
 * not. A later `runWithProfile` switches it on again.
 */
export function holdProfiling(): () => void {
  profilers++;
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    profilers--;
    if (profilers === 0) profiles.disable();
  };
}

export function currentProfile(): RequestProfile | undefined {
  return profiles.getStore();
}

/** Runs fn as a named phase of the current request's profile (its time and statements); just runs it otherwise. */
export async function phase<T>(name: string, fn: () => Promise<T> | T): Promise<T> {
  const profile = profiles.getStore();
  if (!profile) return fn();
  const started = performance.now();
  const statementsBefore = profile.statements;
  try {
    return await fn();
  } finally {
    profile.phases.push({ name, ms: performance.now() - started, statements: profile.statements - statementsBefore });
  }
}

/** The Server-Timing header of a profile: one entry per phase, `db` with the counts, `total`. */
export function serverTimingHeader(profile: RequestProfile): string {
  const entries = profile.phases.map((p) => `${p.name};dur=${p.ms.toFixed(3)};desc="${p.statements} statements"`);
  entries.push(`db;desc="${profile.statements} statements, ${profile.roundTrips} round trips"`);
  entries.push(`total;dur=${(performance.now() - profile.startedAt).toFixed(3)}`);
  return entries.join(', ');
}

/** Reads a Server-Timing header written by `serverTimingHeader` back (bench/). */
export function parseServerTiming(header: string): {
  phases: ProfilePhase[];
  statements: number;
  roundTrips: number;
  totalMs: number;
} {
  const phases: ProfilePhase[] = [];
  let statements = 0;
  let roundTrips = 0;
  let totalMs = 0;
  for (const entry of header.split(/,\s*(?=[a-z-]+;)/)) {
    const [name = '', ...params] = entry.split(';');
    const dur = Number(/dur=([\d.]+)/.exec(params.join(';'))?.[1] ?? 0);
    const desc = /desc="([^"]*)"/.exec(params.join(';'))?.[1] ?? '';
    if (name === 'db') {
      statements = Number(/(\d+) statements/.exec(desc)?.[1] ?? 0);
      roundTrips = Number(/(\d+) round trips/.exec(desc)?.[1] ?? 0);
    } else if (name === 'total') totalMs = dur;
    else phases.push({ name, ms: dur, statements: Number(/(\d+) statements/.exec(desc)?.[1] ?? 0) });
  }
  return { phases, statements, roundTrips, totalMs };
}
