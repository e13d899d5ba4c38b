import { models } from '@portal/embed';

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

/** The error code for a refused data request: the token ran out, the content is missing, or the token is not good for it. */
export function refusalCode(status: number, reason: string | undefined): string {
  if (reason === 'expired') return models.CommonErrorCodes.TokenExpired;
  return status === 404 ? models.CommonErrorCodes.NotFound : models.CommonErrorCodes.NotAuthorized;
}
