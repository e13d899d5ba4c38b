import { GetSubscriptionUpgradeOptions } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { getUpgradeOptions } from './upgrade.service.js';

export const subscriptionOperations = [
  handle(GetSubscriptionUpgradeOptions, (ctx, input) => getUpgradeOptions(ctx.db, requireCaller(ctx), input.accountId)),
];
