/** Pure decisions about password reset: link lifetime, throttling, the link and the e-mail text. */

/** How long a reset link works (decision 0012). */
export const RESET_TOKEN_MINUTES = 60;
/** The window the throttles count in. */
export const RESET_WINDOW_MINUTES = 60;
/** Reset e-mails one username (or e-mail address) may ask for per window. */
export const MAX_REQUESTS_PER_USERNAME = 3;
/** Reset requests one address may make per window (any usernames). */
export const MAX_REQUESTS_PER_IP = 20;
/** Failed "set new password" attempts (wrong, spent or expired links) per username or per address per window. */
export const MAX_FAILED_RESETS = 10;
/** Every request answers no sooner than this, whether or not a user matched, so timing does not tell. */
export const REQUEST_MIN_MILLISECONDS = 400;
/** At most this many users get a link when an e-mail address is shared by several. */
export const MAX_USERS_PER_ADDRESS = 5;

export function resetTokenExpiry(now: Date): Date {
  return new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000);
}

export function isRequestThrottled(p: { requestsForUsername: number; requestsFromIp: number }): boolean {
  return p.requestsForUsername >= MAX_REQUESTS_PER_USERNAME || p.requestsFromIp >= MAX_REQUESTS_PER_IP;
}

export function isResetThrottled(p: { failuresForUsername: number; failuresFromIp: number }): boolean {
  return p.failuresForUsername >= MAX_FAILED_RESETS || p.failuresFromIp >= MAX_FAILED_RESETS * 2;
}

export type TokenProblem = 'unknown' | 'other-user' | 'used' | 'expired';

/** Why a stored token may not set this user's password, or null when it may. */
export function tokenProblem(
  token: { userId: number; expiresAt: Date; usedAt: Date | null } | null,
  p: { userId: number | null; now: Date },
): TokenProblem | null {
  if (token === null) return 'unknown';
  if (p.userId === null || token.userId !== p.userId) return 'other-user';
  if (token.usedAt !== null) return 'used';
  if (token.expiresAt.getTime() <= p.now.getTime()) return 'expired';
  return null;
}

/** [M2.14] The link in the e-mail: the reset screen's hash route with the username and the token. */
export function resetLink(publicUrl: string, username: string, token: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return `${base}/v/#/reset-password/${encodeURIComponent(username)}/${encodeURIComponent(token)}`;
}

export function resetMail(p: { displayName: string; username: string; link: string }): { subject: string; text: string } {
  return {
    subject: 'Reset your password',
    text: [
      `Hello ${p.displayName},`,
      '',
      `Someone asked to reset the password of the user ${p.username}. To choose a new password, open this link:`,
      '',
      p.link,
      '',
      `The link works once and for ${RESET_TOKEN_MINUTES} minutes. Setting a new password signs you out everywhere.`,
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}
