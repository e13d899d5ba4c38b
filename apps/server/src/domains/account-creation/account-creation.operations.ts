import {
  AcceptTermsAndConditions,
  CreateAccount,
  GetAvailableCreateParents,
  GetAvailableServicesForCreate,
  GetDefaultAccountViewsForCreate,
  GetSuggestedServices,
  ValidateCreateOrderBottleneck,
} from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './account-creation.service.js';

export const accountCreationOperations = [
  handle(GetDefaultAccountViewsForCreate, (ctx, input) => service.getDefaultViews(ctx.db, requireCaller(ctx), input)),
  handle(GetAvailableCreateParents, (ctx, input) => service.listParents(ctx.db, requireCaller(ctx), input)),
  handle(GetAvailableServicesForCreate, (ctx, input) => service.listServices(ctx.db, requireCaller(ctx), input)),
  handle(GetSuggestedServices, (ctx, input) => service.suggestServices(ctx.db, requireCaller(ctx), input)),
  handle(ValidateCreateOrderBottleneck, (ctx, input) => service.validateBottleneck(ctx.db, requireCaller(ctx), input, ctx.now)),
  handle(AcceptTermsAndConditions, async (ctx, input) => {
    const accepted = await service.acceptTerms(ctx.db, requireCaller(ctx), input);
    ctx.audit({ accountId: accepted.organisationId, after: accepted.output });
    return accepted.output;
  }),
  handle(CreateAccount, async (ctx, input) => {
    const created = await service.createAccount(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit({
      accountId: created.id,
      after: {
        AccountType: input.accountType,
        ParentAccountId: input.parentId,
        ...created.values,
        ...(created.output.OrderStatus ? { OrderStatus: created.output.OrderStatus } : {}),
        ...(created.output.ScheduledFor ? { ScheduledFor: created.output.ScheduledFor } : {}),
        ...(created.output.Role ? { Role: created.output.Role } : {}),
      },
    });
    return created.output;
  }),
];
