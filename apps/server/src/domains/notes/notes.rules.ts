import { checkNoteText, type NoteTextCheck } from '@portal/contracts';

/** [A2.23] Notes are kept about companies and resellers. */
export const NOTE_ACCOUNT_TYPES: readonly string[] = ['Company', 'Reseller'];

/** [A5.1] The note text rule shared with the web app (it lives in contracts). */
export function checkNote(text: string): NoteTextCheck {
  return checkNoteText(text);
}

export type NoteAccountDecision = { allowed: true } | { allowed: false; reason: 'own-organisation' | 'not-notes-account' };

/**
 * [A2.27] [A2.50] Whether a caller may read or write notes about an account: only about a company
 * or reseller, and never about the caller's own organisation (a customer never sees notes about
 * itself). The account is already inside the caller's scope (the operation layer checked it).
 */
export function decideNoteAccount(p: {
  accountId: number;
  accountType: string;
  callerOrganisationId: number;
}): NoteAccountDecision {
  if (p.accountId === p.callerOrganisationId) return { allowed: false, reason: 'own-organisation' };
  if (!NOTE_ACCOUNT_TYPES.includes(p.accountType)) return { allowed: false, reason: 'not-notes-account' };
  return { allowed: true };
}

/**
 * [A2.50] A note is visible to the users of the organisation it was written in, and only while
 * the account it is about is still inside that organisation's scope and is not the organisation
 * itself. Anything else looks exactly like a note that does not exist.
 */
export function isNoteVisible(p: {
  noteOrganisationId: number;
  noteAccountId: number;
  noteAccountPath: string;
  callerOrganisationId: number;
  callerScopePath: string;
}): boolean {
  return (
    p.noteOrganisationId === p.callerOrganisationId &&
    p.noteAccountId !== p.callerOrganisationId &&
    p.noteAccountPath.startsWith(p.callerScopePath)
  );
}

export type NoteChangeDecision = { allowed: true } | { allowed: false; reason: 'no-capability' | 'not-author' };

/** [A6.19] Only the author may edit or delete a note, and only with the capability to do so. */
export function decideNoteChange(p: { hasCapability: boolean; authorId: number; userId: number }): NoteChangeDecision {
  if (!p.hasCapability) return { allowed: false, reason: 'no-capability' };
  if (p.authorId !== p.userId) return { allowed: false, reason: 'not-author' };
  return { allowed: true };
}
