import { ListChildAccounts, ListMySubscriptions } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-finding.service.js';

/** Decision 0054: the children list of the account page and a plain user's "My services". */
export const accountFindingOperations = [
  handle(ListChildAccounts, (ctx, input) => service.listChildAccounts(ctx.db, input)),
  handle(ListMySubscriptions, (ctx) => service.listMySubscriptions(ctx.db, requireCaller(ctx))),
];
