/** Sign-in throttling: how many recent failures lock a username or an address out for a while. */
export const SIGN_IN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_USERNAME = 10;
export const MAX_FAILURES_PER_IP = 50;

export function isSignInThrottled(params: { failuresForUsername: number; failuresFromIp: number }): boolean {
  return params.failuresForUsername >= MAX_FAILURES_PER_USERNAME || params.failuresFromIp >= MAX_FAILURES_PER_IP;
}

/** Sessions slide: each use pushes the expiry out, but the row is only rewritten every few minutes. */
export function nextSessionExpiry(params: { now: Date; lastSeenAt: Date; sessionHours: number }): Date | null {
  const REFRESH_AFTER_MS = 5 * 60 * 1000;
  if (params.now.getTime() - params.lastSeenAt.getTime() < REFRESH_AFTER_MS) return null;
  return new Date(params.now.getTime() + params.sessionHours * 3600 * 1000);
}
