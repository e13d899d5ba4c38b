import type { Db } from '../db/db.js';
import type { JobHandler } from '../jobs/job-worker.js';
import { graceMsOf } from './orphan-uploads.rules.js';
import type { FileStorage } from './storage.js';

/**
 * Where a domain's records keep stored file names. The sweep removes a stored file only when none of these
 * lists it, so every table or document that holds a name /keeper/upload gave (or a job file's name) must
 * contribute one, listed in app.ts (`storedFileReferences`).
 */
export interface StoredFileReferences {
  /** Who keeps them, for the docs and logs: 'credit-limits', 'catalogue', ... */
  readonly owner: string;
  /**
   * A SELECT of one text column: every stored name the owner's records refer to. NULLs and values that are not
   * stored names (https addresses, paths) may appear; they match no stored file.
   */
  readonly sql: string;
}

export const ORPHAN_UPLOADS_JOB_TYPE = 'files.remove-orphan-uploads';
/** How often the sweep runs (a recurring job of the one job runner). */
export const ORPHAN_SWEEP_EVERY_MS = 3600_000;
/** Files looked at per statement while marking, and removed per transaction. */
const MARK_BATCH = 1000;
const REMOVE_BATCH = 100;

export interface SweepResult {
  /** Stored files looked at. */
  Checked: number;
  /** Files found unreferenced for the first time (orphaned_at set). */
  Marked: number;
  /** Marked files a record refers to again (orphaned_at cleared). */
  Unmarked: number;
  /** Files removed, bytes and row. */
  Removed: number;
  /** Files on disk no row names (a crash between writing an upload and recording it), removed past the grace. */
  Unrecorded: number;
}

/**
 * The union of every owner's names as a table `r(name)`. The statements below only join or anti-join it on the
 * name, never `NOT IN`: the planner then picks a hash join that spills to disk, or index lookups per branch,
 * however many references there are.
 */
function referencedNames(sources: readonly StoredFileReferences[]): string {
  if (sources.length === 0) return '(SELECT NULL::text WHERE false) AS r(name)';
  return `(${sources.map((s) => `(${s.sql})`).join('\n UNION ALL ')}) AS r(name)`;
}

/**
 * One sweep, as decideOrphan (orphan-uploads.rules.ts) decides. Marking walks every stored file in name order and
 * in batches; removal takes the files due in batches, each in one transaction: it locks the files (SKIP LOCKED:
 * a file some transaction is attaching right now is skipped), checks again in a fresh statement that no record
 * refers to them, removes their bytes and deletes their rows. Every step can be repeated: a sweep interrupted half
 * way is simply run again.
 */
export async function sweepOrphanUploads(p: {
  db: Db;
  storage: FileStorage;
  references: readonly StoredFileReferences[];
  graceMs: number;
  now: Date;
  /** Called between batches (the job's pause: lets requests through and stops when the worker stops). */
  pause?: () => Promise<void>;
}): Promise<SweepResult> {
  const refs = referencedNames(p.references);
  const result: SweepResult = { Checked: 0, Marked: 0, Unmarked: 0, Removed: 0, Unrecorded: 0 };

  let after = '';
  for (;;) {
    const [row] = await p.db.query<{ last: string | null; seen: number; marked: number; unmarked: number }>(
      `WITH batch AS (
         SELECT f.name, f.orphaned_at FROM stored_files f WHERE f.name > $1 ORDER BY f.name LIMIT $2
       ),
       hits AS (SELECT DISTINCT r.name FROM ${refs} JOIN batch b ON b.name = r.name),
       judged AS (SELECT b.name, b.orphaned_at, EXISTS (SELECT 1 FROM hits h WHERE h.name = b.name) AS referenced FROM batch b),
       changed AS (
         UPDATE stored_files f SET orphaned_at = CASE WHEN j.referenced THEN NULL ELSE $3::timestamptz END
         FROM judged j
         WHERE f.name = j.name AND j.referenced = (j.orphaned_at IS NOT NULL)
         RETURNING j.referenced
       )
       SELECT (SELECT max(name) FROM batch) AS last, (SELECT count(*) FROM batch)::int AS seen,
              (SELECT count(*) FROM changed WHERE NOT referenced)::int AS marked,
              (SELECT count(*) FROM changed WHERE referenced)::int AS unmarked`,
      [after, MARK_BATCH, p.now],
    );
    if (!row || row.seen === 0 || row.last === null) break;
    result.Checked += row.seen;
    result.Marked += row.marked;
    result.Unmarked += row.unmarked;
    after = row.last;
    await p.pause?.();
    if (row.seen < MARK_BATCH) break;
  }

  const cutoff = new Date(p.now.getTime() - p.graceMs);
  for (;;) {
    const { picked, removed } = await p.db.transaction(async (tx) => {
      const candidates = await tx.query<{ name: string }>(
        `SELECT f.name FROM stored_files f
         WHERE f.orphaned_at < $1 AND f.uploaded_at < $1 AND NOT EXISTS (SELECT 1 FROM ${refs} WHERE r.name = f.name)
         LIMIT $2
         FOR UPDATE OF f SKIP LOCKED`,
        [cutoff, REMOVE_BATCH],
      );
      if (candidates.length === 0) return { picked: 0, removed: [] as string[] };
      // A fresh statement sees every reference committed before the locks were taken; later ones wait for them.
      const gone = await tx.query<{ name: string }>(
        `DELETE FROM stored_files f
         WHERE f.name = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM ${refs} WHERE r.name = f.name)
         RETURNING f.name`,
        [candidates.map((c) => c.name)],
      );
      // Bytes before the commit: if removing them fails, the rows stay and the next sweep tries again.
      for (const { name } of gone) await p.storage.remove(name);
      return { picked: candidates.length, removed: gone.map((g) => g.name) };
    });
    result.Removed += removed.length;
    if (picked < REMOVE_BATCH) break;
    await p.pause?.();
  }

  // Bytes that no stored_files row names: a process stopped between writing an upload and recording it. Only files
  // written before the grace period are looked at, so an upload being recorded right now is never touched.
  let unrecorded: string[] = [];
  const removeUnrecorded = async () => {
    const known = await p.db.query<{ name: string }>('SELECT name FROM stored_files WHERE name = ANY($1::text[])', [unrecorded]);
    const recorded = new Set(known.map((k) => k.name));
    for (const name of unrecorded.filter((n) => !recorded.has(n))) {
      await p.storage.remove(name);
      result.Unrecorded++;
    }
    unrecorded = [];
    await p.pause?.();
  };
  for await (const file of p.storage.list()) {
    if (file.modifiedAt >= cutoff) continue;
    unrecorded.push(file.name);
    if (unrecorded.length >= MARK_BATCH) await removeUnrecorded();
  }
  if (unrecorded.length > 0) await removeUnrecorded();
  return result;
}

/**
 * The recurring job that removes orphan uploads [issue 14]: every ORPHAN_SWEEP_EVERY_MS, stored files no record has
 * referred to for longer than ORPHAN_UPLOAD_GRACE_HOURS go, bytes and row.
 */
export function orphanUploadsJobHandler(deps: {
  storage: FileStorage;
  references: readonly StoredFileReferences[];
  graceHours: number;
}): JobHandler<unknown> {
  return {
    type: ORPHAN_UPLOADS_JOB_TYPE,
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    async run(ctx) {
      const result = await sweepOrphanUploads({
        db: ctx.db,
        storage: deps.storage,
        references: deps.references,
        graceMs: graceMsOf(deps.graceHours),
        now: ctx.now(),
        pause: () => ctx.pause(),
      });
      if (result.Removed > 0 || result.Unrecorded > 0) ctx.log.info(result, 'orphan uploads removed');
      return result;
    },
  };
}
