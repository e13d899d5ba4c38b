/**
 * The footer's help (decision 0052): support details per provider and reseller, the chat token, answers from the
 * help articles and the hand-over of a chat to the support e-mail address.
 */
import {
  type AskChatBotOutput,
  type ChatMessage,
  type ChatToken,
  checkSupportDetails,
  type EditableSupportDetails,
  EMPTY_SUPPORT_DETAILS,
  type GetSupportDetailsOutput,
  type HelpScreen,
  SUPPORT_DETAIL_FIELDS,
  type SupportDetails,
  type UpdateSupportDetailsInput,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import { sendMail } from '../../platform/mail/index.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { secretsKeyring } from '../../platform/secrets/index.js';
import { pathIds } from '../../platform/tenancy/scope.js';
import { findById } from '../accounts/index.js';
import * as repo from './help.repository.js';
import {
  asksForPerson,
  CHAT_TOKEN_MESSAGES,
  deriveChatTokenKey,
  excerptOf,
  handOverMail,
  issueChatToken,
  nearestSupportDetails,
  pickArticles,
  verifyChatToken,
} from './help.rules.js';

/** Support details are kept for these organisations only. */
const SUPPORT_ORGANISATION_TYPES = ['Provider', 'Reseller'];
export const NOT_A_SUPPORT_ORGANISATION = 'Support details are kept for providers and resellers only';

/** The support details that apply to the caller, and whose they are. */
async function applicableSupportDetails(db: Queryable, caller: Caller) {
  const ids = pathIds(caller.scope.rootPath);
  const row = nearestSupportDetails(ids, await repo.listSupportDetails(db, ids));
  if (!row) return null;
  const owner = await findById(db, row.accountId);
  return { ...row, displayName: owner?.display_name ?? '' };
}

/** [M7.20] GetSupportDetails: the nearest organisation's details at or above the caller's own; none anywhere -> nulls. */
export async function getSupportDetails(db: Queryable, caller: Caller): Promise<GetSupportDetailsOutput> {
  const found = await applicableSupportDetails(db, caller);
  return found
    ? { Details: found.details, AccountId: found.accountId, DisplayName: found.displayName }
    : { Details: null, AccountId: null, DisplayName: null };
}

function requireSupportOrganisation(account: LocatedAccount) {
  if (!SUPPORT_ORGANISATION_TYPES.includes(account.type))
    throw validationFailed([{ field: 'AccountId', message: NOT_A_SUPPORT_ORGANISATION }]);
}

async function editable(db: Queryable, accountId: number): Promise<EditableSupportDetails> {
  const [row, owner] = await Promise.all([repo.findSupportDetails(db, accountId), findById(db, accountId)]);
  if (!owner) throw notFound();
  return {
    AccountId: accountId,
    DisplayName: owner.display_name,
    Details: row?.details ?? EMPTY_SUPPORT_DETAILS,
    Version: row?.version ?? 0,
    UpdatedBy: row?.updatedBy ?? null,
    UpdatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** LoadSupportDetails: a provider's or reseller's own details for the edit screen (the guard checked the scope). */
export async function loadSupportDetails(db: Queryable, account: LocatedAccount): Promise<EditableSupportDetails> {
  requireSupportOrganisation(account);
  return editable(db, account.id);
}

/**
 * UpdateSupportDetails: checks every field (a wrong e-mail, phone or web address is refused naming its field) and
 * saves over the Version read; a stale Version answers 409 with the saved details. Returns the saved details and the
 * audit detail (only the fields that changed).
 */
export async function updateSupportDetails(
  db: Queryable,
  caller: Caller,
  account: LocatedAccount,
  input: UpdateSupportDetailsInput,
  now: Date,
) {
  requireSupportOrganisation(account);
  const details = Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, input[field].trim()])) as SupportDetails;
  const errors = checkSupportDetails(details);
  if (errors.length > 0) throw validationFailed(errors);
  const before = await editable(db, account.id);
  const stale = () =>
    staleVersion('support details', {
      ...before.Details,
      Version: before.Version,
      UpdatedBy: before.UpdatedBy,
      UpdatedAt: before.UpdatedAt,
    });
  if (before.Version !== input.Version) throw stale();
  const values = { accountId: account.id, details, updatedBy: caller.userId, now };
  const saved =
    before.Version === 0
      ? await repo.insertSupportDetails(db, values)
      : await repo.updateSupportDetails(db, { ...values, version: input.Version });
  if (!saved) throw stale();
  const changed = SUPPORT_DETAIL_FIELDS.filter((field) => before.Details[field] !== details[field]);
  return {
    result: await editable(db, account.id),
    audit: {
      accountId: account.id,
      before: Object.fromEntries(changed.map((field) => [field, before.Details[field]])),
      after: Object.fromEntries(changed.map((field) => [field, details[field]])),
    },
  };
}

/** The token keys, derived from the secrets keys: the current one signs, every one verifies (key rotation). */
function tokenKeys(): { current: Buffer; all: Buffer[] } {
  const keyring = secretsKeyring();
  return { current: deriveChatTokenKey(keyring.current.key), all: keyring.all.map((k) => deriveChatTokenKey(k.key)) };
}

/** [M7.20] GetChatBotToken: a token for the caller, valid for one hour [M9.13]. */
export function getChatBotToken(caller: Caller, now: Date): ChatToken {
  const issued = issueChatToken({ userId: caller.userId, now, key: tokenKeys().current });
  return { Token: issued.token, ExpiresAt: issued.expiresAt.toISOString() };
}

/** Refuses (403, field Token) a token that is malformed, forged, expired or another user's. */
function requireChatToken(caller: Caller, token: string, now: Date) {
  const decision = verifyChatToken({ token, userId: caller.userId, now, keys: tokenKeys().all });
  if (!decision.ok) {
    const message = CHAT_TOKEN_MESSAGES[decision.reason];
    throw new DomainError('FORBIDDEN', message, [{ field: 'Token', message }]);
  }
}

const SEARCH_LIMIT = 10;

/**
 * [M2.59] AskChatBot: a question asking for a person answers HandOver; otherwise the best 1-3 articles that have
 * all of the question's words, or failing that any of them; NoMatch when none has.
 */
export async function askChatBot(
  db: Queryable,
  caller: Caller,
  input: { Token: string; Question: string },
  now: Date,
): Promise<AskChatBotOutput> {
  requireChatToken(caller, input.Token, now);
  if (asksForPerson(input.Question)) return { Kind: 'HandOver', Articles: [] };
  let hits = await repo.searchArticles(db, input.Question, false, SEARCH_LIMIT);
  if (hits.length === 0) hits = await repo.searchArticles(db, input.Question, true, SEARCH_LIMIT);
  const best = pickArticles(hits);
  if (best.length === 0) return { Kind: 'NoMatch', Articles: [] };
  return {
    Kind: 'Articles',
    Articles: best.map((hit) => ({
      Slug: hit.slug,
      Title: hit.title,
      Excerpt: excerptOf(hit.body),
      Screen: hit.screen as HelpScreen,
      Body: hit.body,
    })),
  };
}

/**
 * HandOverChatToSupport: e-mails the conversation through the outbox, in the request's transaction, to the
 * SupportTechnicalEmail that applies to the caller (the message is filed under the organisation whose address it
 * is, so its outbox shows it). Without a support e-mail nothing is sent: Sent false.
 */
export async function handOverChat(db: Queryable, caller: Caller, input: { Token: string; Messages: ChatMessage[] }, now: Date) {
  requireChatToken(caller, input.Token, now);
  const support = await applicableSupportDetails(db, caller);
  const to = support?.details.SupportTechnicalEmail ?? '';
  if (!support || to === '')
    return { result: { Sent: false, SentTo: null, DisplayName: null }, audit: { after: { Sent: false } } };
  const user = await findById(db, caller.userId);
  const mail = handOverMail({
    user: { displayName: caller.displayName, username: caller.username, email: user?.email ?? null },
    organisation: caller.scope.rootDisplayName,
    messages: input.Messages,
    now,
  });
  const { messageId } = await sendMail(db, {
    to,
    subject: mail.subject,
    text: mail.text,
    accountId: support.accountId,
    kind: 'SupportHandOver',
  });
  return {
    result: { Sent: true, SentTo: to, DisplayName: support.displayName },
    // The audit row names the message, not the conversation (which stays in the mail) nor the token.
    audit: {
      accountId: caller.scope.rootId,
      after: { Sent: true, SentTo: to, MessageId: messageId, Messages: input.Messages.length },
    },
  };
}
