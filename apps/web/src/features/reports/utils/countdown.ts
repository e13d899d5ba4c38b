/** [A9.5] Whole seconds left of a time-out after some one-second ticks (never below 0). */
export function secondsLeft(timeoutMs: number, ticks: number): number {
  return Math.max(0, Math.ceil(timeoutMs / 1000) - ticks);
}
