import { SendUserFirstTimePassword, SendUsersFirstTimePasswordForCompany } from '@portal/contracts';
import { handle, requireCaller } from '../../platform/operations/types.js';
import * as service from './credentials.service.js';

export const credentialOperations = [
  handle(SendUserFirstTimePassword, async (ctx, { id }) => {
    const sent = await service.sendUserFirstTimePassword(ctx.db, requireCaller(ctx), id);
    // Never the password itself: only that one was sent, and where.
    ctx.audit({ accountId: id, after: { CredentialsSentTo: sent.Email } });
    return sent;
  }),
  handle(SendUsersFirstTimePasswordForCompany, async (ctx, { id }) => {
    const job = await service.startSendToAll(ctx.db, requireCaller(ctx), id);
    ctx.audit({ accountId: id, after: { JobId: job.Id } });
    return job;
  }),
];
