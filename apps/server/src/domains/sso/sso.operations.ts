import {
  CompleteSsoSignIn,
  CreateIdentityProvider,
  DeleteIdentityProvider,
  ListIdentityProviders,
  StartSsoSignIn,
  UpdateIdentityProvider,
} from '@portal/contracts';
import { handle, type OperationContext, requireCaller } from '../../platform/operations/types.js';
import {
  completeSsoSignIn,
  createProvider,
  deleteProvider,
  listProviders,
  type SsoSettings,
  startSsoSignIn,
  updateProvider,
} from './sso.service.js';

const located = (ctx: OperationContext) => {
  if (!ctx.account) throw new Error('operation declares an account but ran without one');
  return ctx.account;
};

export function ssoOperations(settings: SsoSettings) {
  return [
    handle(ListIdentityProviders, (ctx) => listProviders(ctx, settings, requireCaller(ctx), located(ctx))),
    handle(CreateIdentityProvider, (ctx, { accountId: _id, ...input }) => createProvider(ctx, located(ctx), input)),
    handle(UpdateIdentityProvider, (ctx, { accountId: _id, ...input }) => updateProvider(ctx, located(ctx), input)),
    handle(DeleteIdentityProvider, (ctx, input) => deleteProvider(ctx, located(ctx), input.Id)),
    handle(StartSsoSignIn, (ctx, input) => startSsoSignIn(ctx, settings, input)),
    handle(CompleteSsoSignIn, (ctx, input) => completeSsoSignIn(ctx, settings, input)),
  ];
}
