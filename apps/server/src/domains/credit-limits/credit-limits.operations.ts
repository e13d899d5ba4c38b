import { AddCreditLimitRecord, GetCreditLimitRecords, UpdateCreditLimitPolicy } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './credit-limits.service.js';

export const creditLimitOperations = [
  handle(GetCreditLimitRecords, (ctx, { accountId: _, ...query }) =>
    service.listRecords(ctx.db, requireCaller(ctx), ctx.account, query),
  ),
  handle(AddCreditLimitRecord, async (ctx, { accountId, ...input }) => {
    const { record, before } = await service.addRecord(ctx.db, requireCaller(ctx), ctx.account, input, ctx.now);
    const after = { Limit: record.Limit, IsLocked: record.IsLocked, Comment: record.Comment, Attachments: record.Attachments };
    ctx.audit({ accountId, before, after });
    return record;
  }),
  handle(UpdateCreditLimitPolicy, async (ctx, { accountId, ...input }) => {
    const { policy, before } = await service.updatePolicy(ctx.db, requireCaller(ctx), ctx.account, input, ctx.now);
    ctx.audit({ accountId, before, after: { OrdersWithoutLimit: policy.OrdersWithoutLimit } });
    return policy;
  }),
];
