import { AskChatBot, type ChatMessage, GetChatBotToken, HandOverChatToSupport } from '@portal/contracts';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callOperation, newIdempotencyKey } from '../../../lib/api-client';
import { isChatTokenReusable, readCachedChatToken, writeCachedChatToken } from '../utils/chat-token-cache';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** [M7.20] [M9.13] The chat token: the cached one while it is good for more than the renew margin, else a new one. */
async function chatToken(userId: number, renew = false): Promise<string> {
  const cached = readCachedChatToken(storage());
  if (!renew && isChatTokenReusable(cached, userId, new Date())) return cached.Token;
  const fresh = await callOperation(GetChatBotToken, {});
  writeCachedChatToken(storage(), { ...fresh, UserId: userId });
  return fresh.Token;
}

/** A call carrying the token; a refused token (expired, rotated key) is renewed once and the call made again. */
async function withToken<T>(userId: number, call: (token: string) => Promise<T>): Promise<T> {
  try {
    return await call(await chatToken(userId));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 403 && error.fieldErrors.some((e) => e.field === 'Token'))) throw error;
    return call(await chatToken(userId, true));
  }
}

/** [M2.59] Asks the assistant a question. */
export function useAskChatBot(userId: number) {
  return useMutation({
    mutationFn: (question: string) => withToken(userId, (Token) => callOperation(AskChatBot, { Token, Question: question })),
  });
}

/** [M2.59] Hands the conversation over to the support contact (an e-mail through the outbox). */
export function useHandOverChat(userId: number) {
  return useMutation({
    mutationFn: (messages: ChatMessage[]) =>
      withToken(userId, (Token) =>
        callOperation(HandOverChatToSupport, { Token, Messages: messages }, { idempotencyKey: newIdempotencyKey() }),
      ),
  });
}
