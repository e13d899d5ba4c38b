import {
  CancelAccountTermination,
  GetPartialCompanyHierarchy,
  ListAccountSubtree,
  LoadAccountById,
  MoveAccount,
  SearchAccounts,
  TerminateAccount,
  UpdateAccount,
  UpdateAccountByConfirm,
} from '@portal/contracts';
import { handle, handleLocating, keepingAnswers, type OperationContext, requireCaller } from '../../platform/operations/types.js';
import * as service from './accounts.service.js';

async function update(
  ctx: OperationContext,
  input: {
    id: number;
    views: Parameters<typeof service.updateAccount>[2]['views'];
    version: number;
    skipProvisioning?: boolean;
  },
  confirmed: boolean,
) {
  const result = await service.updateAccount(
    ctx.db,
    requireCaller(ctx),
    {
      ...input,
      confirmed,
    },
    ctx.now,
  );
  ctx.audit({
    accountId: input.id,
    before: result.before,
    after: result.after,
  });
  return result.account;
}

export const accountOperations = [
  handle(SearchAccounts, (ctx, input) => service.searchAccounts(ctx.db, requireCaller(ctx), input)),
  handle(MoveAccount, async (ctx, input) => {
    const result = await service.moveAccount(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: input.id, before: result.before, after: result.after });
    return result.account;
  }),
  handle(TerminateAccount, async (ctx, input) => {
    const result = await service.terminateAccount(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({ accountId: input.id, before: result.before, after: result.after });
    return result.account;
  }),
  handle(CancelAccountTermination, async (ctx, input) => {
    const result = await service.cancelTermination(ctx.db, requireCaller(ctx), input.id, ctx.now);
    ctx.audit({ accountId: input.id, before: result.before, after: result.after });
    return result.account;
  }),
  // The page's statement is the tenant guard's lookup too (decision 0063): it hands what it found to the guard. The
  // page is kept per caller until data changes (decision 0069): it reads only announced tables, the caller and the
  // clock (the exchange-rate flag of a Product, which changes at a month end).
  keepingAnswers(
    handleLocating(LoadAccountById, (ctx, input, admit) =>
      service.loadAccount(ctx.db, requireCaller(ctx), input.id, ctx.now, admit),
    ),
  ),
  // The tree and the subtree's pages are kept the same way (decision 0069): they read only accounts and the input.
  keepingAnswers(handle(GetPartialCompanyHierarchy, (ctx, input) => service.getPartialHierarchy(ctx.db, input))),
  // The page's statement is the tenant guard's lookup too (decision 0063).
  keepingAnswers(
    handleLocating(ListAccountSubtree, (ctx, input, admit) => service.listSubtree(ctx.db, requireCaller(ctx), input, admit)),
  ),
  handle(UpdateAccount, (ctx, input) => update(ctx, input, false)),
  handle(UpdateAccountByConfirm, (ctx, input) => update(ctx, input, true)),
];
