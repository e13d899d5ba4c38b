/**
 * The footer's help: the support panel [M2.58] [M3.22] [M6.13] [M7.20] and the chat assistant [M2.59] [M9.13]
 * (decision 0052).
 *
 * Support details are kept per provider and reseller; GetSupportDetails answers those of the nearest organisation
 * above the caller (or the caller's own) that has any set. The chat assistant answers from the help articles shipped
 * with the portal, and hands the conversation over to the support e-mail address when the user asks for a person.
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import type { FieldError } from './errors.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

/** [M3.22] Every support detail, in the spec's order. */
export const SUPPORT_DETAIL_FIELDS = [
  'SupportTechnicalEmail',
  'SupportPhoneNumber',
  'SupportWorkingDaysRegular',
  'SupportWorkingHoursRegular',
  'SupportWorkingDaysOthers',
  'SupportWorkingHoursOthers',
  'SupportBillingWorkingDays',
  'SupportBillingWorkingHours',
  'SupportBillingPhoneNumber',
  'SupportBillingEmail',
  'SupportSalesPhoneNumber',
  'SupportSalesEmail',
  'SupportUrl',
  'SupportButtonText',
  'Imprint',
] as const;
export type SupportDetailField = (typeof SUPPORT_DETAIL_FIELDS)[number];

/** What each field holds: the check it gets and its longest value. */
export const SUPPORT_DETAIL_KINDS: Record<SupportDetailField, 'email' | 'phone' | 'url' | 'text'> = {
  SupportTechnicalEmail: 'email',
  SupportPhoneNumber: 'phone',
  SupportWorkingDaysRegular: 'text',
  SupportWorkingHoursRegular: 'text',
  SupportWorkingDaysOthers: 'text',
  SupportWorkingHoursOthers: 'text',
  SupportBillingWorkingDays: 'text',
  SupportBillingWorkingHours: 'text',
  SupportBillingPhoneNumber: 'phone',
  SupportBillingEmail: 'email',
  SupportSalesPhoneNumber: 'phone',
  SupportSalesEmail: 'email',
  SupportUrl: 'url',
  SupportButtonText: 'text',
  Imprint: 'url',
};

/** The longest value per kind (characters). */
export const SUPPORT_DETAIL_MAX_LENGTH = { email: 254, phone: 30, url: 500, text: 100 } as const;

/** The words a wrong value is refused with; the field is named in the error. */
export const SUPPORT_DETAIL_MESSAGES = {
  email: 'Enter one e-mail address, like support@example.com',
  phone: 'Enter a phone number: digits, spaces, +, -, ( ) and / only, at least 3 digits',
  url: 'Enter a web address starting with http:// or https://',
  tooLong: (max: number) => `Enter at most ${max} characters`,
  buttonTextWithoutUrl: 'Give the support web address the button opens, or leave the button text empty',
} as const;

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/;
const PHONE = /^\+?[0-9 ()\-./]+$/;

/** A web address the panel may link to: http or https only (never javascript:, data: or a relative path). */
export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The message for one field's value, or null when it is fine. An empty value is always fine (not set). */
export function checkSupportDetail(field: SupportDetailField, value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  const kind = SUPPORT_DETAIL_KINDS[field];
  const max = SUPPORT_DETAIL_MAX_LENGTH[kind];
  if (text.length > max) return SUPPORT_DETAIL_MESSAGES.tooLong(max);
  if (kind === 'email' && !EMAIL.test(text)) return SUPPORT_DETAIL_MESSAGES.email;
  if (kind === 'phone' && (!PHONE.test(text) || (text.match(/\d/g)?.length ?? 0) < 3)) return SUPPORT_DETAIL_MESSAGES.phone;
  if (kind === 'url' && !isWebAddress(text)) return SUPPORT_DETAIL_MESSAGES.url;
  return null;
}

/** Every field's problem, each naming its field; empty when the details may be saved. */
export function checkSupportDetails(details: Record<SupportDetailField, string>): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of SUPPORT_DETAIL_FIELDS) {
    const message = checkSupportDetail(field, details[field]);
    if (message) errors.push({ field, message });
  }
  if (
    details.SupportButtonText.trim() !== '' &&
    details.SupportUrl.trim() === '' &&
    !errors.some((e) => e.field === 'SupportUrl')
  )
    errors.push({ field: 'SupportUrl', message: SUPPORT_DETAIL_MESSAGES.buttonTextWithoutUrl });
  return errors;
}

/** Whether any detail is set: details with every field empty count as none. */
export function hasSupportDetails(details: Record<SupportDetailField, string>): boolean {
  return SUPPORT_DETAIL_FIELDS.some((field) => details[field].trim() !== '');
}

/** The wire accepts a little more than any field keeps, so an over-long value reaches the check and its message. */
const DetailTextSchema = z.string().max(1000);

export const SupportDetailsSchema = z.object(
  Object.fromEntries(SUPPORT_DETAIL_FIELDS.map((field) => [field, DetailTextSchema])) as Record<
    SupportDetailField,
    typeof DetailTextSchema
  >,
);
export type SupportDetails = z.infer<typeof SupportDetailsSchema>;

/** Support details with every field empty. */
export const EMPTY_SUPPORT_DETAILS: SupportDetails = Object.fromEntries(
  SUPPORT_DETAIL_FIELDS.map((field) => [field, '']),
) as SupportDetails;

export const GetSupportDetailsOutputSchema = z.object({
  /** The details of the nearest organisation at or above the caller that has any set; null when none has. */
  Details: SupportDetailsSchema.nullable(),
  /** The organisation whose details these are (null with no details). */
  AccountId: AccountIdSchema.nullable(),
  DisplayName: z.string().nullable(),
});
export type GetSupportDetailsOutput = z.infer<typeof GetSupportDetailsOutputSchema>;

export const GetSupportDetails = defineOperation({
  name: 'GetSupportDetails',
  summary:
    'The support contact of the nearest provider or reseller at or above the caller that has support details set: phones, e-mails, working days and hours, the support link and the Imprint',
  input: z.object({}),
  output: GetSupportDetailsOutputSchema,
  access: { kind: 'capability', capability: { name: 'SUPPORT_CONTACT_DETAILS', kind: 'READ' } },
  mutating: false,
});

export const EditableSupportDetailsSchema = z.object({
  AccountId: AccountIdSchema,
  DisplayName: z.string(),
  Details: SupportDetailsSchema,
  /** 0 while nothing was saved for this organisation. */
  Version: RecordVersionSchema,
  UpdatedBy: z.string().nullable(),
  UpdatedAt: z.string().nullable(),
});
export type EditableSupportDetails = z.infer<typeof EditableSupportDetailsSchema>;

const SUPPORT_UPDATE = { kind: 'capability', capability: { name: 'SUPPORT_CONTACT_DETAILS', kind: 'UPDATE' } } as const;

export const LoadSupportDetails = defineOperation({
  name: 'LoadSupportDetails',
  summary: "A provider's or reseller's own support details for editing, with their version (all empty while none are set)",
  input: z.object({ AccountId: AccountIdSchema }),
  output: EditableSupportDetailsSchema,
  access: SUPPORT_UPDATE,
  account: (input) => input.AccountId,
  mutating: false,
});

export const UpdateSupportDetailsInputSchema = SupportDetailsSchema.extend({
  AccountId: AccountIdSchema,
  /** The Version read; a stale one answers 409 CONFLICT with the saved details in `current`. */
  Version: RecordVersionSchema,
});
export type UpdateSupportDetailsInput = z.infer<typeof UpdateSupportDetailsInputSchema>;

export const UpdateSupportDetails = defineOperation({
  name: 'UpdateSupportDetails',
  summary:
    "Saves a provider's or reseller's support details: e-mails, phones and web addresses (http/https) are checked and a wrong one is refused naming its field",
  input: UpdateSupportDetailsInputSchema,
  output: EditableSupportDetailsSchema,
  access: SUPPORT_UPDATE,
  account: (input) => input.AccountId,
  mutating: true,
});

/** [M9.13] A chat token is valid for one hour; the browser reuses it for less than that. */
export const CHAT_TOKEN_LIFETIME_MS = 60 * 60 * 1000;
/** The browser asks for a new token this long before the old one expires, so a question never carries a stale one. */
export const CHAT_TOKEN_RENEW_MARGIN_MS = 2 * 60 * 1000;
export const CHAT_QUESTION_MAX_LENGTH = 500;
export const CHAT_TRANSCRIPT_MAX_MESSAGES = 60;
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
/** The chat answers with the best 1 to 3 articles. */
export const CHAT_MAX_ARTICLES = 3;

export const ChatTokenSchema = z.object({
  Token: z.string(),
  /** ISO 8601 UTC: the token is refused from then on. */
  ExpiresAt: z.string(),
});
export type ChatToken = z.infer<typeof ChatTokenSchema>;

const CHAT_READ = { kind: 'capability', capability: { name: 'CHAT_BOT', kind: 'READ' } } as const;

export const GetChatBotToken = defineOperation({
  name: 'GetChatBotToken',
  summary: 'A signed token for the chat assistant, valid for one hour, which every chat call carries',
  input: z.object({}),
  output: ChatTokenSchema,
  access: CHAT_READ,
  mutating: false,
});

const TokenInput = z.string().min(1, 'Ask for a chat token first (GetChatBotToken)').max(2000);

/** Which help screen an article leads to; the web app turns it into a link. */
export const HELP_SCREENS = [
  'Home',
  'AccountCreate',
  'ImportAccounts',
  'Orders',
  'Marketplace',
  'PriceLists',
  'Reports',
  'QuotationTool',
  'SalesQuotes',
  'Services',
  'Outbox',
  'ExchangeRates',
  'MyTerms',
  'Security',
  'VendorProfile',
  'Support',
] as const;
export const HelpScreenSchema = z.enum(HELP_SCREENS);
export type HelpScreen = z.infer<typeof HelpScreenSchema>;

export const HelpArticleMatchSchema = z.object({
  Slug: z.string(),
  Title: z.string(),
  /** A short plain-text passage of the article around the words asked about. */
  Excerpt: z.string(),
  /** The screen the article is about. */
  Screen: HelpScreenSchema,
  /** The whole article (plain text, paragraphs separated by blank lines), to read in the chat. */
  Body: z.string(),
});
export type HelpArticleMatch = z.infer<typeof HelpArticleMatchSchema>;

export const AskChatBotOutputSchema = z.object({
  /**
   * Articles: the best 1-3 articles; NoMatch: none fits (the chat offers a person); HandOver: the user asked for a
   * person, so the chat hands the conversation over (HandOverChatToSupport).
   */
  Kind: z.enum(['Articles', 'NoMatch', 'HandOver']),
  Articles: z.array(HelpArticleMatchSchema),
});
export type AskChatBotOutput = z.infer<typeof AskChatBotOutputSchema>;

export const AskChatBot = defineOperation({
  name: 'AskChatBot',
  summary:
    "Answers a question with the best 1-3 of the portal's help articles (PostgreSQL full-text search), or says the user asked for a person; needs the caller's own unexpired chat token",
  input: z.object({
    Token: TokenInput,
    Question: z
      .string()
      .trim()
      .min(1, 'Type a question')
      .max(CHAT_QUESTION_MAX_LENGTH, `Ask in at most ${CHAT_QUESTION_MAX_LENGTH} characters`),
  }),
  output: AskChatBotOutputSchema,
  access: CHAT_READ,
  mutating: false,
});

export const ChatMessageSchema = z.object({
  From: z.enum(['User', 'Assistant']),
  Text: z.string().max(CHAT_MESSAGE_MAX_LENGTH),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

export const HandOverChatToSupport = defineOperation({
  name: 'HandOverChatToSupport',
  summary:
    'Hands the chat over to a person: e-mails the conversation (through the outbox) to the support e-mail address GetSupportDetails answers for the caller; Sent false when none is set',
  input: z.object({
    Token: TokenInput,
    Messages: z.array(ChatMessageSchema).max(CHAT_TRANSCRIPT_MAX_MESSAGES),
  }),
  output: z.object({
    Sent: z.boolean(),
    /** The address the conversation went to; null when no support e-mail is set above the caller. */
    SentTo: z.string().nullable(),
    /** Who receives it: the organisation whose support details named the address. */
    DisplayName: z.string().nullable(),
  }),
  access: CHAT_READ,
  mutating: true,
});

export const helpOperations = [
  GetSupportDetails,
  LoadSupportDetails,
  UpdateSupportDetails,
  GetChatBotToken,
  AskChatBot,
  HandOverChatToSupport,
] as const;
