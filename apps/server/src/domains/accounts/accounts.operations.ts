import {
  GetPartialCompanyHierarchy,
  ListAccountSubtree,
  LoadAccountById,
  UpdateAccount,
  UpdateAccountByConfirm,
} from '@portal/contracts';
import { handle, type OperationContext, requireCaller } from '../../platform/operations/types.js';
import * as service from './accounts.service.js';

async function update(
  ctx: OperationContext,
  input: {
    id: number;
    views: Parameters<typeof service.updateAccount>[2]['views'];
  },
  confirmed: boolean,
) {
  const result = await service.updateAccount(ctx.db, requireCaller(ctx), {
    ...input,
    confirmed,
  });
  ctx.audit({
    accountId: input.id,
    before: result.before,
    after: result.after,
  });
  return result.account;
}

export const accountOperations = [
  handle(LoadAccountById, (ctx, input) => service.loadAccount(ctx.db, requireCaller(ctx), input.id)),
  handle(GetPartialCompanyHierarchy, (ctx, input) => service.getPartialHierarchy(ctx.db, input)),
  handle(ListAccountSubtree, (ctx, input) => service.listSubtree(ctx.db, input)),
  handle(UpdateAccount, (ctx, input) => update(ctx, input, false)),
  handle(UpdateAccountByConfirm, (ctx, input) => update(ctx, input, true)),
];
