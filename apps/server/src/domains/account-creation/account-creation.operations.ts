import { CreateAccount, GetAvailableCreateParents, GetDefaultAccountViewsForCreate } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-creation.service.js';

export const accountCreationOperations = [
  handle(GetDefaultAccountViewsForCreate, (ctx, input) => service.getDefaultViews(ctx.db, requireCaller(ctx), input)),
  handle(GetAvailableCreateParents, (ctx, input) => service.listParents(ctx.db, requireCaller(ctx), input)),
  handle(CreateAccount, async (ctx, input) => {
    const created = await service.createAccount(ctx.db, requireCaller(ctx), input);
    ctx.audit({
      accountId: created.id,
      after: { AccountType: input.accountType, ParentAccountId: input.parentId, ...created.values },
    });
    return created.output;
  }),
];
