/**
 * Sign-in throttling (issue 14): failures count per username *and* source address, so an attacker elsewhere never
 * slows the real user down at their own address, and one noisy address (a proxy, an office behind NAT) never blocks
 * the other users behind it. The first few failures are free; after that each further attempt from that address for
 * that username must wait a delay that doubles with every consecutive failure, up to a cap. A success from the
 * address, or a quiet window, starts the count again.
 */
export const SIGN_IN_WINDOW_MINUTES = 60;
export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
/** The user is e-mailed once this many sign-ins for the username failed (from anywhere) within the alert window. */
export const ALERT_AFTER_FAILURES = 5;
export const ALERT_WINDOW_MINUTES = 60;

/** The wait after `consecutiveFailures` failures in a row for one username from one address: 0, then 1 s, 2 s, 4 s … */
export function signInDelaySeconds(consecutiveFailures: number): number {
  if (consecutiveFailures < FREE_FAILURES) return 0;
  return Math.min(2 ** (consecutiveFailures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

/** Seconds the next attempt must still wait (0: it may go ahead now). */
export function signInRetryAfterSeconds(p: { consecutiveFailures: number; lastFailureAt: Date | null; now: Date }): number {
  const delay = signInDelaySeconds(p.consecutiveFailures);
  if (delay === 0 || !p.lastFailureAt) return 0;
  const remainingMs = p.lastFailureAt.getTime() + delay * 1000 - p.now.getTime();
  return remainingMs > 0 ? Math.ceil(remainingMs / 1000) : 0;
}

/** Whether the failures for a username (from anywhere) within the alert window call for an e-mail to the user. */
export function needsFailedSignInAlert(recentFailures: number): boolean {
  return recentFailures >= ALERT_AFTER_FAILURES;
}

/** The start of the window in which at most one such e-mail goes out. */
export function alertWindowStart(now: Date): Date {
  return new Date(now.getTime() - ALERT_WINDOW_MINUTES * 60_000);
}

/** The e-mail telling a user that sign-ins with their username keep failing. */
export function failedSignInsMail(p: { displayName: string; username: string; failures: number; lastAddress: string }) {
  return {
    subject: 'Failed sign-in attempts on your account',
    text: [
      `Hello ${p.displayName},`,
      '',
      `In the last ${ALERT_WINDOW_MINUTES} minutes, ${p.failures} attempts to sign in as ${p.username} failed` +
        ` (the latest from the address ${p.lastAddress}).`,
      '',
      'If this was you, there is nothing to do. If it was not, someone may be guessing your password: your account',
      'is still protected, since each address that keeps failing is slowed down, but choose a new, strong password',
      'and consider setting up an authenticator app on your User security tab.',
      '',
      `You will get at most one such message every ${ALERT_WINDOW_MINUTES} minutes.`,
    ].join('\n'),
  };
}

/** Sessions slide: each use pushes the expiry out, but the row is only rewritten every few minutes. */
export function nextSessionExpiry(params: { now: Date; lastSeenAt: Date; sessionHours: number }): Date | null {
  const REFRESH_AFTER_MS = 5 * 60 * 1000;
  if (params.now.getTime() - params.lastSeenAt.getTime() < REFRESH_AFTER_MS) return null;
  return new Date(params.now.getTime() + params.sessionHours * 3600 * 1000);
}
