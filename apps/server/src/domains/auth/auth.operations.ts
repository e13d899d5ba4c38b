import {
  Authenticate,
  ChangeInitialPassword,
  ChangePassword,
  ConfirmMfaEnrolment,
  DisableMfa,
  GetClientSettings,
  GetCurrentUser,
  GetSecuritySettings,
  GetUserSecurity,
  Impersonate,
  ListUserSessions,
  Logout,
  RevokeUserSession,
  StartMfaEnrolment,
  StartSignInMfaEnrolment,
  StopImpersonation,
  UpdateSecuritySettings,
} from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import { checkPassword, signIn, signOut } from './auth.service.js';
import { impersonate, stopImpersonation } from './impersonation.service.js';
import { changeInitialPassword } from './initial-password.service.js';
import {
  changePassword,
  confirmMfaEnrolment,
  disableMfa,
  getSecuritySettings,
  getUserSecurity,
  startMfaEnrolment,
  startSignInMfaEnrolment,
  updateSecuritySettings,
} from './security.service.js';
import { type AuthSettings, describeCaller } from './session-core.js';
import { listUserSessions, revokeUserSession } from './sessions.service.js';

export function authOperations(settings: AuthSettings) {
  return [
    handle(Authenticate, (ctx, input) => signIn(ctx, settings, input)),
    handle(Logout, (ctx) => signOut(ctx, requireCaller(ctx))),
    handle(GetCurrentUser, (ctx) => describeCaller(ctx.db, requireCaller(ctx))),
    handle(GetClientSettings, async (ctx) => ({
      RedirectPrefixes: [...(settings.redirectPrefixes ?? [])],
      GuidanceScriptUrl: ctx.caller && ctx.caller.impersonatorId === null ? (settings.guidanceScriptUrl ?? null) : null,
      NavigationHeaderScriptUrl: ctx.caller ? (settings.navigationHeaderScriptUrl ?? null) : null,
    })),
    handle(Impersonate, (ctx) => impersonate(ctx, requireCaller(ctx), requireAccount(ctx))),
    handle(StopImpersonation, (ctx) => stopImpersonation(ctx, settings, requireCaller(ctx))),
    handle(ListUserSessions, async (ctx) => ({
      Items: await listUserSessions(ctx.db, settings, requireCaller(ctx), requireAccount(ctx), ctx.now),
    })),
    handle(RevokeUserSession, (ctx, input) =>
      revokeUserSession(ctx, settings, requireCaller(ctx), requireAccount(ctx), input.sessionId),
    ),
    handle(GetSecuritySettings, (ctx) => getSecuritySettings(ctx.db, requireCaller(ctx), requireAccount(ctx))),
    handle(UpdateSecuritySettings, (ctx, { accountId: _id, Version, ...policy }) =>
      updateSecuritySettings(ctx, requireCaller(ctx), requireAccount(ctx), policy, Version),
    ),
    handle(GetUserSecurity, (ctx) => getUserSecurity(ctx.db, requireCaller(ctx), requireAccount(ctx))),
    handle(ChangePassword, (ctx, input) => changePassword(ctx, requireCaller(ctx), input, checkPassword)),
    handle(StartMfaEnrolment, (ctx) => startMfaEnrolment(ctx, requireCaller(ctx))),
    handle(ConfirmMfaEnrolment, (ctx, input) => confirmMfaEnrolment(ctx, requireCaller(ctx), input.Code)),
    handle(DisableMfa, (ctx, input) => disableMfa(ctx, requireCaller(ctx), requireAccount(ctx), input.Code)),
    handle(StartSignInMfaEnrolment, (ctx, input) => startSignInMfaEnrolment(ctx, checkPassword, input)),
    handle(ChangeInitialPassword, (ctx, input) => changeInitialPassword(ctx, requireCaller(ctx), input)),
  ];
}
