import { GetAccountChargeStreams, GetSpecialDealDiscount, SaveSpecialDealDiscount } from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import * as service from './special-deals.service.js';

export const specialDealOperations = [
  handle(GetAccountChargeStreams, (ctx) => service.getChargeStreams(ctx.db, requireCaller(ctx), requireAccount(ctx), ctx.now)),
  handle(GetSpecialDealDiscount, (ctx) => service.getSpecialDeals(ctx.db, requireCaller(ctx), requireAccount(ctx))),
  handle(SaveSpecialDealDiscount, async (ctx, { deals }) => {
    const caller = requireCaller(ctx);
    const changes = await service.saveSpecialDeals(ctx.db, caller, requireAccount(ctx), deals, ctx.now);
    // [A4.5] One audit row per deal activated, modified or removed, filed under the Product account.
    for (const change of changes) ctx.audit({ accountId: requireAccount(ctx).id, after: { SpecialDeal: change } });
    return service.getSpecialDeals(ctx.db, caller, requireAccount(ctx));
  }),
];
