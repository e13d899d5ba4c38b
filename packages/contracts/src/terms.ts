/** Platform terms and privacy policy: acceptance after sign-in [M2.16], [M4.12], [M3.9], [M7.10], [M7.19]. */
import { z } from 'zod';
import { defineOperation } from './operation.js';

/** [M3.9] A term in the user's TermsConditions list: the current revision of one document. */
export const TermSchema = z.object({
  /** The revision id: accepting it records exactly this text. */
  Id: z.number().int().positive(),
  Name: z.string(),
  TermsText: z.string(),
  IsPrivacyPolicy: z.boolean(),
  Version: z.number().int().positive(),
});
export type Term = z.infer<typeof TermSchema>;

/** [M3.9] A confirmed term as the viewer of accepted terms shows it. */
export const ConfirmedTermSchema = z.object({
  Name: z.string(),
  TermsText: z.string(),
  IsPrivacyPolicy: z.boolean(),
  Version: z.number().int().positive(),
  /** ISO 8601 UTC. */
  AcceptedAt: z.string(),
});
export type ConfirmedTerm = z.infer<typeof ConfirmedTermSchema>;

export const ConfirmUserTerms = defineOperation({
  name: 'ConfirmUserTerms',
  summary: 'Accept the current revision of one platform term [M7.10], [M4.12]',
  input: z.object({
    termId: z.number().int().positive(),
    /** Must match the revision's name: a guard against accepting a text the user did not see. */
    termName: z.string().min(1).max(200),
  }),
  output: z.object({ Remaining: z.number().int() }),
  access: { kind: 'session' },
  mutating: true,
  duringPasswordChange: true,
});

export const GetMyConfirmedTerms = defineOperation({
  name: 'GetMyConfirmedTerms',
  summary: 'The terms and privacy policy the signed-in user accepted, in the text they accepted [M7.19]',
  input: z.object({}),
  output: z.object({ Items: z.array(ConfirmedTermSchema) }),
  access: { kind: 'session' },
  mutating: false,
  duringPasswordChange: true,
});

/** A platform document with its revisions, for the provider's terms management. */
export const PlatformTermsSchema = z.object({
  TermsId: z.number().int().positive(),
  Name: z.string(),
  IsPrivacyPolicy: z.boolean(),
  Revisions: z.array(
    z.object({
      Id: z.number().int().positive(),
      Version: z.number().int().positive(),
      IsMajor: z.boolean(),
      PublishedAt: z.string(),
      Languages: z.array(z.string()),
      /** Users who accepted this revision. */
      AcceptedCount: z.number().int(),
    }),
  ),
  /** The current text in English. */
  TermsText: z.string(),
});
export type PlatformTerms = z.infer<typeof PlatformTermsSchema>;

export const ListPlatformTerms = defineOperation({
  name: 'ListPlatformTerms',
  summary: 'Platform terms and privacy policy with their revisions (provider only)',
  input: z.object({}),
  output: z.object({ Items: z.array(PlatformTermsSchema) }),
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'READ' } },
  mutating: false,
});

export const TermsTextSchema = z.object({
  /** A language code such as en or nl; en is required and is the fallback [M9.15]. */
  Language: z
    .string()
    .trim()
    .regex(/^[a-z]{2}$/, 'Use a two-letter language code'),
  Name: z.string().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters'),
  TermsText: z.string().trim().min(1, 'Enter the text').max(100_000, 'Use at most 100000 characters'),
});

export const PublishTermsRevision = defineOperation({
  name: 'PublishTermsRevision',
  summary: 'Publish a new revision of a platform document (provider only); a major revision asks every user to accept again',
  input: z.object({
    /** Null creates a new document. */
    TermsId: z.number().int().positive().nullable(),
    IsPrivacyPolicy: z.boolean().default(false),
    IsMajor: z.boolean(),
    Texts: z
      .array(TermsTextSchema)
      .min(1)
      .max(20)
      .refine((texts) => texts.some((t) => t.Language === 'en'), 'Add the English text: it is the fallback')
      .refine((texts) => new Set(texts.map((t) => t.Language)).size === texts.length, 'Each language once'),
  }),
  output: PlatformTermsSchema,
  access: { kind: 'capability', capability: { name: 'SECURITY_MANAGEMENT', kind: 'UPDATE' } },
  mutating: true,
});

export const termsOperations = [ConfirmUserTerms, GetMyConfirmedTerms, ListPlatformTerms, PublishTermsRevision] as const;
