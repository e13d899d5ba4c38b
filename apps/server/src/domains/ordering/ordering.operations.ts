import {
  AcceptTermsForMarketplaceService,
  GetMarketServiceForAccount,
  GetServiceNameByMaterialNumber,
  GetVisibleCompaniesForService,
  PlaceOrder,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './ordering.service.js';

export const orderingOperations = [
  handle(GetServiceNameByMaterialNumber, (ctx, input) => service.serviceNameByMaterialNumber(ctx.db, requireCaller(ctx), input)),
  handle(GetVisibleCompaniesForService, (ctx, input) => service.visibleCompanies(ctx.db, requireCaller(ctx), input)),
  handle(GetMarketServiceForAccount, (ctx, input) => service.marketServiceForAccount(ctx.db, requireCaller(ctx), input)),
  handle(AcceptTermsForMarketplaceService, async (ctx, input) => {
    const accepted = await service.acceptTermsForService(ctx.db, requireCaller(ctx), input);
    ctx.audit({ accountId: accepted.customerId, after: accepted.output });
    return accepted.output;
  }),
  handle(PlaceOrder, async (ctx, input) => {
    const placed = await service.placeOrder(ctx.db, requireCaller(ctx), input, ctx.now);
    for (const c of placed.created ?? [])
      ctx.audit({ accountId: c.id, after: { RequestId: input.requestId, ...c.values, ...c.output } });
    if (placed.replayed) ctx.audit({ accountId: input.customerId, after: { RequestId: input.requestId, Replayed: true } });
    return placed.output;
  }),
];
