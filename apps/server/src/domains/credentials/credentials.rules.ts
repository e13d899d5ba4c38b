/** Pure decisions about first-time credentials: the password itself, who can be sent one, and the e-mail text. */

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
/** A subset of the [M5.1] special characters that survives copying from an e-mail or a spreadsheet cell. */
const SPECIAL = '!@#$%^&*=+-_?';
const ALL = UPPER + LOWER + DIGITS + SPECIAL;

export const FIRST_TIME_PASSWORD_LENGTH = 16;

/** [M5.1] The special characters a password must contain one of. */
const M51_SPECIAL = '!@#$%^&*=+-_(){}[]"\'`~,.?|\\/';

export type PasswordRule = 'length' | 'upper' | 'lower' | 'digit' | 'special' | 'username';

/** [M5.1] Which password rules a password breaks (empty when it meets all of them). */
export function brokenPasswordRules(password: string, username: string | null): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if (password.length < 12) broken.push('length');
  if (!/[A-Z]/.test(password)) broken.push('upper');
  if (!/[a-z]/.test(password)) broken.push('lower');
  if (!/[0-9]/.test(password)) broken.push('digit');
  if (![...password].some((c) => M51_SPECIAL.includes(c))) broken.push('special');
  const name = (username ?? '').split('@')[0]?.toLowerCase() ?? '';
  if (name !== '' && password.toLowerCase().includes(name)) broken.push('username');
  return broken;
}

/** A source of random bytes (crypto.randomBytes in the service; fixed bytes in tests). */
export type RandomBytes = (count: number) => Uint8Array;

/** An unbiased index below `size` (rejection sampling: no modulo bias). */
function randomIndex(random: RandomBytes, size: number): number {
  const limit = 256 - (256 % size);
  for (;;) {
    const [byte] = random(1);
    if (byte !== undefined && byte < limit) return byte % size;
  }
}

/**
 * A fresh first-time password: 16 characters with at least one upper-case letter, lower-case letter,
 * digit and special character, shuffled, never containing the username [M5.1]. Look-alike
 * characters (0/O, 1/l/I) are left out because people type it from an e-mail or a spreadsheet.
 */
export function generateFirstTimePassword(params: { random: RandomBytes; username: string | null }): string {
  for (let attempt = 0; attempt < 100; attempt++) {
    const chars = [UPPER, LOWER, DIGITS, SPECIAL].map((set) => set[randomIndex(params.random, set.length)] as string);
    while (chars.length < FIRST_TIME_PASSWORD_LENGTH) chars.push(ALL[randomIndex(params.random, ALL.length)] as string);
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomIndex(params.random, i + 1);
      [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
    }
    const password = chars.join('');
    if (brokenPasswordRules(password, params.username).length === 0) return password;
  }
  throw new Error('could not generate a password that meets the rules');
}

export type SendToUserDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'not-user' | 'terminated' | 'no-email' | 'no-username' };

/** [A6.19] Per-user credentials go to an active User account with a username and an e-mail address. */
export function decideSendToUser(params: {
  accountType: string;
  state: string;
  email: string | null;
  username: string | null;
  isMailAddress: (text: string) => boolean;
}): SendToUserDecision {
  if (params.accountType !== 'User') return { ok: false, reason: 'not-user' };
  if (params.state === 'Terminated') return { ok: false, reason: 'terminated' };
  if (!params.username) return { ok: false, reason: 'no-username' };
  if (!params.email || !params.isMailAddress(params.email.trim())) return { ok: false, reason: 'no-email' };
  return { ok: true };
}

export type BulkTargetDecision = { readonly ok: true } | { readonly ok: false; readonly reason: 'wrong-type' | 'terminated' };

/** [A6.19] Send-to-all and the exports are offered for Reseller and Company accounts that are not terminated. */
export function decideBulkTarget(params: { accountType: string; state: string }): BulkTargetDecision {
  if (params.accountType !== 'Reseller' && params.accountType !== 'Company') return { ok: false, reason: 'wrong-type' };
  if (params.state === 'Terminated') return { ok: false, reason: 'terminated' };
  return { ok: true };
}

export interface CandidateUser {
  id: number;
  username: string | null;
  email: string | null;
}

/**
 * Splits a chunk of active users of a company into those who get credentials and those left out.
 * The caller who started the job is never among them: they know their own password, and replacing it
 * would sign them out of every other device at their next sign-in.
 */
export function selectRecipients<U extends CandidateUser>(params: {
  users: readonly U[];
  excludeId: number | null;
  needsEmail: boolean;
  isMailAddress: (text: string) => boolean;
}): { recipients: U[]; skipped: number } {
  const recipients: U[] = [];
  let skipped = 0;
  for (const user of params.users) {
    if (user.id === params.excludeId) continue;
    const hasEmail = user.email !== null && params.isMailAddress(user.email.trim());
    if (!user.username || (params.needsEmail && !hasEmail)) skipped++;
    else recipients.push(user);
  }
  return { recipients, skipped };
}

/** The e-mail that carries a first-time password. Plain text only: nothing in it needs HTML. */
export function firstTimePasswordMail(params: { displayName: string; username: string; password: string }) {
  return {
    subject: 'Your sign-in details for the cloud portal',
    text: [
      `Hello ${params.displayName},`,
      '',
      'You can sign in to the cloud portal with these details:',
      '',
      `Username: ${params.username}`,
      `First-time password: ${params.password}`,
      '',
      'This password replaces any password you had before. Choose a password of your own after you sign in.',
      'If you did not expect this message, tell your administrator.',
    ].join('\n'),
  };
}
