import { ApproveOrder, DeclineOrder, GetOrder, ListOrders } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './orders.service.js';

export const orderOperations = [
  handle(ListOrders, (ctx, input) => service.listOrders(ctx.db, requireCaller(ctx), input)),
  handle(GetOrder, (ctx, input) => service.getOrder(ctx.db, requireCaller(ctx), input.orderNumber)),
  // Decision 0032: the review of an order under review ends; audited with the order's status before and after.
  handle(ApproveOrder, async (ctx, input) => {
    const result = await service.decideOrder(ctx.db, requireCaller(ctx), { ...input, decision: 'approve' }, ctx.now);
    ctx.audit({ accountId: result.accountId, before: result.before, after: result.after });
    return result.order;
  }),
  handle(DeclineOrder, async (ctx, input) => {
    const result = await service.decideOrder(ctx.db, requireCaller(ctx), { ...input, decision: 'decline' }, ctx.now);
    ctx.audit({ accountId: result.accountId, before: result.before, after: result.after });
    return result.order;
  }),
];
