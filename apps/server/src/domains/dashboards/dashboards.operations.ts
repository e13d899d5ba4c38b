import { CreateDashboard, DeleteDashboard, GetDashboard, GetMyDashboard, ListDashboards, UpdateDashboard } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './dashboards.service.js';

export const dashboardOperations = [
  handle(CreateDashboard, async (ctx, input) => {
    const created = await service.createDashboard(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit(created.audit);
    return created.result;
  }),
  handle(ListDashboards, (ctx) => service.listDashboards(ctx.db, requireCaller(ctx))),
  handle(GetDashboard, (ctx, input) => service.getDashboard(ctx.db, requireCaller(ctx), input.id)),
  handle(UpdateDashboard, async (ctx, input) => {
    const saved = await service.updateDashboard(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit(saved.audit);
    return saved.result;
  }),
  handle(DeleteDashboard, async (ctx, input) => {
    const deleted = await service.deleteDashboard(ctx.db, requireCaller(ctx), input.id);
    ctx.audit(deleted.audit);
    return deleted.result;
  }),
  handle(GetMyDashboard, (ctx) => service.getMyDashboard(ctx.db, requireCaller(ctx))),
];
