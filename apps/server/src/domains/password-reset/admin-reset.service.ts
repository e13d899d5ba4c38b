import { createHash, randomBytes } from 'node:crypto';
import { type FieldValue, meetsPasswordRules, passwordValidationState } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, validationFailed } from '../../platform/errors/domain-error.js';
import { isMailAddress, sendMail } from '../../platform/mail/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { assertAcceptablePassword, endAllSessions, policyForPath, setPassword } from '../auth/index.js';
import * as repo from './password-reset.repository.js';
import { decideAdminReset, RESET_TOKEN_MINUTES, resetLink, resetMail, resetTokenExpiry } from './password-reset.rules.js';
import type { PasswordResetSettings } from './password-reset.service.js';

const FIELD = (name: string) => `Views.Action.Values.${name}`;

/** The user account the action runs on, as the accounts domain hands it over. */
export interface ResetTarget {
  id: number;
  path: string;
  display_name: string;
  username: string | null;
  email: string | null;
}

/**
 * [A1.5], [A6.19] The "reset password" custom action of a User account (decision 0020-reset-password-action):
 * either e-mails a single-use reset link through the password-reset flow (nothing changes until the user uses it),
 * or sets a new password meeting [M5.1] and the organisation's policy, optionally to be changed at the next
 * sign-in; then every session of the user ends and every open reset link is spent. Returns what the audit row
 * records: never the password, never the link.
 */
export function resetPasswordAction(settings: PasswordResetSettings) {
  return async (db: Queryable, caller: Caller, target: ResetTarget, values: Record<string, FieldValue>) => {
    const plan = decideAdminReset({
      method: values.Method,
      newPassword: typeof values.NewPassword === 'string' ? values.NewPassword : '',
      confirmation: typeof values.PasswordConfirmation === 'string' ? values.PasswordConfirmation : '',
      changeAtNextSignIn: values.ChangeAtNextSignIn === true,
      username: target.username,
      email: target.email,
      isSelf: target.id === caller.userId,
      isMailAddress,
      meetsRules: (password, username) => meetsPasswordRules(passwordValidationState(password, username)),
    });
    if (!plan.ok) {
      if ('conflict' in plan) throw new DomainError('CONFLICT', plan.conflict);
      throw validationFailed(plan.errors.map((e) => ({ field: FIELD(e.field), message: e.message })));
    }
    const now = new Date();
    if (plan.kind === 'link') {
      const token = randomBytes(32).toString('base64url');
      await repo.insertToken(db, {
        tokenHash: createHash('sha256').update(token).digest('hex'),
        userId: target.id,
        expiresAt: resetTokenExpiry(now),
      });
      const mail = resetMail({
        displayName: target.display_name,
        username: plan.username,
        link: resetLink(settings.publicUrl, plan.username, token),
      });
      await sendMail(db, {
        to: plan.email,
        subject: mail.subject,
        text: mail.text,
        accountId: target.id,
        secrets: [token],
        kind: 'PasswordReset',
      });
      return {
        before: null,
        after: { Method: 'SEND_LINK', SentTo: plan.email, LinkValidMinutes: RESET_TOKEN_MINUTES },
      };
    }
    await assertAcceptablePassword(db, {
      userId: target.id,
      username: plan.username,
      policy: await policyForPath(db, target.path),
      password: plan.password,
      field: FIELD('NewPassword'),
    });
    await setPassword(db, target.id, plan.password, { mustChange: plan.mustChange });
    const linksSpent = await repo.spendAllTokens(db, target.id, now);
    await endAllSessions(db, target.id);
    return {
      before: null,
      after: { Method: 'SET_PASSWORD', ChangeAtNextSignIn: plan.mustChange, SessionsEnded: true, LinksSpent: linksSpent },
    };
  };
}
