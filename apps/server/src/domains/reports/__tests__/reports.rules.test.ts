import { describe, expect, it } from 'vitest';
import {
  accountOverviewPages,
  canSeeReport,
  checkPages,
  signEmbedToken,
  tokenClaims,
  verifyEmbedToken,
} from '../reports.rules.js';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const now = new Date('2026-01-01T10:00:00Z');
const claims = tokenClaims({ rid: 'r1', wid: 'w1', sid: 1, aid: null, uid: 7, now, minutes: 60 });

describe('embed token rules', () => {
  it('accepts its own token before expiry', () => {
    const token = signEmbedToken(claims, SECRET);
    const decision = verifyEmbedToken({ token, secret: SECRET, now, reportId: 'r1', workgroupId: 'w1' });

    expect(decision).toEqual({ ok: true, claims });
  });

  it.each([
    ['expired', { now: new Date('2026-01-01T11:00:00Z') }, 'expired'],
    ['another report', { reportId: 'r2' }, 'foreign'],
    ['another workgroup', { workgroupId: 'w2' }, 'foreign'],
    ['another key', { secret: 'another-secret-of-at-least-32-characters' }, 'signature'],
  ] as const)('refuses a token checked with %s', (_name, change, reason) => {
    const token = signEmbedToken(claims, SECRET);
    const decision = verifyEmbedToken({ token, secret: SECRET, now, reportId: 'r1', workgroupId: 'w1', ...change });

    expect(decision.ok ? 'ok' : decision.reason).toBe(reason);
  });

  it('refuses a token whose claims were changed', () => {
    const [v, , sig] = signEmbedToken(claims, SECRET).split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sid: 2 })).toString('base64url');
    const decision = verifyEmbedToken({ token: `${v}.${forged}.${sig}`, secret: SECRET, now, reportId: 'r1', workgroupId: 'w1' });

    expect(decision.ok ? 'ok' : decision.reason).toBe('signature');
  });

  it.each(['', 'abc', 'v1..', 'v2.a.b'])('refuses the malformed token %j', (token) => {
    const decision = verifyEmbedToken({ token, secret: SECRET, now, reportId: 'r1', workgroupId: 'w1' });

    expect(decision.ok ? 'ok' : decision.reason).toBe('malformed');
  });
});

describe('report rules', () => {
  it('accepts the demo report definition', () => {
    expect(checkPages(accountOverviewPages())).toEqual([]);
  });

  it('names unknown datasets, fields and duplicate visuals', () => {
    const [page] = accountOverviewPages();
    const visual = page!.visuals[0]!;
    const problems = checkPages([{ ...page!, visuals: [visual, visual, { ...visual, name: 'X', fields: { value: 'Nope' } }] }]);

    expect(problems).toEqual([
      `visual ${visual.name} appears twice on ${page!.name}`,
      'visual X uses Nope, which accountCounts does not have',
    ]);
  });

  it.each([
    ['/1/', '/1/5/', true],
    ['/1/5/', '/1/', true],
    ['/1/5/', '/1/5/9/', true],
    ['/1/5/', '/1/6/', false],
  ])('a report owned at %s is visible to scope %s: %s', (ownerPath, scopeRootPath, visible) => {
    expect(canSeeReport({ ownerPath, scopeRootPath })).toBe(visible);
  });
});
