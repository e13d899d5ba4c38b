import type { FieldError } from '@portal/contracts';
import { DomainError, forbidden, validationFailed } from '../../platform/errors/domain-error.js';

/** [A2.12] Only companies and resellers keep a credit limit. */
export const notCreditAccount = () =>
  validationFailed([{ field: 'accountId', message: 'Credit limits are kept for companies and resellers only' }]);

/** Decision 0046: the setting for customers without a limit belongs to a reseller (a company has no customers). */
export const notPolicyAccount = () =>
  validationFailed([
    { field: 'accountId', message: 'Only a reseller decides what orders of its customers without a credit limit get' },
  ]);

/** [A5.2] A locked limit, for a caller who neither created it nor holds the overwrite-lock capability. */
export const creditLimitLocked = () =>
  forbidden(
    'This credit limit is locked. Only the person who set it or a holder of FIELDS_CREDITLIMIT_OVERWRITE_LOCK_UPDATE can change it',
  );

export const ownOrganisationCredit = () => forbidden('You cannot change the credit limit of your own organisation');

export const invalidCreditChange = (fields: FieldError[]) => validationFailed(fields);

/** [A5.2] Neither the limit nor the lock changed. */
export const nothingChanged = (fields: FieldError[]) =>
  new DomainError('VALIDATION_FAILED', 'Nothing changed: change the limit or the lock before saving', fields);

export const attachmentNotFound = (index: number) =>
  validationFailed([{ field: `Attachments.${index}.Url`, message: 'The attachment was not found; upload it again' }]);
