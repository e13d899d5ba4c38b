import { GetUserNotifications, SaveUserNotifications } from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import { getUserNotifications, saveUserNotifications } from './notifications.service.js';

export const notificationOperations = [
  handle(GetUserNotifications, (ctx) => getUserNotifications(ctx.db, requireCaller(ctx), requireAccount(ctx))),
  handle(SaveUserNotifications, async (ctx, { kinds }) => {
    const account = requireAccount(ctx);
    const saved = await saveUserNotifications(ctx.db, requireCaller(ctx), account, kinds, ctx.now);
    // Audited on the user: which kinds were switched off before and after.
    ctx.audit({ accountId: account.id, before: { SwitchedOff: saved.before }, after: { SwitchedOff: saved.after } });
    return saved.result;
  }),
];
