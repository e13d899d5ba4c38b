import { PASSWORD_INVALID_MESSAGE, PASSWORDS_DONT_MATCH_MESSAGE } from '@portal/contracts';
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

// ---------------------------------------------------------------- reset by an administrator (custom action)

/** The two ways of the "reset password" custom action [A1.5] (decision 0020-reset-password-action). */
export const ADMIN_RESET_METHODS = ['SEND_LINK', 'SET_PASSWORD'] as const;
export type AdminResetMethod = (typeof ADMIN_RESET_METHODS)[number];

export type AdminResetPlan =
  | { ok: true; kind: 'link'; email: string; username: string }
  | { ok: true; kind: 'set'; password: string; username: string; mustChange: boolean }
  | { ok: false; conflict: string }
  | { ok: false; errors: { field: 'Method' | 'NewPassword' | 'PasswordConfirmation'; message: string }[] };

/**
 * What the "reset password" custom action does for these values, or why it cannot: a link needs a username and a
 * valid e-mail address; a new password needs a username, every [M5.1] rule and a matching confirmation. Nobody
 * resets their own password this way (Change password asks for the current one).
 */
export function decideAdminReset(p: {
  method: unknown;
  newPassword: string;
  confirmation: string;
  changeAtNextSignIn: boolean;
  username: string | null;
  email: string | null;
  isSelf: boolean;
  isMailAddress: (value: string) => boolean;
  meetsRules: (password: string, username: string) => boolean;
}): AdminResetPlan {
  if (p.isSelf) return { ok: false, conflict: 'Change your own password under Security, with your current password.' };
  if (!ADMIN_RESET_METHODS.includes(p.method as AdminResetMethod))
    return { ok: false, errors: [{ field: 'Method', message: 'Choose how to reset the password' }] };
  const username = p.username?.trim() ?? '';
  if (username === '') return { ok: false, errors: [{ field: 'Method', message: 'This user has no username to sign in with' }] };
  if (p.method === 'SEND_LINK') {
    const email = p.email?.trim() ?? '';
    if (!p.isMailAddress(email))
      return {
        ok: false,
        errors: [
          { field: 'Method', message: 'This user has no valid e-mail address to send a link to. Set a new password instead.' },
        ],
      };
    return { ok: true, kind: 'link', email, username };
  }
  const errors: { field: 'NewPassword' | 'PasswordConfirmation'; message: string }[] = [];
  if (!p.meetsRules(p.newPassword, username)) errors.push({ field: 'NewPassword', message: PASSWORD_INVALID_MESSAGE });
  else if (p.newPassword !== p.confirmation)
    errors.push({ field: 'PasswordConfirmation', message: PASSWORDS_DONT_MATCH_MESSAGE });
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, kind: 'set', password: p.newPassword, username, mustChange: p.changeAtNextSignIn };
}
