import { NOTE_MAX_LENGTH, normalizeNoteText, noteLength } from '@portal/contracts';

export interface NoteDraftState {
  /** [A5.1] The length the limit counts: a line break counts as two. */
  length: number;
  isEmpty: boolean;
  isTooLong: boolean;
  canSave: boolean;
}

/**
 * [A5.1] What the counter shows and whether a draft may be saved. The counter counts the text as
 * typed (so a new line shows at once as two); the server applies the same rule to the trimmed text.
 */
export function noteDraftState(draft: string, original?: string): NoteDraftState {
  const trimmed = normalizeNoteText(draft).trim();
  const length = noteLength(draft);
  const isEmpty = trimmed === '';
  const isTooLong = length > NOTE_MAX_LENGTH;
  const isUnchanged = original !== undefined && trimmed === normalizeNoteText(original).trim();
  return { length, isEmpty, isTooLong, canSave: !isEmpty && !isTooLong && !isUnchanged };
}

/** yyyy-MM-dd HH:mm in UTC. */

/** The page to show after the list changed: the last page that still exists. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(page, Math.max(1, Math.ceil(total / pageSize)));
}
