/** Notes about companies and resellers: the Notes tab [A2.23], [A2.50], [A3.4], [A4.6], [A5.1], [A6.19], [A7.8]. */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import type { FieldError } from './errors.js';
import { defineOperation } from './operation.js';
import { RecordVersionSchema } from './versions.js';

/** [A5.1] [A9.2] A note holds at most 1000 characters, a line break counting as two. */
export const NOTE_MAX_LENGTH = 1000;
/** Notes shown per page of the Notes tab (the spec does not set one). */
export const NOTES_PAGE_SIZE = 10;
/**
 * What the wire accepts before the [A5.1] rule runs: enough for 1000 characters of any kind
 * (an emoji is two UTF-16 units), so every real over-limit note reaches the rule and its message.
 */
export const NOTE_TEXT_TRANSPORT_MAX = 4 * NOTE_MAX_LENGTH;

/** Browsers, forms and pasted text spell a line break as CRLF, CR or LF; a note stores LF. */
export function normalizeNoteText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * [A5.1] The length of a note as the limit counts it: characters (Unicode code points, as the
 * database counts them), a line break counting as two.
 *
 * @example
 * noteLength('a\nb') // 4
 */
export function noteLength(text: string): number {
  const normalized = normalizeNoteText(text);
  let length = 0;
  for (const ch of normalized) length += ch === '\n' ? 2 : 1;
  return length;
}

export const NOTE_MESSAGES = {
  required: 'Enter a note',
  tooLong: `A note can have at most ${NOTE_MAX_LENGTH} characters; a line break counts as two`,
} as const;

export type NoteTextCheck = { ok: true; text: string; length: number } | { ok: false; length: number; errors: FieldError[] };

/**
 * [A5.1] Checks a typed note: not empty after trimming, at most 1000 characters counting a line
 * break as two. The text to store is trimmed and uses LF line breaks. Errors name the field `Note`.
 *
 * @example
 * checkNoteText('Call back on Monday') // { ok: true, text: 'Call back on Monday', length: 19 }
 */
export function checkNoteText(raw: string): NoteTextCheck {
  const text = normalizeNoteText(raw).trim();
  const length = noteLength(text);
  if (text === '') return { ok: false, length, errors: [{ field: 'Note', message: NOTE_MESSAGES.required }] };
  if (length > NOTE_MAX_LENGTH) return { ok: false, length, errors: [{ field: 'Note', message: NOTE_MESSAGES.tooLong }] };
  return { ok: true, text, length };
}

/** [A3.4] A note is shown as edited when its UpdateDate differs from its CreationDate. */
export function isNoteEdited(note: { CreationDate: string; UpdateDate: string }): boolean {
  return Date.parse(note.UpdateDate) !== Date.parse(note.CreationDate);
}

export const NoteAuthorSchema = z.object({
  FirstName: z.string().nullable(),
  LastName: z.string().nullable(),
  /** Shown on screen. */
  DisplayName: z.string(),
  /** Null when the author's account is outside the viewer's scope: the name is shown without a link. */
  AccountId: AccountIdSchema.nullable(),
});
export type NoteAuthor = z.infer<typeof NoteAuthorSchema>;

/** [A3.4] Note. */
export const NoteSchema = z.object({
  Id: z.string(),
  AccountId: AccountIdSchema,
  Note: z.string(),
  Author: NoteAuthorSchema,
  /** ISO 8601 UTC. */
  CreationDate: z.string(),
  /** ISO 8601 UTC; equal to CreationDate until the note is edited. */
  UpdateDate: z.string(),
  /** [A6.19] Whether the caller may edit and delete this note: only its author may (computed by the server). */
  CanEdit: z.boolean(),
  CanDelete: z.boolean(),
  /** Decision 0036: the version UpdateAccountNote sends back. */
  Version: RecordVersionSchema,
});
export type Note = z.infer<typeof NoteSchema>;

export const AccountNotesSchema = z.object({
  AccountId: AccountIdSchema,
  /** [A2.50] The organisation whose users see these notes: the caller's own company, reseller or provider. */
  VisibleTo: z.object({ AccountId: AccountIdSchema, DisplayName: z.string() }),
  /** Whether the caller may add a note (ACCOUNT_NOTES_CREATE). */
  CanAdd: z.boolean(),
  /** Newest first. */
  Items: z.array(NoteSchema),
  Total: z.number().int(),
  Page: z.number().int(),
  PageSize: z.number().int(),
});
export type AccountNotes = z.infer<typeof AccountNotesSchema>;

const NoteTextSchema = z.string().max(NOTE_TEXT_TRANSPORT_MAX);
const NoteIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, 'Expected a note id');

export const GetAccountNotes = defineOperation({
  name: 'GetAccountNotes',
  summary: "A page of the caller's organisation's notes about a company or reseller, newest first [A7.8]",
  input: z.object({
    accountId: AccountIdSchema,
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(50).default(NOTES_PAGE_SIZE),
  }),
  output: AccountNotesSchema,
  access: { kind: 'capability', capability: { name: 'ACCOUNT_NOTES', kind: 'READ' } },
  account: (i) => i.accountId,
  mutating: false,
});

export const AddAccountNote = defineOperation({
  name: 'AddAccountNote',
  summary: "Write a note about a company or reseller, visible to the author's organisation only [A7.8]",
  input: z.object({ accountId: AccountIdSchema, text: NoteTextSchema }),
  output: NoteSchema,
  access: { kind: 'capability', capability: { name: 'ACCOUNT_NOTES', kind: 'CREATE' } },
  account: (i) => i.accountId,
  mutating: true,
});

// Update and delete name a note, not an account: the service finds the note's account and applies
// the same tenant scope (a note outside it is "Note not found", like one that does not exist).
export const UpdateAccountNote = defineOperation({
  name: 'UpdateAccountNote',
  summary: 'Change the text of a note; only its author may [A7.8], [A6.19]',
  /** `version`: the note's Version as read; a stale one answers 409 with the note as it is now (decision 0036). */
  input: z.object({ id: NoteIdSchema, text: NoteTextSchema, version: RecordVersionSchema }),
  output: NoteSchema,
  access: { kind: 'capability', capability: { name: 'ACCOUNT_NOTES', kind: 'UPDATE' } },
  mutating: true,
});

export const DeleteAccountNote = defineOperation({
  name: 'DeleteAccountNote',
  summary: 'Delete a note; only its author may [A7.8], [A6.19]',
  input: z.object({ id: NoteIdSchema }),
  output: z.object({ Id: z.string(), Deleted: z.literal(true) }),
  access: { kind: 'capability', capability: { name: 'ACCOUNT_NOTES', kind: 'DELETE' } },
  mutating: true,
});

export const noteOperations = [GetAccountNotes, AddAccountNote, UpdateAccountNote, DeleteAccountNote] as const;
