import { CHAT_TOKEN_RENEW_MARGIN_MS, type ChatToken } from '@portal/contracts';

/** A chat token kept in the browser, with the user it was issued to. */
export interface CachedChatToken extends ChatToken {
  UserId: number;
}

/**
 * [M9.13] Whether a cached token may be used again: issued to this user and still valid for longer than the renew
 * margin, so it is reused for under one hour and a question never goes out with a token about to expire.
 */
export function isChatTokenReusable(cached: CachedChatToken | null, userId: number, now: Date): cached is CachedChatToken {
  if (!cached || cached.UserId !== userId) return false;
  const expires = Date.parse(cached.ExpiresAt);
  return Number.isFinite(expires) && expires - now.getTime() > CHAT_TOKEN_RENEW_MARGIN_MS;
}

const STORAGE_KEY = 'portal.chatBotToken';

/** The token cached in this browser (local storage), or null. */
export function readCachedChatToken(storage: Pick<Storage, 'getItem'> | null): CachedChatToken | null {
  try {
    const parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null') as Partial<CachedChatToken> | null;
    return parsed && typeof parsed.Token === 'string' && typeof parsed.ExpiresAt === 'string' && typeof parsed.UserId === 'number'
      ? (parsed as CachedChatToken)
      : null;
  } catch {
    return null;
  }
}

export function writeCachedChatToken(storage: Pick<Storage, 'setItem' | 'removeItem'> | null, token: CachedChatToken | null) {
  try {
    if (token) storage?.setItem(STORAGE_KEY, JSON.stringify(token));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // A browser that refuses storage (private mode, full quota) just asks for a token each time.
  }
}
