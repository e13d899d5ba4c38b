import type { AuditPage } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import * as repo from './audit.repository.js';
import { dateRange, describeChanges } from './audit.rules.js';

interface Query {
  page: number;
  pageSize: number;
  operation: string | null;
  from: string | null;
  to: string | null;
}

export async function readLog(
  db: Queryable,
  caller: Caller,
  subject: repo.AuditFilter['subject'],
  query: Query,
): Promise<AuditPage> {
  if (query.from && query.to && query.from > query.to) {
    throw validationFailed([{ field: 'to', message: 'The end date must not be before the start date' }]);
  }
  const filter: repo.AuditFilter = { subject, operation: query.operation, ...dateRange(query.from, query.to) };
  const [rows, total, operations] = await Promise.all([
    repo.listPage(db, filter, query.pageSize, (query.page - 1) * query.pageSize),
    repo.count(db, filter),
    repo.listOperations(db, subject),
  ]);
  // People outside the viewer's scope are named but not linked.
  const person = (id: number | null, name: string | null, path: string | null) =>
    id === null ? null : { AccountId: path && isInScope(caller.scope.rootPath, path) ? id : null, DisplayName: name ?? `#${id}` };
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      OccurredAt: r.occurred_at.toISOString(),
      Operation: r.operation,
      Actor: person(r.actor_id, r.actor_name, r.actor_path),
      Impersonator: person(r.impersonator_id, r.impersonator_name, r.impersonator_path),
      AccountId: r.account_id,
      AccountDisplayName: r.account_name,
      Changes: describeChanges(r.before, r.after),
    })),
    Total: total,
    Page: query.page,
    PageSize: query.pageSize,
    Operations: operations,
  };
}

export function requireUser(account: LocatedAccount | null) {
  if (account?.type !== 'User')
    throw validationFailed([{ field: 'userId', message: 'The user log is kept for user accounts only' }]);
}
