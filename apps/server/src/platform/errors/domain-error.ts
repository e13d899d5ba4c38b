import { ERROR_CODES, type ErrorCode, type FieldError } from '@portal/contracts';

/** A failure the caller can act on. Services throw these; the HTTP layer maps them to problem+json. */
export class DomainError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.status = ERROR_CODES[code];
  }
}

export const notFound = (what = 'Account') => new DomainError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new DomainError('FORBIDDEN', message);
export const validationFailed = (fields: FieldError[], message = 'One or more validation errors present') =>
  new DomainError('VALIDATION_FAILED', message, fields);
