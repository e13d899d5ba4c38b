/** Pure decisions of the orphan upload sweep: which stored files it marks, unmarks and removes. No clock, no database. */

/** What the sweep does with one stored file. */
export type OrphanDecision =
  /** Nothing: referenced and not marked, or not unreferenced for long enough yet. */
  | 'keep'
  /** No record refers to it and it was not marked: it is an orphan from now on (orphaned_at = now). */
  | 'mark'
  /** Marked, but a record refers to it again: the mark goes. */
  | 'unmark'
  /** Unreferenced since longer than the grace period, and uploaded before it: bytes and row are removed. */
  | 'remove';

/**
 * The sweep's rule for one stored file (the SQL of orphan-uploads.ts does what this decides; the API tests
 * check both agree). A file is removed only when no record refers to it now, the sweep found it unreferenced
 * more than `graceMs` ago, and it was uploaded more than `graceMs` ago, so an upload still being attached is
 * never touched.
 *
 * @example
 * decideOrphan({ referenced: false, orphanedAt: null, uploadedAt, now, graceMs }) // 'mark'
 */
export function decideOrphan(p: {
  referenced: boolean;
  uploadedAt: Date;
  orphanedAt: Date | null;
  now: Date;
  graceMs: number;
}): OrphanDecision {
  if (p.referenced) return p.orphanedAt === null ? 'keep' : 'unmark';
  if (p.orphanedAt === null) return 'mark';
  const cutoff = p.now.getTime() - p.graceMs;
  return p.orphanedAt.getTime() < cutoff && p.uploadedAt.getTime() < cutoff ? 'remove' : 'keep';
}

/** The grace period of ORPHAN_UPLOAD_GRACE_HOURS in milliseconds. */
export const graceMsOf = (hours: number): number => hours * 3600_000;
