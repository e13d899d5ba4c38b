import {
  type FieldError,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  notificationKind,
  type UserNotification,
} from '@portal/contracts';

/** Every kind with whether the user receives it: on unless switched off, a fixed kind always on [A2.17]. */
export function userNotifications(switchedOff: readonly string[]): UserNotification[] {
  const off = new Set(switchedOff);
  return NOTIFICATION_KINDS.map((k) => ({
    Kind: k.key,
    Group: k.group,
    Switchable: k.switchable,
    Enabled: !k.switchable || !off.has(k.key),
  }));
}

export type NotificationChange =
  | { ok: true; off: NotificationKind[]; on: NotificationKind[] }
  | { ok: false; errors: FieldError[] };

/**
 * Checks a SaveUserNotifications payload: each kind once, and only switchable kinds (decision 0053: security e-mails
 * are always sent, so a fixed kind in the payload is refused, naming its field).
 *
 * @example
 * checkNotificationChange([{ Kind: 'OrderPlaced', Enabled: false }]) // { ok: true, off: ['OrderPlaced'], on: [] }
 */
export function checkNotificationChange(kinds: readonly { Kind: NotificationKind; Enabled: boolean }[]): NotificationChange {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const off: NotificationKind[] = [];
  const on: NotificationKind[] = [];
  kinds.forEach((k, i) => {
    const info = notificationKind(k.Kind);
    const field = `kinds.${i}.Kind`;
    if (seen.has(k.Kind)) errors.push({ field, message: NOTIFICATION_MESSAGES.duplicate });
    else if (!info?.switchable) errors.push({ field, message: NOTIFICATION_MESSAGES.fixed(info?.label ?? k.Kind) });
    else (k.Enabled ? on : off).push(k.Kind);
    seen.add(k.Kind);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, off, on };
}

/** Decision 0053: a user reads and changes their own choices; another user's need NOTIFICATIONS_READ / _UPDATE. */
export function notificationAccess(p: { isSelf: boolean; capabilities: ReadonlySet<string> }): {
  read: boolean;
  update: boolean;
} {
  return {
    read: p.isSelf || p.capabilities.has('NOTIFICATIONS_READ'),
    update: p.isSelf || p.capabilities.has('NOTIFICATIONS_UPDATE'),
  };
}
