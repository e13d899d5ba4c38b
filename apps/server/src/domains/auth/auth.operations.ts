import { Authenticate, GetCurrentUser, Logout } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import { type AuthSettings, describeCaller, signIn, signOut } from './auth.service.js';

export function authOperations(settings: AuthSettings) {
  return [
    handle(Authenticate, async (ctx, input) => ({
      User: await signIn(ctx, settings, input),
    })),
    handle(Logout, (ctx) => signOut(ctx, requireCaller(ctx))),
    handle(GetCurrentUser, async (ctx) => describeCaller(requireCaller(ctx))),
  ];
}
