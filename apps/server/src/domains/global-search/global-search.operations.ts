import { GlobalSearch } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { globalSearch } from './global-search.service.js';

export const globalSearchOperations = [
  handle(GlobalSearch, (ctx, input) => globalSearch(ctx.db, { caller: requireCaller(ctx), now: ctx.now }, input)),
];
