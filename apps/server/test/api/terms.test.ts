import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

let t: TestApp;
let publisher: ApiClient;
let termsId: number;
let privacyId: number;
const ids: Record<string, number> = {};
const users: Record<string, string> = {};

const MANAGER = [...READ_ALL, 'SECURITY_MANAGEMENT_READ', 'SECURITY_MANAGEMENT_UPDATE'];

beforeAll(async () => {
  t = await buildTestApp();
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.company = await makeAccount(t.db, { type: 'Company', parentId: ids.provider });
  for (const [key, parentId, capabilities] of [
    ['provider', ids.provider, MANAGER],
    ['companyManager', ids.company, MANAGER],
    ['reader', ids.company, READ_ALL],
    ['dutch', ids.company, READ_ALL],
  ] as const) {
    const u = await makeUser(t.db, { parentId, capabilities: [...capabilities] });
    ids[key] = u.id;
    users[key] = u.username;
  }
  await t.db.query(`UPDATE accounts SET attributes = attributes || '{"User.Language": "nl"}'::jsonb WHERE id = $1`, [ids.dutch]);
  publisher = await new ApiClient(t.url).signIn(users.provider!);
});
afterAll(() => t.close());

const publish = (body: Record<string, unknown>) => publisher.op('PublishTermsRevision', body);

describe('platform terms [M2.16] [M4.12]', () => {
  it('publishes the terms and the privacy policy as revision 1', async () => {
    const terms = await publish({
      TermsId: null,
      IsMajor: true,
      Texts: [
        { Language: 'en', Name: 'Terms of use', TermsText: 'Be nice.' },
        { Language: 'nl', Name: 'Gebruiksvoorwaarden', TermsText: 'Wees aardig.' },
      ],
    });
    const privacy = await publish({
      TermsId: null,
      IsPrivacyPolicy: true,
      IsMajor: true,
      Texts: [{ Language: 'en', Name: 'Privacy policy', TermsText: 'We keep little.' }],
    });
    termsId = terms.body.TermsId;
    privacyId = privacy.body.TermsId;

    expect(terms.status).toBe(200);
    expect(terms.body.Revisions).toEqual([
      expect.objectContaining({ Version: 1, IsMajor: true, Languages: ['en', 'nl'], AcceptedCount: 0 }),
    ]);
    expect(privacy.body.IsPrivacyPolicy).toBe(true);
  });

  it('[M3.9] [M4.12] lists what a user still has to accept in GetCurrentUser, one entry per document', async () => {
    const reader = await new ApiClient(t.url).signIn(users.reader!);

    const me = await reader.op('GetCurrentUser');

    expect(me.body.TermsConditions.map((term: { Name: string }) => term.Name)).toEqual(['Terms of use', 'Privacy policy']);
    expect(me.body.TermsConditions[0]).toMatchObject({ TermsText: 'Be nice.', IsPrivacyPolicy: false, Version: 1 });
  });

  it('[M9.15] shows the user’s language and falls back to en when it is not available', async () => {
    const dutch = await new ApiClient(t.url).signIn(users.dutch!);

    const me = await dutch.op('GetCurrentUser');

    expect(me.body.TermsConditions.map((term: { Name: string }) => term.Name)).toEqual(['Gebruiksvoorwaarden', 'Privacy policy']);
  });

  it('[M7.10] [M4.12] ConfirmUserTerms accepts one term at a time and the list shrinks', async () => {
    const reader = await new ApiClient(t.url).signIn(users.reader!);
    const [first, second] = (await reader.op('GetCurrentUser')).body.TermsConditions;

    const wrongName = await reader.op('ConfirmUserTerms', { termId: first.Id, termName: 'Something else' });
    const one = await reader.op('ConfirmUserTerms', { termId: first.Id, termName: first.Name });
    const twice = await reader.op('ConfirmUserTerms', { termId: first.Id, termName: first.Name });
    const two = await reader.op('ConfirmUserTerms', { termId: second.Id, termName: second.Name });

    expect(wrongName.status).toBe(409);
    expect(one.body).toEqual({ Remaining: 1 });
    expect(twice.status).toBe(409);
    expect(two.body).toEqual({ Remaining: 0 });
    expect((await reader.op('GetCurrentUser')).body.TermsConditions).toEqual([]);
  });

  it('[M7.19] GetMyConfirmedTerms returns the accepted texts with the privacy flag', async () => {
    const reader = await new ApiClient(t.url).signIn(users.reader!);
    const fresh = await new ApiClient(t.url).signIn(users.companyManager!);

    const mine = await reader.op('GetMyConfirmedTerms');
    const none = await fresh.op('GetMyConfirmedTerms');

    expect(mine.body.Items).toEqual([
      expect.objectContaining({ Name: 'Terms of use', TermsText: 'Be nice.', IsPrivacyPolicy: false, Version: 1 }),
      expect.objectContaining({ Name: 'Privacy policy', IsPrivacyPolicy: true }),
    ]);
    expect(none.body.Items).toEqual([]);
  });

  it('[M4.12] a minor revision does not ask again; a major revision does', async () => {
    const reader = await new ApiClient(t.url).signIn(users.reader!);

    await publish({ TermsId: termsId, IsMajor: false, Texts: [{ Language: 'en', Name: 'Terms of use', TermsText: 'Be nice!' }] });
    const afterMinor = (await reader.op('GetCurrentUser')).body.TermsConditions;
    const major = await publish({
      TermsId: termsId,
      IsMajor: true,
      Texts: [{ Language: 'en', Name: 'Terms of use', TermsText: 'Be nice, and pay on time.' }],
    });
    const afterMajor = (await reader.op('GetCurrentUser')).body.TermsConditions;

    expect(afterMinor).toEqual([]);
    expect(major.body.Revisions.map((r: { Version: number }) => r.Version)).toEqual([3, 2, 1]);
    expect(afterMajor).toEqual([
      expect.objectContaining({ Name: 'Terms of use', TermsText: 'Be nice, and pay on time.', Version: 3 }),
    ]);
    expect(privacyId).toBeGreaterThan(0);
  });

  it('is managed by the provider only', async () => {
    const companyManager = await new ApiClient(t.url).signIn(users.companyManager!);
    const reader = await new ApiClient(t.url).signIn(users.reader!);
    const body = { TermsId: null, IsMajor: true, Texts: [{ Language: 'en', Name: 'X', TermsText: 'Y' }] };

    expect((await companyManager.op('PublishTermsRevision', body)).status).toBe(403);
    expect((await companyManager.op('ListPlatformTerms')).status).toBe(403);
    expect((await reader.op('PublishTermsRevision', body)).status).toBe(403);
  });

  it('needs an English text, the fallback', async () => {
    const res = await publish({ TermsId: null, IsMajor: true, Texts: [{ Language: 'nl', Name: 'X', TermsText: 'Y' }] });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Texts', message: 'Add the English text: it is the fallback' }]);
  });
});
