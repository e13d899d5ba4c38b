import { type NotificationKind, refusalMessage, type UserNotifications } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { forbidden, validationFailed } from '../../platform/errors/domain-error.js';
import { listOptOuts, setOptOuts } from '../../platform/mail/index.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { checkNotificationChange, notificationAccess, userNotifications } from './notifications.rules.js';

function accessTo(caller: Caller, account: LocatedAccount) {
  if (account.type !== 'User') throw validationFailed([{ field: 'accountId', message: 'Choose a User account' }]);
  return notificationAccess({ isSelf: account.id === caller.userId, capabilities: caller.capabilities });
}

/** [A2.17] GetUserNotifications: which e-mails the user receives, and whether the caller may change that. */
export async function getUserNotifications(db: Queryable, caller: Caller, account: LocatedAccount): Promise<UserNotifications> {
  const access = accessTo(caller, account);
  if (!access.read) throw forbidden(refusalMessage(['NOTIFICATIONS_READ']));
  return { AccountId: account.id, Items: userNotifications(await listOptOuts(db, account.id)), CanUpdate: access.update };
}

/**
 * [A2.17] SaveUserNotifications: switches the listed kinds on or off; the others stay as they are. The switched-off
 * kinds before and after, for the audit row.
 */
export async function saveUserNotifications(
  db: Queryable,
  caller: Caller,
  account: LocatedAccount,
  kinds: readonly { Kind: NotificationKind; Enabled: boolean }[],
  now: Date,
): Promise<{ result: UserNotifications; before: string[]; after: string[] }> {
  if (!accessTo(caller, account).update) throw forbidden(refusalMessage(['NOTIFICATIONS_UPDATE']));
  const change = checkNotificationChange(kinds);
  if (!change.ok) throw validationFailed(change.errors);
  const before = await listOptOuts(db, account.id);
  await setOptOuts(db, account.id, { off: change.off, on: change.on, by: caller.userId, now });
  const after = await listOptOuts(db, account.id);
  return {
    result: { AccountId: account.id, Items: userNotifications(after), CanUpdate: true },
    before,
    after,
  };
}
