import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/db.js';
import { DomainError, notFound } from '../../platform/errors/domain-error.js';
import type { Caller } from '../../platform/operations/types.js';
import { getReportStatus, refreshReport } from './account-reports.service.js';

export interface AccountReportRoutesOptions {
  db: Db;
  resolveCaller: (db: Db, request: FastifyRequest) => Promise<Caller | null>;
  /** How long GET status waits for a preparation under way (0: answers at once, when no worker runs the jobs). */
  statusWaitMs: number;
}

type Params = { Params: { accountId: string; pageId: string } };

// Route access marker (test/api/routes.test.ts): the handlers resolve the caller, check
// ACCOUNT_REPORT_READ and the account's tenant scope themselves.
const SESSION = { config: { session: true } };

/** An account id from the path; anything but a positive 32-bit integer is a missing account (404). */
function accountIdOf(value: string): number {
  const id = /^[1-9]\d{0,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
  return id;
}

/** [A7.3] The report tab's {base} = /api/accounts/{id}/reports/{pageId}: GET {base}/status and POST {base}/refresh. */
export async function accountReportRoutes(app: FastifyInstance, options: AccountReportRoutesOptions) {
  const requireCaller = async (request: FastifyRequest) => {
    const caller = await options.resolveCaller(options.db, request);
    if (!caller) throw new DomainError('UNAUTHENTICATED', 'Sign in to continue');
    return caller;
  };

  app.get<Params>('/api/accounts/:accountId/reports/:pageId/status', SESSION, async (request, reply) => {
    const caller = await requireCaller(request);
    reply.header('cache-control', 'no-store');
    return getReportStatus(options.db, caller, {
      accountId: accountIdOf(request.params.accountId),
      pageName: request.params.pageId,
      waitMs: options.statusWaitMs,
    });
  });

  app.post<Params>('/api/accounts/:accountId/reports/:pageId/refresh', SESSION, async (request, reply) => {
    const caller = await requireCaller(request);
    reply.header('cache-control', 'no-store');
    return refreshReport(options.db, caller, {
      accountId: accountIdOf(request.params.accountId),
      pageName: request.params.pageId,
      requestId: String(request.id),
    });
  });
}
