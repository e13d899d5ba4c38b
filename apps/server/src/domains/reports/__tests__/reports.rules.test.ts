import { describe, expect, it } from 'vitest';
import {
  accountOverviewPages,
  allows,
  canSeeReport,
  checkPages,
  cutAtLimit,
  decideReportPermissions,
  ordersAndRevenuePages,
  parsePages,
  REPORT_PERMISSIONS,
  signEmbedToken,
  subscriptionsPages,
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
  it('accepts the demo report definitions', () => {
    expect(checkPages(accountOverviewPages())).toEqual([]);
    expect(checkPages(subscriptionsPages())).toEqual([]);
    expect(parsePages(subscriptionsPages())).toMatchObject({ ok: true });
    expect(checkPages(ordersAndRevenuePages())).toEqual([]);
    expect(parsePages(ordersAndRevenuePages())).toMatchObject({ ok: true });
  });

  it('checks buttons: an action to a page of the report or a web address, and no dataset needed', () => {
    const button = (action: unknown) => ({
      name: 'Go',
      title: 'Go',
      type: 'actionButton' as const,
      fields: {},
      action: action as never,
      layout: { x: 0, y: 0, width: 100, height: 40 },
    });
    const pages = (action: unknown) => [{ name: 'A', displayName: 'A', visuals: [button(action)] }];

    expect(checkPages(pages({ type: 'PageNavigation', page: 'A' }))).toEqual([]);
    expect(checkPages(pages({ type: 'WebUrl', url: 'https://example.com/help' }))).toEqual([]);
    expect(checkPages(pages({ type: 'PageNavigation', page: 'Z' }))).toEqual([
      'button Go goes to page Z, which the report does not have',
    ]);
    expect(checkPages(pages({ type: 'WebUrl', url: 'javascript:alert(1)' }))).toEqual([
      'button Go opens javascript:alert(1), which is not a web address',
    ]);
    expect(checkPages(pages(undefined))).toEqual(['button Go needs an action']);
    expect(parsePages(pages({ type: 'Drillthrough', page: 'A' }))).toMatchObject({ ok: false });
  });

  it('names a chart without a dataset and an action on something that is not a button', () => {
    const [page] = accountOverviewPages();
    const [first] = page?.visuals ?? [];
    const broken = { ...first, name: 'X', dataset: undefined, action: { type: 'WebUrl' as const, url: 'https://a.b' } };

    expect(checkPages([{ name: 'P', displayName: 'P', visuals: [broken as never] }])).toEqual([
      'visual X has an action, which only buttons have',
      'visual X needs a dataset',
    ]);
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

describe('decideReportPermissions', () => {
  it.each([
    { canUpdate: false, canCreate: false, ownerPath: '/1/2/', scopeRootPath: '/1/2/', bits: 0 },
    { canUpdate: true, canCreate: false, ownerPath: '/1/2/', scopeRootPath: '/1/2/', bits: 1 },
    { canUpdate: true, canCreate: false, ownerPath: '/1/2/3/', scopeRootPath: '/1/2/', bits: 1 },
    { canUpdate: true, canCreate: false, ownerPath: '/1/', scopeRootPath: '/1/2/', bits: 0 },
    { canUpdate: true, canCreate: true, ownerPath: '/1/', scopeRootPath: '/1/2/', bits: 2 },
    { canUpdate: true, canCreate: true, ownerPath: '/1/2/', scopeRootPath: '/1/2/', bits: 3 },
  ])('[E3.4] update $canUpdate, create $canCreate, owner $ownerPath, scope $scopeRootPath → $bits', (c) => {
    expect(decideReportPermissions(c)).toBe(c.bits);
  });

  it('reads a token without permission bits as read only', () => {
    expect(allows({}, REPORT_PERMISSIONS.ReadWrite)).toBe(false);
    expect(allows({ prm: 3 }, REPORT_PERMISSIONS.Copy)).toBe(true);
  });
});

describe('parsePages', () => {
  const page = (over: Record<string, unknown> = {}) => ({ name: 'P1', displayName: 'One', visuals: [], ...over });

  it('accepts the demo report', () => {
    expect(parsePages(accountOverviewPages())).toMatchObject({ ok: true });
  });

  it.each([
    ['no page', [], 'pages', 'a report needs at least one page'],
    ['a blank page name', [page({ displayName: ' ' })], 'pages.0.displayName', 'a page needs a display name'],
    ['two pages of one name', [page(), page()], 'pages', 'page P1 appears twice'],
    [
      'a page name with a slash',
      [page({ name: 'a/b' })],
      'pages.0.name',
      'a page name is a letter then letters, digits or _ (64 at most)',
    ],
  ])('refuses %s', (_title, pages, field, message) => {
    expect(parsePages(pages)).toEqual({ ok: false, problems: [{ field, message }] });
  });
});

describe('lists cut at their row limit', () => {
  it.each([
    ['fewer rows than the limit', [1, 2], 3, [1, 2], false],
    ['exactly the limit', [1, 2, 3], 3, [1, 2, 3], false],
    ['one more than the limit (read to tell)', [1, 2, 3, 4], 3, [1, 2, 3], true],
    ['no rows', [], 3, [], false],
  ])('%s', (_case, rows, limit, kept, cut) => {
    expect(cutAtLimit(rows, limit)).toEqual({ rows: kept, cut });
  });
});
