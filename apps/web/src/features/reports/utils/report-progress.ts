/**
 * [M9.13] How far a running report is, in percent, against its average execution time: it grows with each tick and
 * stops at 99 until the run really finishes (a run may take longer than the average).
 */
export function runProgress({ startedAtMs, nowMs, expectedMs }: { startedAtMs: number; nowMs: number; expectedMs: number }) {
  if (expectedMs <= 0) return 99;
  const elapsed = Math.max(0, nowMs - startedAtMs);
  return Math.min(99, Math.floor((elapsed / expectedMs) * 100));
}
