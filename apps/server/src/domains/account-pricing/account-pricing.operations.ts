import { GetAccountPricePreview, GetSubscriptionInfoForReset, ResetPriceProtection } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-pricing.service.js';
import * as protection from './price-protection.service.js';

export const accountPricingOperations = [
  handle(GetAccountPricePreview, (ctx, input) => service.getPricePreview(ctx.db, requireCaller(ctx), input.accountId, ctx.now)),
  handle(GetSubscriptionInfoForReset, (ctx) => protection.listResetTargets(ctx.db, ctx.account)),
  handle(ResetPriceProtection, async (ctx, { accountId, ...input }) => {
    const { target, before } = await protection.resetPriceProtection(ctx.db, requireCaller(ctx), ctx.account, input, ctx.now);
    ctx.audit({
      accountId,
      before: { PriceProtectionEnddate: before },
      after: { PriceProtectionEnddate: target.PriceProtectionEnddate },
    });
    return target;
  }),
];
