/**
 * Provisioning requests of an account: the banners [A2.33] with their precedence [A4.7] and messages
 * [A8.10], the counts of ExtendedView [A3.1], retry and recreate [A7.11], [A2.37], and the
 * Provisioning tab [A2.18], [A6.15].
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const PROVISIONING_REQUEST_STATUSES = ['Pending', 'Sent', 'Error', 'Escalated', 'Canceled', 'Done'] as const;
export const ProvisioningRequestStatusSchema = z.enum(PROVISIONING_REQUEST_STATUSES);
export type ProvisioningRequestStatus = z.infer<typeof ProvisioningRequestStatusSchema>;

/** Requests shown per page of the Provisioning tab (the spec does not set one). */
export const PROVISIONING_REQUESTS_PAGE_SIZE = 10;

export const ProvisioningRequestSchema = z.object({
  Id: z.number().int().positive(),
  AccountId: AccountIdSchema,
  AccountDisplayName: z.string(),
  ProductName: z.string(),
  /** The service's provisioning action that was carried out: MODIFY after an edit, CREATE after a recreate. */
  Action: z.string(),
  Method: z.enum(['Http', 'Email']),
  Status: ProvisioningRequestStatusSchema,
  Attempts: z.number().int(),
  /** Where it was sent: the request URL or the e-mail addresses (after the first attempt). */
  Target: z.string().nullable(),
  LastError: z.string().nullable(),
  CanRetry: z.boolean(),
  CreatedBy: z.string().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type ProvisioningRequest = z.infer<typeof ProvisioningRequestSchema>;

/** The provisioning part of ExtendedView.Values [A3.1]. */
export interface ProvisioningCounts {
  PendingProvisioningRequests: number;
  SentProvisioningRequests: number;
  ErrorProvisioningRequests: number;
  EscalatedProvisioningRequests: number;
  CanUserRetryLastFailedProvisioningRequest: boolean;
}

export type ProvisioningBanner =
  /** The provisioning error is being investigated [A8.10]. */
  | 'Escalated'
  /** Provisioning failed and the monitoring team is working on it [A8.10]. */
  | 'FailedMonitoring'
  /** Provisioning failed, with the retry link [A8.10]. */
  | 'FailedRetry'
  /** The provisioning request was sent and waits for the vendor. */
  | 'Waiting'
  /** A provisioning request waits to be sent. */
  | 'Pending';

/**
 * [A4.7] Which one provisioning banner an account shows: escalated wins; otherwise failed (monitoring
 * team) if there were errors and no retry is possible; failed with retry if a retry is possible;
 * waiting if the sent count exceeds the errors. A request still waiting to be sent shows the pending
 * banner of [A2.33] last (the spec leaves its place open; docs/decisions/0018-provisioning-requests.md).
 *
 * @example
 * decideProvisioningBanner({ EscalatedProvisioningRequests: 1, ErrorProvisioningRequests: 2, ... }) // 'Escalated'
 */
export function decideProvisioningBanner(counts: ProvisioningCounts): ProvisioningBanner | null {
  if (counts.EscalatedProvisioningRequests > 0) return 'Escalated';
  if (counts.ErrorProvisioningRequests > 0 && !counts.CanUserRetryLastFailedProvisioningRequest) return 'FailedMonitoring';
  if (counts.CanUserRetryLastFailedProvisioningRequest) return 'FailedRetry';
  if (counts.SentProvisioningRequests > counts.ErrorProvisioningRequests) return 'Waiting';
  if (counts.PendingProvisioningRequests > 0) return 'Pending';
  return null;
}

/** Reads the counts from an account's ExtendedView values (missing values count as none). */
export function provisioningCountsOf(values: Record<string, unknown> | undefined): ProvisioningCounts {
  const n = (key: string) => (typeof values?.[key] === 'number' ? (values[key] as number) : 0);
  return {
    PendingProvisioningRequests: n('PendingProvisioningRequests'),
    SentProvisioningRequests: n('SentProvisioningRequests'),
    ErrorProvisioningRequests: n('ErrorProvisioningRequests'),
    EscalatedProvisioningRequests: n('EscalatedProvisioningRequests'),
    CanUserRetryLastFailedProvisioningRequest: values?.CanUserRetryLastFailedProvisioningRequest === true,
  };
}

export const RetryAccountLastFailedProvisioningRequest = defineOperation({
  name: 'RetryAccountLastFailedProvisioningRequest',
  summary: "Sends the account's last failed provisioning request again, when a retry is possible [A7.11], [A2.33]",
  input: z.object({ id: AccountIdSchema }),
  output: ProvisioningRequestSchema,
  access: { kind: 'accountType', permission: 'UPDATE' },
  account: (i) => i.id,
  mutating: true,
});

export const RecreateProvisioningRequest = defineOperation({
  name: 'RecreateProvisioningRequest',
  summary: 'Cancels every open provisioning request of the account and starts a new CREATE request [A7.11], [A2.37], [A6.5]',
  input: z.object({
    id: AccountIdSchema,
    /** [A2.37] The account id typed by the user as confirmation; must equal id. */
    confirmAccountId: z.number({ message: 'Type the account id to confirm' }).int(),
  }),
  output: ProvisioningRequestSchema.extend({ CanceledRequests: z.number().int() }),
  access: { kind: 'capability', capability: { name: 'PROVISIONING_REQUEST', kind: 'CREATE' } },
  account: (i) => i.id,
  mutating: true,
});

export const GetAccountProvisioningRequests = defineOperation({
  name: 'GetAccountProvisioningRequests',
  summary:
    "Provisioning requests of the account and the accounts below it, newest first; PROVISIONING_REQUEST_OWNED_READ alone shows only the caller's own [A2.18], [A6.15]",
  input: z.object({
    accountId: AccountIdSchema,
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(50).default(PROVISIONING_REQUESTS_PAGE_SIZE),
  }),
  output: z.object({ Items: z.array(ProvisioningRequestSchema), Total: z.number().int() }),
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: false,
});

export const provisioningOperations = [
  RetryAccountLastFailedProvisioningRequest,
  RecreateProvisioningRequest,
  GetAccountProvisioningRequests,
] as const;
