import { GetAccountPricePreview } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-pricing.service.js';

export const accountPricingOperations = [
  handle(GetAccountPricePreview, (ctx, input) => service.getPricePreview(ctx.db, requireCaller(ctx), input.accountId, ctx.now)),
];
