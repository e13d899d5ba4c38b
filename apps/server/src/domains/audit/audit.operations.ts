import { GetAuditLog, GetUserLog } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { readLog, requireUser } from './audit.service.js';

export const auditOperations = [
  handle(GetAuditLog, (ctx, { accountId, ...query }) => readLog(ctx.db, requireCaller(ctx), { accountId }, query)),
  handle(GetUserLog, (ctx, { userId, ...query }) => {
    requireUser(ctx.account);
    return readLog(ctx.db, requireCaller(ctx), { userId }, query);
  }),
];
