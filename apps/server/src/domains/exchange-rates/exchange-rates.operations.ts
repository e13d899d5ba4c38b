import { ListExchangeRates, UpdateExchangeRates } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './exchange-rates.service.js';

export const exchangeRateOperations = [
  handle(ListExchangeRates, (ctx) => service.listExchangeRates(ctx.db, requireCaller(ctx), ctx.now)),
  handle(UpdateExchangeRates, async (ctx, input) => {
    const { before, after, rates } = await service.updateExchangeRates(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ before, after });
    return rates;
  }),
];
