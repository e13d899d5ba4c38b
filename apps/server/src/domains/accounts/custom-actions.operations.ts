import {
  ExecuteCustomAction,
  ExecuteCustomActionByConfirm,
  GetDefaultViewsForCustomAction,
  RemoveSavedAccountScheduledAction,
  UpdateAccountScheduledAction,
} from '@portal/contracts';
import { handle, type OperationContext, requireCaller } from '../../platform/operations/types.js';
import * as service from './custom-actions.service.js';

function audited<T extends { account: unknown; before: unknown; after: unknown }>(
  ctx: OperationContext,
  accountId: number,
  action: string,
  result: T,
) {
  ctx.audit({ accountId, before: result.before, after: { Action: action, ...(result.after as object) } });
  return result.account as T['account'];
}

/** The custom action operations; `runners` carry the actions other domains own (RESET_PASSWORD). */
export function customActionOperations(runners: service.CustomActionRunners = {}) {
  return [
    handle(GetDefaultViewsForCustomAction, (ctx, input) => service.getCustomActionForm(ctx.db, input.accountId, input.action)),
    handle(ExecuteCustomAction, async (ctx, input) =>
      audited(
        ctx,
        input.accountId,
        input.action,
        await service.executeCustomAction(ctx.db, requireCaller(ctx), input, false, ctx.now, runners),
      ),
    ),
    handle(ExecuteCustomActionByConfirm, async (ctx, input) =>
      audited(
        ctx,
        input.accountId,
        input.action,
        await service.executeCustomAction(ctx.db, requireCaller(ctx), input, true, ctx.now, runners),
      ),
    ),
    handle(UpdateAccountScheduledAction, async (ctx, input) =>
      audited(ctx, input.accountId, input.action, await service.saveScheduledAction(ctx.db, requireCaller(ctx), input, ctx.now)),
    ),
    handle(RemoveSavedAccountScheduledAction, async (ctx, input) =>
      audited(
        ctx,
        input.accountId,
        input.action,
        await service.removeScheduledAction(ctx.db, requireCaller(ctx), input, ctx.now),
      ),
    ),
  ];
}
