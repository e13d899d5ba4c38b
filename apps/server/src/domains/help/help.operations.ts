import {
  AskChatBot,
  GetChatBotToken,
  GetSupportDetails,
  HandOverChatToSupport,
  LoadSupportDetails,
  UpdateSupportDetails,
} from '@portal/contracts';
import { handle, requireAccount, requireCaller } from '../../platform/operations/types.js';
import * as service from './help.service.js';

export const helpOperations = [
  handle(GetSupportDetails, (ctx) => service.getSupportDetails(ctx.db, requireCaller(ctx))),
  handle(LoadSupportDetails, (ctx) => service.loadSupportDetails(ctx.db, requireAccount(ctx))),
  handle(UpdateSupportDetails, async (ctx, input) => {
    const saved = await service.updateSupportDetails(ctx.db, requireCaller(ctx), requireAccount(ctx), input, ctx.now);
    ctx.audit(saved.audit);
    return saved.result;
  }),
  handle(GetChatBotToken, async (ctx) => service.getChatBotToken(requireCaller(ctx), ctx.now)),
  handle(AskChatBot, (ctx, input) => service.askChatBot(ctx.db, requireCaller(ctx), input, ctx.now)),
  handle(HandOverChatToSupport, async (ctx, input) => {
    const handed = await service.handOverChat(ctx.db, requireCaller(ctx), input, ctx.now);
    ctx.audit(handed.audit);
    return handed.result;
  }),
];
