import { isSwitchableKind, NOTIFICATION_KINDS, NOTIFICATION_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { checkNotificationChange, notificationAccess, userNotifications } from '../notifications.rules';

describe('notification kinds', () => {
  it('lets a user switch off the order e-mails but never the security e-mails, each fixed kind with its reason', () => {
    const switchable = NOTIFICATION_KINDS.filter((k) => k.switchable).map((k) => k.key);
    const fixed = NOTIFICATION_KINDS.filter((k) => !k.switchable);

    expect(switchable).toEqual([
      'OrderPlaced',
      'OrderUnderReview',
      'OrderApproved',
      'OrderDeclined',
      'ProvisioningFailed',
      'ProvisioningEscalated',
      'TermsChanged',
    ]);
    expect(fixed.map((k) => k.key)).toEqual(['FirstTimePassword', 'PasswordReset', 'FailedSignIns']);
    for (const k of fixed) {
      expect(k.group).toBe('Security');
      expect(k.fixedReason).not.toBe('');
    }
  });

  it('treats system e-mails and unknown keys as not switchable', () => {
    expect(isSwitchableKind('OrderPlaced')).toBe(true);
    expect(isSwitchableKind('PasswordReset')).toBe(false);
    expect(isSwitchableKind('ProvisioningAction')).toBe(false);
    expect(isSwitchableKind('Whatever')).toBe(false);
  });
});

describe('userNotifications', () => {
  it('shows every kind on until switched off, and a fixed kind on even with a stray row', () => {
    const items = userNotifications(['OrderApproved', 'PasswordReset']);

    expect(items.map((i) => i.Kind)).toEqual(NOTIFICATION_KINDS.map((k) => k.key));
    expect(items.find((i) => i.Kind === 'OrderApproved')).toEqual({
      Kind: 'OrderApproved',
      Group: 'Orders',
      Switchable: true,
      Enabled: false,
    });
    expect(items.find((i) => i.Kind === 'OrderPlaced')?.Enabled).toBe(true);
    expect(items.find((i) => i.Kind === 'PasswordReset')).toMatchObject({ Switchable: false, Enabled: true });
  });
});

describe('checkNotificationChange', () => {
  it('splits the switchable kinds into those switched off and on', () => {
    expect(
      checkNotificationChange([
        { Kind: 'OrderPlaced', Enabled: false },
        { Kind: 'OrderDeclined', Enabled: true },
      ]),
    ).toEqual({ ok: true, off: ['OrderPlaced'], on: ['OrderDeclined'] });
  });

  it('refuses a fixed kind, on or off, naming its field', () => {
    const result = checkNotificationChange([
      { Kind: 'OrderPlaced', Enabled: false },
      { Kind: 'FirstTimePassword', Enabled: false },
      { Kind: 'FailedSignIns', Enabled: true },
    ]);

    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'kinds.1.Kind', message: NOTIFICATION_MESSAGES.fixed('First-time password') },
        { field: 'kinds.2.Kind', message: NOTIFICATION_MESSAGES.fixed('Warning about failed sign-ins') },
      ],
    });
  });

  it('refuses a kind named twice', () => {
    expect(
      checkNotificationChange([
        { Kind: 'OrderPlaced', Enabled: false },
        { Kind: 'OrderPlaced', Enabled: true },
      ]),
    ).toEqual({ ok: false, errors: [{ field: 'kinds.1.Kind', message: NOTIFICATION_MESSAGES.duplicate }] });
  });
});

describe('notificationAccess', () => {
  it('lets a user read and change their own, and others only with NOTIFICATIONS_READ / NOTIFICATIONS_UPDATE', () => {
    const none = new Set<string>();
    expect(notificationAccess({ isSelf: true, capabilities: none })).toEqual({ read: true, update: true });
    expect(notificationAccess({ isSelf: false, capabilities: none })).toEqual({ read: false, update: false });
    expect(notificationAccess({ isSelf: false, capabilities: new Set(['NOTIFICATIONS_READ']) })).toEqual({
      read: true,
      update: false,
    });
    expect(notificationAccess({ isSelf: false, capabilities: new Set(['NOTIFICATIONS_READ', 'NOTIFICATIONS_UPDATE']) })).toEqual({
      read: true,
      update: true,
    });
  });
});
