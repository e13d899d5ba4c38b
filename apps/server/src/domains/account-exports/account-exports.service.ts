import type { Job } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { notFound } from '../../platform/errors/domain-error.js';
import { enqueueJob, loadJob } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { findById as findAccount } from '../accounts/index.js';
import { bulkTargetRefused, decideBulkTarget } from '../credentials/index.js';

export const HIERARCHY_EXPORT_JOB_TYPE = 'exports.company-hierarchy';
export const CREDENTIALS_EXPORT_JOB_TYPE = 'exports.user-credentials';

/** Loads an export's account: inside the caller's scope, a Reseller or Company, not terminated. */
async function requireExportTarget(db: Queryable, caller: Caller, id: number, field: string) {
  const row = await findAccount(db, id);
  // The guard checked the first id; others are checked here the same way: outside the scope looks missing.
  if (!row || !isInScope(caller.scope.rootPath, row.path)) throw notFound();
  const decision = decideBulkTarget({ accountType: row.account_type, state: row.state });
  if (!decision.ok) throw bulkTargetRefused(decision.reason, field);
  return row;
}

/** [A7.11] GenerateCompanyHierarchy: queues the hierarchy export of a Company or Reseller [A2.4]. */
export async function startHierarchyExport(db: Queryable, caller: Caller, accountId: number): Promise<Job> {
  const row = await requireExportTarget(db, caller, accountId, 'accountId');
  const jobId = await enqueueJob(db, {
    type: HIERARCHY_EXPORT_JOB_TYPE,
    payload: { accountId: row.id },
    createdBy: caller.userId,
    accountId: row.id,
    maxAttempts: 3,
  });
  return loadJob(db, jobId);
}

/** [A7.11] ExportUserCredentials(company ids): queues the first-time credentials export [A2.3]. */
export async function startCredentialsExport(db: Queryable, caller: Caller, companyIds: readonly number[]): Promise<Job> {
  const ids = [...new Set(companyIds)];
  for (const [i, id] of ids.entries()) await requireExportTarget(db, caller, id, `companyIds.${i}`);
  const jobId = await enqueueJob(db, {
    type: CREDENTIALS_EXPORT_JOB_TYPE,
    payload: { companyIds: ids },
    createdBy: caller.userId,
    accountId: ids[0] ?? null,
    maxAttempts: 3,
  });
  return loadJob(db, jobId);
}
