import type { FieldValue, ProvisioningRequest } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import {
  type AccountRow,
  type AccountSavedEvent,
  accountFieldValues,
  findById as findAccount,
  findNearestOfType,
  findOrganisation,
} from '../accounts/index.js';
import { findProvisioningAction } from '../catalogue/index.js';
import * as repo from './provisioning.repository.js';
import { canRetryRequest, type ProvisioningSubject, provisioningOutcomeMail, templateVariables } from './provisioning.rules.js';

export const PROVISIONING_JOB_TYPE = 'provisioning.execute';
/**
 * Job attempts for one provisioning attempt. Vendor failures are recorded on the request and end the
 * job; the job itself is only retried when the worker crashed or the database failed.
 */
const JOB_MAX_ATTEMPTS = 3;

/** The action an account save carries out [S3.6]. */
export const SAVE_ACTION = 'MODIFY';
/** The action that provisions a new subscription: at its creation, on its order's approval, and a recreated request [A2.37]. */
export const CREATE_ACTION = 'CREATE';

function toWire(row: repo.RequestRow): ProvisioningRequest {
  return {
    Id: row.id,
    AccountId: row.account_id,
    AccountDisplayName: row.account_display_name,
    ProductName: row.product_name,
    Action: row.action,
    Method: row.method,
    Status: row.status,
    Attempts: row.attempts,
    Target: row.target,
    LastError: row.last_error,
    CanRetry: canRetryRequest({
      status: row.status,
      retryable: row.retryable,
      attempts: row.attempts,
      accountTerminated: row.account_state === 'Terminated',
    }),
    CreatedBy: row.created_by_name,
    CreatedAt: row.created_at.toISOString(),
    UpdatedAt: row.updated_at.toISOString(),
    FinishedAt: row.finished_at?.toISOString() ?? null,
  };
}

async function load(db: Queryable, id: number): Promise<ProvisioningRequest> {
  const row = await repo.findById(db, id);
  if (!row) throw new Error(`provisioning request ${id} vanished`);
  return toWire(row);
}

/** What a Product account offers its templates: its values, the company and user it belongs to. */
async function subjectOf(db: Queryable, account: AccountRow, values?: Record<string, FieldValue>): Promise<ProvisioningSubject> {
  const parentPath = account.path.slice(0, account.path.slice(0, -1).lastIndexOf('/') + 1);
  const [fieldValues, company, user] = await Promise.all([
    values ?? accountFieldValues(db, account),
    findOrganisation(db, parentPath),
    findNearestOfType(db, parentPath, ['User']),
  ]);
  const userRow = user ? await findAccount(db, user.id) : null;
  return {
    accountId: account.id,
    displayName: account.display_name,
    productName: account.product_name ?? '',
    values: fieldValues,
    company: company ? { id: company.id, name: company.display_name } : null,
    user: userRow ? { id: userRow.id, username: userRow.username } : null,
  };
}

/**
 * Creates a Pending request for the account's service action and queues the job that sends it.
 * Returns null when the account is no Product account or its service defines no Http or Email
 * provisioning for the action (docs/decisions/0018-provisioning-requests.md).
 */
export async function startRequest(
  db: Queryable,
  params: {
    account: AccountRow;
    action: string;
    createdBy: number | null;
    now: Date;
    values?: Record<string, FieldValue>;
    /** A scheduled provisioning (the creation wizard [A4.10]): the request waits Pending until then. */
    runAt?: Date;
  },
): Promise<number | null> {
  const { account } = params;
  if (account.account_type !== 'Product' || !account.product_name) return null;
  const found = await findProvisioningAction(db, account.product_name, params.action);
  if (!found || (found.action.Method !== 'Http' && found.action.Method !== 'Email')) return null;
  const subject = await subjectOf(db, account, params.values);
  const id = await repo.insertRequest(db, {
    accountId: account.id,
    productName: account.product_name,
    action: params.action,
    method: found.action.Method,
    variables: templateVariables(subject, params.action),
    createdBy: params.createdBy,
    now: params.now,
  });
  await queue(db, id, params.createdBy, account.id, params.runAt);
  return id;
}

async function queue(db: Queryable, requestId: number, createdBy: number | null, accountId: number, runAt?: Date) {
  const jobId = await enqueueJob(db, {
    type: PROVISIONING_JOB_TYPE,
    payload: { requestId },
    createdBy,
    accountId,
    maxAttempts: JOB_MAX_ATTEMPTS,
    ...(runAt ? { runAt } : {}),
  });
  await repo.setJob(db, requestId, jobId);
}

/** [A4.2] Save: an account save starts a MODIFY request, unless saved without provisioning [A6.4]. */
export async function requestAfterSave(db: Queryable, event: AccountSavedEvent): Promise<void> {
  if (event.skipProvisioning) return;
  await startRequest(db, {
    account: event.account,
    action: SAVE_ACTION,
    createdBy: event.caller.userId,
    now: event.now,
    values: event.values,
  });
}

/** [A3.1] The provisioning values of ExtendedView. */
/** [A3.1] The ExtendedView counts of an account's open requests, from the facts of repo.PAGE_FACTS_SQL. */
export function extendedValues(facts: unknown, account: AccountRow): Record<string, FieldValue> {
  const f = (facts as repo.ProvisioningFacts | null) ?? { pending: 0, sent: 0, error: 0, escalated: 0, lastFailed: null };
  const lastFailed = f.error > 0 ? f.lastFailed : null;
  return {
    PendingProvisioningRequests: f.pending,
    SentProvisioningRequests: f.sent,
    ErrorProvisioningRequests: f.error,
    EscalatedProvisioningRequests: f.escalated,
    CanUserRetryLastFailedProvisioningRequest:
      lastFailed !== null &&
      canRetryRequest({
        status: lastFailed.status,
        retryable: lastFailed.retryable,
        attempts: lastFailed.attempts,
        accountTerminated: account.state === 'Terminated',
      }),
  };
}

/** [A7.11] RetryAccountLastFailedProvisioningRequest: the newest failed request goes back to the queue. */
export async function retryLastFailed(db: Queryable, caller: Caller, accountId: number, now: Date) {
  const account = await findAccount(db, accountId);
  if (!account) throw notFound();
  const last = await repo.findLastFailed(db, accountId);
  if (!last) throw new DomainError('CONFLICT', 'This account has no failed provisioning request');
  await repo.lockRequest(db, last.id);
  const current = await repo.findById(db, last.id);
  if (
    !current ||
    !canRetryRequest({
      status: current.status,
      retryable: current.retryable,
      attempts: current.attempts,
      accountTerminated: account.state === 'Terminated',
    })
  ) {
    throw new DomainError(
      'CONFLICT',
      current?.status === 'Escalated'
        ? 'The provisioning error is being investigated'
        : 'Provisioning failed and the monitoring team is working on it',
    );
  }
  await repo.requeue(db, last.id, now);
  await queue(db, last.id, caller.userId, accountId);
  return { request: await load(db, last.id), before: { Status: current.status, Attempts: current.attempts } };
}

/** [A2.37] [A7.11] RecreateProvisioningRequest: cancels every open request and starts a new CREATE request. */
export async function recreate(db: Queryable, caller: Caller, input: { id: number; confirmAccountId: number }, now: Date) {
  const account = await findAccount(db, input.id);
  if (!account) throw notFound();
  if (input.confirmAccountId !== input.id) {
    throw validationFailed([{ field: 'confirmAccountId', message: 'Type the id of this account to confirm' }]);
  }
  if (account.state === 'Terminated') throw new DomainError('CONFLICT', 'A terminated account cannot be changed');
  if (account.account_type !== 'Product') {
    throw new DomainError('CONFLICT', 'Only service accounts have provisioning requests');
  }
  const canceled = await repo.cancelOpen(db, account.id, now);
  const id = await startRequest(db, { account, action: CREATE_ACTION, createdBy: caller.userId, now });
  if (id === null) {
    throw new DomainError('CONFLICT', `The service ${account.product_name ?? ''} defines no provisioning for ${CREATE_ACTION}`);
  }
  return { ...(await load(db, id)), CanceledRequests: canceled };
}

/** [A2.18] [A6.15] The Provisioning tab: requests of the account and the accounts below it. */
export async function listRequests(db: Queryable, caller: Caller, input: { accountId: number; page: number; pageSize: number }) {
  const readAll = caller.capabilities.has('PROVISIONING_REQUEST_READ');
  if (!readAll && !caller.capabilities.has('PROVISIONING_REQUEST_OWNED_READ')) throw forbidden();
  const account = await findAccount(db, input.accountId);
  if (!account) throw notFound();
  const { rows, total } = await repo.listInSubtree(
    db,
    { rootPath: account.path, upperBound: pathUpperBound(account.path), createdBy: readAll ? null : caller.userId },
    { limit: input.pageSize, offset: (input.page - 1) * input.pageSize },
  );
  return { Items: rows.map(toWire), Total: total };
}

export { toWire };

/**
 * Mails the user who placed the subscription's order and the customer's Company administrators when a request
 * ended Failed (no retry left) or became Escalated, in the transaction that recorded the status (decision 0053).
 */
export async function notifyOutcome(tx: Queryable, requestId: number): Promise<void> {
  const request = await repo.findById(tx, requestId);
  if (!request) return;
  for (const r of await repo.listOutcomeRecipients(tx, request.account_id)) {
    const mail = provisioningOutcomeMail({
      status: request.status,
      retryable: request.retryable,
      attempts: request.attempts,
      recipientName: r.display_name,
      subscriptionName: request.account_display_name,
      serviceName: request.product_name,
      action: request.action,
      error: request.last_error,
    });
    if (!mail) return;
    if (!isMailAddress(r.email)) continue;
    await sendMail(tx, { to: r.email, subject: mail.subject, text: mail.text, accountId: r.id, kind: mail.kind });
  }
}
