import { GetOutboxMessage, ListOutboxMessages } from '@portal/contracts';
import { handle, requireCaller } from '../operations/types.js';
import { getOutboxMessage, listOutbox } from './mail.service.js';

export const mailOperations = [
  handle(ListOutboxMessages, (ctx, input) => listOutbox(ctx.db, requireCaller(ctx), input)),
  handle(GetOutboxMessage, (ctx, input) => getOutboxMessage(ctx.db, requireCaller(ctx), input.id)),
];
