/** Error codes and the RFC 9457 problem document every API error is returned as. */
import { z } from 'zod';

export const ERROR_CODES = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  /** Sign-in needs the authenticator or a recovery code (field Code). */
  MFA_REQUIRED: 401,
  /** The organisation requires a second factor the user has not set up: StartSignInMfaEnrolment, then Authenticate with Code. */
  MFA_ENROLMENT_REQUIRED: 401,
  /** The password is older than the policy allows: Authenticate again with NewPassword. */
  PASSWORD_EXPIRED: 401,
  FORBIDDEN: 403,
  /** The user signed in with a first-time password and must choose a new one first: ChangeInitialPassword. */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  /** GET /dash/mydashboard/ (GetMyDashboard): no dashboard is published for the caller; the web shows the account page. */
  NO_LANDING_DASHBOARD: 404,
  CONFLICT: 409,
  CONFIRMATION_REQUIRED: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  /** [M5.14] A report export above REPORT_EXPORT_ROW_CAP rows: title 'Data limit exceeded'. */
  DATA_LIMIT_EXCEEDED: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export const FieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. `Views.User.Values.Email`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

export const ProblemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(FieldErrorSchema).optional(),
  /** Fields that need a sensitive-change confirmation (code CONFIRMATION_REQUIRED). */
  confirmFields: z.array(z.string()).optional(),
  /** A stale edit (code CONFLICT, decision 0036): the record as it is now, with its Version. */
  current: z.record(z.string(), z.unknown()).optional(),
});
export type Problem = z.infer<typeof ProblemSchema>;
