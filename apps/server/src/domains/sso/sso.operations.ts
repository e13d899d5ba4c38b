import {
  CompleteSsoSignIn,
  CreateIdentityProvider,
  DeleteIdentityProvider,
  ListIdentityProviders,
  StartSsoSignIn,
  UpdateIdentityProvider,
} from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import {
  completeSsoSignIn,
  createProvider,
  deleteProvider,
  listProviders,
  type SsoSettings,
  startSsoSignIn,
  updateProvider,
} from './sso.service.js';

export function ssoOperations(settings: SsoSettings) {
  return [
    handle(ListIdentityProviders, (ctx) => listProviders(ctx, settings, requireCaller(ctx), requireAccount(ctx))),
    handle(CreateIdentityProvider, (ctx, { accountId: _id, ...input }) => createProvider(ctx, requireAccount(ctx), input)),
    handle(UpdateIdentityProvider, (ctx, { accountId: _id, ...input }) => updateProvider(ctx, requireAccount(ctx), input)),
    handle(DeleteIdentityProvider, (ctx, input) => deleteProvider(ctx, requireAccount(ctx), input.Id)),
    handle(StartSsoSignIn, (ctx, input) => startSsoSignIn(ctx, settings, input)),
    handle(CompleteSsoSignIn, (ctx, input) => completeSsoSignIn(ctx, settings, input)),
  ];
}
