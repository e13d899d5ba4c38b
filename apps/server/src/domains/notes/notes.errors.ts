import type { FieldError } from '@portal/contracts';
import { forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';

/** [A2.23] Notes are kept about companies and resellers only. */
export const notNotesAccount = () =>
  validationFailed([{ field: 'accountId', message: 'Notes are kept for companies and resellers only' }]);

/** [A2.27] [A2.50] A customer never sees or writes notes about its own organisation. */
export const ownOrganisationNotes = () => forbidden('Notes about your own organisation are not available');

/** A note that does not exist and a note the caller may not see give the same answer. */
export const noteNotFound = () => notFound('Note');

/** [A6.19] */
export const notNoteAuthor = () => forbidden('Only the author of a note can edit or delete it');

/** [A5.1] The text is empty or too long; the error names the field `Note`. */
export const invalidNote = (fields: FieldError[]) => validationFailed(fields);
