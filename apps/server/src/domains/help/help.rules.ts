/**
 * Pure rules of the footer's help (decision 0052): the chat token, what counts as asking for a person, which
 * articles answer a question, reading an article file, whose support details apply, the hand-over e-mail.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  CHAT_MAX_ARTICLES,
  CHAT_TOKEN_LIFETIME_MS,
  type ChatMessage,
  HELP_SCREENS,
  type HelpScreen,
  hasSupportDetails,
  type SupportDetails,
} from '@portal/contracts';

// ---------------------------------------------------------------------------------------------------------------
// The chat token [M7.20] [M9.13]: `c1.<payload>.<HMAC-SHA256>`, payload { uid, exp } (exp in ms since the epoch).

export interface ChatTokenClaims {
  /** The user the token was issued to. */
  uid: number;
  /** When it stops working (ms since the epoch). */
  exp: number;
}

/** The token key derived from a secrets key, so the chat token never uses a sealing key as it is. */
export function deriveChatTokenKey(secretsKey: Buffer): Buffer {
  return createHmac('sha256', secretsKey).update('portal chat-bot token key').digest();
}

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(`chat-bot-token.c1.${body}`).digest();

/** A token for `userId`, valid for one hour from `now`. */
export function issueChatToken(params: { userId: number; now: Date; key: Buffer }): { token: string; expiresAt: Date } {
  const expiresAt = new Date(params.now.getTime() + CHAT_TOKEN_LIFETIME_MS);
  const claims: ChatTokenClaims = { uid: params.userId, exp: expiresAt.getTime() };
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return { token: `c1.${body}.${sign(params.key, body).toString('base64url')}`, expiresAt };
}

export type ChatTokenDecision = { ok: true } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'foreign' };

/**
 * Whether a chat call may go on: the token is signed with one of `keys` (the current key and older ones, so a key
 * rotation does not cut a chat short), not expired at `now`, and was issued to the caller.
 */
export function verifyChatToken(params: {
  token: string;
  userId: number;
  now: Date;
  keys: readonly Buffer[];
}): ChatTokenDecision {
  const parts = params.token.split('.');
  if (parts.length !== 3 || parts[0] !== 'c1' || !parts[1] || !parts[2]) return { ok: false, reason: 'malformed' };
  const body = parts[1];
  const given = Buffer.from(parts[2], 'base64url');
  const signed = params.keys.some((key) => {
    const expected = sign(key, body);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!signed) return { ok: false, reason: 'signature' };
  let claims: Partial<ChatTokenClaims>;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<ChatTokenClaims>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (typeof claims.exp !== 'number' || claims.exp <= params.now.getTime()) return { ok: false, reason: 'expired' };
  if (claims.uid !== params.userId) return { ok: false, reason: 'foreign' };
  return { ok: true };
}

/** The words a refused token is answered with (403, field Token). */
export const CHAT_TOKEN_MESSAGES: Record<Exclude<ChatTokenDecision, { ok: true }>['reason'], string> = {
  malformed: 'The chat token is not valid; ask for a new one (GetChatBotToken)',
  signature: 'The chat token is not valid; ask for a new one (GetChatBotToken)',
  expired: 'The chat token has expired; ask for a new one (GetChatBotToken)',
  foreign: 'The chat token was issued to another user',
};

// ---------------------------------------------------------------------------------------------------------------
// Asking for a person.

const PERSON = /\b(humans?|persons?|agents?|operators?|representatives?)\b/i;
const TALK_TO = /\b(talk|speak|chat|get in touch)\s+(to|with)\s+(a|an|someone|somebody|support|your support|the support)\b/i;

/** [M2.59] Whether a question asks to talk to a person rather than read an article ("Can I talk to a human?"). */
export function asksForPerson(question: string): boolean {
  return PERSON.test(question) || TALK_TO.test(question);
}

// ---------------------------------------------------------------------------------------------------------------
// Choosing the articles that answer.

export interface RankedArticle {
  slug: string;
  rank: number;
}

/**
 * The best 1-3 articles of a search: those ranked at least a quarter of the best one's rank (a far weaker match is
 * noise beside a good one), best first, ties by slug so the answer is stable.
 */
export function pickArticles<T extends RankedArticle>(ranked: readonly T[], max = CHAT_MAX_ARTICLES): T[] {
  const positive = ranked.filter((a) => a.rank > 0);
  const best = Math.max(0, ...positive.map((a) => a.rank));
  return positive
    .filter((a) => a.rank >= best / 4)
    .sort((a, b) => b.rank - a.rank || a.slug.localeCompare(b.slug))
    .slice(0, max);
}

/** The longest excerpt the chat shows of an article. */
export const EXCERPT_MAX_LENGTH = 240;

/** An article's excerpt: its first paragraph (the summary every article starts with), cut at a word with an ellipsis. */
export function excerptOf(body: string, max = EXCERPT_MAX_LENGTH): string {
  const first = (body.split(/\n\s*\n/)[0] ?? '').replace(/\s+/g, ' ').trim();
  if (first.length <= max) return first;
  const cut = first.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

// ---------------------------------------------------------------------------------------------------------------
// Article files: markdown with a front matter of title, screen and keywords.

export interface HelpArticle {
  slug: string;
  title: string;
  screen: HelpScreen;
  keywords: string;
  /** Plain text: paragraphs separated by one blank line. */
  body: string;
}

/** Markdown to the plain text the chat shows: no #, *, _, ` or link syntax; list items as lines starting with "- ". */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(/^#{1,6}\s+/, '')
        .replace(/^\s*[*+]\s+/, '- ')
        .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
        .replace(/(^|[^\w])(\*\*|__|\*|_|`)(\S(?:.*?\S)?)\2(?=[^\w]|$)/g, '$1$3')
        .trimEnd(),
    )
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Reads one article file; throws naming the file and what is wrong (a shipped article must be well formed). */
export function parseArticle(slug: string, text: string): HelpArticle {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n?/g, '\n'));
  if (!match) throw new Error(`help article ${slug}: it must start with a front matter between --- lines`);
  const meta = new Map(
    (match[1] ?? '')
      .split('\n')
      .map((line) => /^([a-z]+):\s*(.*)$/.exec(line.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1] as string, (m[2] as string).trim()]),
  );
  const title = meta.get('title') ?? '';
  const screen = meta.get('screen') ?? '';
  const body = plainText(match[2] ?? '');
  if (title === '') throw new Error(`help article ${slug}: give it a title`);
  if (!(HELP_SCREENS as readonly string[]).includes(screen))
    throw new Error(`help article ${slug}: screen must be one of ${HELP_SCREENS.join(', ')}`);
  if (body === '') throw new Error(`help article ${slug}: it has no text`);
  return { slug, title, screen: screen as HelpScreen, keywords: meta.get('keywords') ?? '', body };
}

// ---------------------------------------------------------------------------------------------------------------
// Whose support details apply.

/**
 * The support details that apply to a caller: those of the deepest organisation on the caller's organisation path
 * (its own first, then up to the provider) with any detail set. `pathIds` lists the path from the provider down.
 */
export function nearestSupportDetails<T extends { accountId: number; details: SupportDetails }>(
  pathIds: readonly number[],
  rows: readonly T[],
): T | null {
  for (const id of [...pathIds].reverse()) {
    const row = rows.find((r) => r.accountId === id);
    if (row && hasSupportDetails(row.details)) return row;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The hand-over e-mail.

/** The e-mail that hands a chat over to the support contact: who asks, from where, and the conversation. */
export function handOverMail(params: {
  user: { displayName: string; username: string; email: string | null };
  organisation: string;
  messages: readonly ChatMessage[];
  now: Date;
}): { subject: string; text: string } {
  const { user } = params;
  const lines = params.messages
    .filter((m) => m.Text.trim() !== '')
    .map((m) => `${m.From === 'User' ? user.displayName : 'Assistant'}: ${m.Text.trim()}`);
  const text = [
    `${user.displayName} (${user.username}, ${params.organisation}) asked the portal's chat assistant to talk to a person.`,
    user.email ? `Reply to: ${user.email}` : 'The user has no e-mail address on record; reply through the portal.',
    `Handed over: ${params.now.toISOString()}`,
    '',
    'The conversation:',
    '',
    ...(lines.length > 0 ? lines : ['(the user asked for a person before asking anything)']),
  ].join('\n');
  return { subject: `Chat hand-over: ${user.displayName} (${params.organisation})`, text };
}
