import { describe, expect, it } from 'vitest';
import { isChatTokenReusable, readCachedChatToken, writeCachedChatToken } from '../chat-token-cache';

const now = new Date('2026-11-26T12:00:00Z');
const token = (minutesLeft: number, userId = 7) => ({
  Token: 'c1.x.y',
  ExpiresAt: new Date(now.getTime() + minutesLeft * 60_000).toISOString(),
  UserId: userId,
});

describe('[M9.13] the chat token is reused for under one hour', () => {
  it.each([
    ['just issued (60 minutes left)', 60, true],
    ['with 30 minutes left', 30, true],
    ['with 3 minutes left', 3, true],
    ['with 2 minutes left (renewed before it expires)', 2, false],
    ['expired', -1, false],
  ])('%s -> %s', (_what, minutesLeft, reusable) => {
    expect(isChatTokenReusable(token(minutesLeft), 7, now)).toBe(reusable);
  });

  it("never reuses another user's token, or nothing", () => {
    expect(isChatTokenReusable(token(60, 8), 7, now)).toBe(false);
    expect(isChatTokenReusable(null, 7, now)).toBe(false);
  });

  it('keeps the token in storage and ignores anything malformed there', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };

    writeCachedChatToken(storage, token(60));
    expect(readCachedChatToken(storage)).toEqual(token(60));
    store.set('portal.chatBotToken', '{"Token":1}');
    expect(readCachedChatToken(storage)).toBeNull();
    writeCachedChatToken(storage, null);
    expect(readCachedChatToken(storage)).toBeNull();
  });
});
