import { EMPTY_SUPPORT_DETAILS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  asksForPerson,
  deriveChatTokenKey,
  excerptOf,
  handOverMail,
  issueChatToken,
  nearestSupportDetails,
  parseArticle,
  pickArticles,
  plainText,
  verifyChatToken,
} from '../help.rules.js';
import { readHelpArticles } from '../help-articles.js';

const key = deriveChatTokenKey(Buffer.alloc(32, 1));
const now = new Date('2026-11-26T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);

describe('[M9.13] chat token', () => {
  const { token, expiresAt } = issueChatToken({ userId: 7, now, key });

  it.each([
    ['at once', 0, { ok: true }],
    ['59 minutes later', 59, { ok: true }],
    ['exactly one hour later', 60, { ok: false, reason: 'expired' }],
    ['two hours later', 120, { ok: false, reason: 'expired' }],
  ])('is accepted or refused %s', (_when, after, decision) => {
    expect(verifyChatToken({ token, userId: 7, now: minutes(after), keys: [key] })).toEqual(decision);
  });

  it('expires one hour after it was issued', () => {
    expect(expiresAt.toISOString()).toBe('2026-11-26T13:00:00.000Z');
  });

  it("refuses another user's token, a token of another key, a changed payload and garbage", () => {
    const [prefix, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ uid: 8, exp: minutes(60).getTime() })).toString('base64url');

    expect(verifyChatToken({ token, userId: 8, now, keys: [key] })).toEqual({ ok: false, reason: 'foreign' });
    expect(verifyChatToken({ token, userId: 7, now, keys: [deriveChatTokenKey(Buffer.alloc(32, 2))] })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyChatToken({ token: `${prefix}.${otherPayload}.${signature}`, userId: 8, now, keys: [key] })).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(verifyChatToken({ token: 'nonsense', userId: 7, now, keys: [key] })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('accepts a token signed with an older key still in the keyring', () => {
    const older = deriveChatTokenKey(Buffer.alloc(32, 3));
    const issued = issueChatToken({ userId: 7, now, key: older });

    expect(verifyChatToken({ token: issued.token, userId: 7, now, keys: [key, older] })).toEqual({ ok: true });
  });
});

describe('[M2.59] asking for a person', () => {
  it.each([
    ['Can I talk to a human?', true],
    ['I want to speak to someone', true],
    ['Please connect me with an agent', true],
    ['real person please', true],
    ['How do I create a price list?', false],
    ['Where are my orders?', false],
    ['How do I set the support contact details?', false],
  ])('"%s" -> %s', (question, expected) => {
    expect(asksForPerson(question)).toBe(expected);
  });
});

describe('choosing the articles that answer', () => {
  it('keeps the best three, best first, and drops matches far weaker than the best', () => {
    const ranked = [
      { slug: 'b', rank: 0.5 },
      { slug: 'a', rank: 0.5 },
      { slug: 'c', rank: 1 },
      { slug: 'd', rank: 0.9 },
      { slug: 'weak', rank: 0.1 },
      { slug: 'zero', rank: 0 },
    ];

    expect(pickArticles(ranked).map((a) => a.slug)).toEqual(['c', 'd', 'a']);
    expect(pickArticles(ranked, 5).map((a) => a.slug)).toEqual(['c', 'd', 'a', 'b']);
    expect(pickArticles([{ slug: 'zero', rank: 0 }])).toEqual([]);
  });

  it('excerpts the first paragraph, cut at a word', () => {
    expect(excerptOf('Short summary.\n\nMore text.')).toBe('Short summary.');
    const long = excerptOf(`${'word '.repeat(80)}\n\nrest`, 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith('word…')).toBe(true);
  });
});

describe('help article files', () => {
  it('reads front matter and turns markdown into plain text', () => {
    const article = parseArticle(
      'x',
      '---\ntitle: Orders\nscreen: Orders\nkeywords: order list\n---\n# Heading\n\nSee **bold** and [a link](http://x).\n* item\n',
    );

    expect(article).toEqual({
      slug: 'x',
      title: 'Orders',
      screen: 'Orders',
      keywords: 'order list',
      body: 'Heading\n\nSee bold and a link.\n- item',
    });
  });

  it('refuses an article without a title, with an unknown screen or without text', () => {
    expect(() => parseArticle('x', '---\nscreen: Orders\n---\ntext')).toThrow(/title/);
    expect(() => parseArticle('x', '---\ntitle: T\nscreen: Nowhere\n---\ntext')).toThrow(/screen/);
    expect(() => parseArticle('x', '---\ntitle: T\nscreen: Orders\n---\n\n')).toThrow(/no text/);
    expect(() => parseArticle('x', 'no front matter')).toThrow(/front matter/);
  });

  it('ships between 15 and 25 well-formed articles with unique titles', () => {
    const articles = readHelpArticles();

    expect(articles.length).toBeGreaterThanOrEqual(15);
    expect(articles.length).toBeLessThanOrEqual(25);
    expect(new Set(articles.map((a) => a.title)).size).toBe(articles.length);
  });

  it('keeps markdown plain: underscores inside words stay', () => {
    expect(plainText('SUPPORT_CONTACT_DETAILS_READ')).toBe('SUPPORT_CONTACT_DETAILS_READ');
  });
});

describe('[M7.20] whose support details apply', () => {
  const set = (accountId: number, email: string) => ({
    accountId,
    details: { ...EMPTY_SUPPORT_DETAILS, SupportTechnicalEmail: email },
  });

  it('takes the deepest organisation on the path that has any detail set', () => {
    const rows = [set(1, 'provider@x.example'), set(5, ''), set(3, 'reseller@x.example')];

    expect(nearestSupportDetails([1, 3, 5], rows)?.accountId).toBe(3);
    expect(nearestSupportDetails([1, 5], rows)?.accountId).toBe(1);
    expect(nearestSupportDetails([9], rows)).toBeNull();
  });
});

describe('the hand-over e-mail', () => {
  it('names the user, the organisation and the conversation', () => {
    const mail = handOverMail({
      user: { displayName: 'Ann Lee', username: 'ann', email: 'ann@acme.example' },
      organisation: 'Acme',
      messages: [
        { From: 'User', Text: 'Where is my order?' },
        { From: 'Assistant', Text: 'Here is an article' },
        { From: 'User', Text: '   ' },
      ],
      now,
    });

    expect(mail.subject).toBe('Chat hand-over: Ann Lee (Acme)');
    expect(mail.text).toContain('Reply to: ann@acme.example');
    expect(mail.text).toContain('Ann Lee: Where is my order?\nAssistant: Here is an article');
    expect(mail.text).not.toMatch(/Ann Lee: *$/m);
  });
});
