/**
 * The e-mails a user receives, and which of them the user may switch off: the Notifications tab of a user [A2.17]
 * (decision 0053). Every e-mail the portal sends names its kind; the outbox leaves out a switchable kind the
 * recipient switched off. Security e-mails (credentials, password reset, sign-in warnings) are always sent.
 */
import { z } from 'zod';
import { AccountIdSchema } from './accounts.js';
import { defineOperation } from './operation.js';

export const NOTIFICATION_GROUPS = ['Orders', 'Provisioning', 'Terms', 'Security'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export interface NotificationKindInfo {
  readonly key: string;
  /** English label; the web app shows its own translation of it under notifications.kinds.<key>. */
  readonly label: string;
  readonly group: NotificationGroup;
  /** Whether the recipient may switch it off; a fixed kind is always sent. */
  readonly switchable: boolean;
  /** Why a fixed kind is always sent (null for a switchable one). */
  readonly fixedReason: string | null;
}

/** The kinds of e-mail the portal sends to users, in the order the tab lists them. */
export const NOTIFICATION_KINDS = [
  {
    key: 'OrderPlaced',
    label: 'Order placed',
    group: 'Orders',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'OrderUnderReview',
    label: 'Order under review',
    group: 'Orders',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'OrderApproved',
    label: 'Order approved',
    group: 'Orders',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'OrderDeclined',
    label: 'Order declined',
    group: 'Orders',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'ProvisioningFailed',
    label: 'Provisioning failed',
    group: 'Provisioning',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'ProvisioningEscalated',
    label: 'Provisioning escalated',
    group: 'Provisioning',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'TermsChanged',
    label: 'Terms changed',
    group: 'Terms',
    switchable: true,
    fixedReason: null,
  },
  {
    key: 'FirstTimePassword',
    label: 'First-time password',
    group: 'Security',
    switchable: false,
    fixedReason: 'It carries the credentials the user signs in with.',
  },
  {
    key: 'PasswordReset',
    label: 'Password reset link',
    group: 'Security',
    switchable: false,
    fixedReason: 'It is the only way to choose a new password when the old one is lost.',
  },
  {
    key: 'FailedSignIns',
    label: 'Warning about failed sign-ins',
    group: 'Security',
    switchable: false,
    fixedReason: 'It warns the user that someone may be trying to take over the account.',
  },
] as const satisfies readonly NotificationKindInfo[];

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]['key'];
export const NOTIFICATION_KIND_KEYS = NOTIFICATION_KINDS.map((k) => k.key) as [NotificationKind, ...NotificationKind[]];
export const NotificationKindSchema = z.enum(NOTIFICATION_KIND_KEYS);

/**
 * E-mails addressed to no user (the provisioning e-mail to a vendor's desk, a chat handed over to the support
 * contact): they name their kind too, but no recipient preference applies to them.
 */
export const SYSTEM_MAIL_KINDS = ['ProvisioningAction', 'SupportHandOver'] as const;
export type SystemMailKind = (typeof SYSTEM_MAIL_KINDS)[number];
/** What every outgoing e-mail names. */
export type MailKind = NotificationKind | SystemMailKind;

/** The kind's description, or undefined for a key that is not a notification kind. */
export function notificationKind(key: string): NotificationKindInfo | undefined {
  return (NOTIFICATION_KINDS as readonly NotificationKindInfo[]).find((k) => k.key === key);
}

/** Whether a user may switch this kind off; system kinds and unknown keys are not a user's to switch. */
export function isSwitchableKind(key: string): boolean {
  return notificationKind(key)?.switchable === true;
}

export const NOTIFICATION_MESSAGES = {
  fixed: (label: string) => `${label} e-mails are always sent and cannot be switched off`,
  duplicate: 'Name each kind once',
} as const;

export const UserNotificationSchema = z.object({
  Kind: NotificationKindSchema,
  Group: z.enum(NOTIFICATION_GROUPS),
  Switchable: z.boolean(),
  /** Whether the user receives it: always true for a fixed kind. */
  Enabled: z.boolean(),
});
export type UserNotification = z.infer<typeof UserNotificationSchema>;

export const UserNotificationsSchema = z.object({
  AccountId: AccountIdSchema,
  /** Every kind, in NOTIFICATION_KINDS order. */
  Items: z.array(UserNotificationSchema),
  /** Whether the caller may change them: the user's own, or another user's with NOTIFICATIONS_UPDATE. */
  CanUpdate: z.boolean(),
});
export type UserNotifications = z.infer<typeof UserNotificationsSchema>;

export const GetUserNotifications = defineOperation({
  name: 'GetUserNotifications',
  summary: "Which e-mails a user receives [A2.17]: the user's own, or with NOTIFICATIONS_READ any user in the caller's scope",
  input: z.object({ accountId: AccountIdSchema }),
  output: UserNotificationsSchema,
  // The service lets a user read their own without the capability (decision 0053), as User security does.
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: false,
});

export const SaveUserNotifications = defineOperation({
  name: 'SaveUserNotifications',
  summary:
    "Choose which e-mails a user receives [A2.17]: each kind in `kinds` is switched on or off, the others stay as they are; a fixed kind answers 422. The user's own, or with NOTIFICATIONS_UPDATE any user in the caller's scope",
  input: z.object({
    accountId: AccountIdSchema,
    kinds: z.array(z.object({ Kind: NotificationKindSchema, Enabled: z.boolean() })).max(NOTIFICATION_KIND_KEYS.length),
  }),
  output: UserNotificationsSchema,
  access: { kind: 'session' },
  account: (i) => i.accountId,
  mutating: true,
});

export const notificationOperations = [GetUserNotifications, SaveUserNotifications] as const;
