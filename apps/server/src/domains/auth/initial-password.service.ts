import { meetsPasswordRules, PASSWORD_INVALID_MESSAGE, passwordValidationState } from '@portal/contracts';
import { DomainError, validationFailed } from '../../platform/errors/domain-error.js';
import type { Caller, OperationContext } from '../../platform/operations/types.js';
import { findById } from '../accounts/index.js';
import * as accessRepo from './access.repository.js';
import * as repo from './auth.repository.js';
import { hashPassword } from './passwords.js';
import { assertAcceptablePassword, policyForPath } from './security.service.js';
import { describeCaller } from './session-core.js';

/**
 * ChangeInitialPassword (decision 0010, appended): the user who signed in with a generated first-time password
 * chooses their own. [M5.1] (the shared `passwordValidationState`, the rules the screen ticks live [M3.7]) and the
 * organisation's policy apply, and it must differ from the first-time password. Storing it clears the flag; every
 * other session of the user ends, this one goes on.
 */
export async function changeInitialPassword(ctx: OperationContext, caller: Caller, input: { NewPassword: string }) {
  if (!caller.mustChangePassword)
    throw new DomainError('CONFLICT', 'There is no first-time password to replace. Use Change password instead.');
  if (!meetsPasswordRules(passwordValidationState(input.NewPassword, caller.username)))
    throw validationFailed([{ field: 'NewPassword', message: PASSWORD_INVALID_MESSAGE }], PASSWORD_INVALID_MESSAGE);
  const account = await findById(ctx.db, caller.userId);
  if (!account) throw new Error(`signed-in user ${caller.userId} has no account`);
  await assertAcceptablePassword(ctx.db, {
    userId: caller.userId,
    username: caller.username,
    policy: await policyForPath(ctx.db, account.path),
    password: input.NewPassword,
    field: 'NewPassword',
  });
  await repo.upsertPassword(ctx.db, caller.userId, await hashPassword(input.NewPassword));
  await accessRepo.deleteOtherSessions(ctx.db, caller.userId, [caller.sessionId]);
  ctx.audit({ accountId: caller.userId, after: { FirstTimeCredential: 'replaced by the user', OtherSessionsEnded: true } });
  return describeCaller(ctx.db, { ...caller, mustChangePassword: false });
}
