/**
 * One timer per host that fires when the embed token runs out, so the host can raise TokenExpired.
 * Scheduling again (a new token) replaces the previous timer.
 */
export class TokenExpiry {
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly onExpired: () => void) {}

  schedule(expiresAt: string) {
    if (this.timer) clearTimeout(this.timer);
    const ms = Date.parse(expiresAt) - Date.now();
    if (!Number.isFinite(ms)) return;
    // setTimeout holds at most a signed 32-bit number of milliseconds.
    this.timer = setTimeout(this.onExpired, Math.max(0, Math.min(ms, 2_147_483_647)));
  }
}
