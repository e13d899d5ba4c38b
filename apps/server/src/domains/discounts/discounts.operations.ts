import { GetServiceDiscounts, UpdateServiceDiscounts } from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import * as service from './discounts.service.js';

export const discountOperations = [
  handle(GetServiceDiscounts, (ctx) => service.listDiscounts(ctx.db, requireCaller(ctx), requireAccount(ctx))),
  handle(UpdateServiceDiscounts, async (ctx, { discounts }) => {
    const caller = requireCaller(ctx);
    const changes = await service.saveDiscounts(ctx.db, caller, requireAccount(ctx), discounts, ctx.now);
    // [A4.4] One audit row per discount created, saved or deleted, with its mode; filed under the target account.
    for (const change of changes) ctx.audit({ accountId: requireAccount(ctx).id, after: { Discount: change } });
    return service.listDiscounts(ctx.db, caller, requireAccount(ctx));
  }),
];
