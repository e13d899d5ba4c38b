import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/** Terms changed e-mails (decision 0053): a major revision is mailed, in one chunked job, to the users who must accept it. */

let t: TestApp;
let publisher: ApiClient;
const ids: Record<string, number> = {};
const users: Record<string, string> = {};
const MANAGER = [...READ_ALL, 'SECURITY_MANAGEMENT_READ', 'SECURITY_MANAGEMENT_UPDATE'];

beforeAll(async () => {
  t = await buildTestApp();
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.company = await makeAccount(t.db, { type: 'Company', parentId: ids.provider });
  for (const [key, parentId, capabilities] of [
    ['provider', ids.provider, MANAGER],
    ['alice', ids.company, READ_ALL],
    ['quiet', ids.company, READ_ALL],
    ['noMail', ids.company, READ_ALL],
  ] as const) {
    const u = await makeUser(t.db, { parentId, capabilities: [...capabilities] });
    ids[key] = u.id;
    users[key] = u.username;
  }
  await t.db.query('UPDATE accounts SET email = NULL WHERE id = $1', [ids.noMail]);
  publisher = await new ApiClient(t.url).signIn(users.provider!);
});
afterAll(() => t.close());

const termsMails = () =>
  t.db.query<{ account_id: number; status: string; subject: string; body_text: string }>(
    `SELECT account_id, status, subject, body_text FROM mail_outbox WHERE kind = 'TermsChanged' ORDER BY account_id`,
  );

describe('terms changed e-mails', () => {
  it('mails every user who must accept a new major revision, through one job; a switched-off user gets a switched_off row', async () => {
    const quiet = await new ApiClient(t.url).signIn(users.quiet!);
    const off = await quiet.op('SaveUserNotifications', {
      accountId: ids.quiet,
      kinds: [{ Kind: 'TermsChanged', Enabled: false }],
    });
    expect(off.status).toBe(200);

    const res = await publisher.op('PublishTermsRevision', {
      TermsId: null,
      IsPrivacyPolicy: false,
      IsMajor: true,
      Texts: [{ Language: 'en', Name: 'Terms of use', TermsText: 'Be nice.' }],
    });
    expect(res.status).toBe(200);
    // Queued as one job in the publishing transaction, sent when the job runs.
    expect(await termsMails()).toEqual([]);
    const jobs = await t.db.query("SELECT id FROM jobs WHERE type = 'terms.changed-mail'");
    expect(jobs).toHaveLength(1);
    await t.app.jobs.runDue();

    const sent = await termsMails();
    expect(sent.map((m) => [m.account_id, m.status])).toEqual([
      [ids.provider, 'stored'],
      [ids.alice, 'stored'],
      [ids.quiet, 'switched_off'],
    ]);
    expect(sent[1]!.subject).toBe('New terms: Terms of use (version 1)');
    expect(sent[1]!.body_text).toContain('asks you to accept it');
    // A user without an e-mail address is skipped.
    expect(sent.some((m) => m.account_id === ids.noMail)).toBe(false);
  });

  it('sends nothing for a minor revision, which nobody must accept again', async () => {
    const before = (await termsMails()).length;
    const [terms] = await t.db.query<{ id: number }>('SELECT id FROM platform_terms ORDER BY id LIMIT 1');
    const res = await publisher.op('PublishTermsRevision', {
      TermsId: terms!.id,
      IsPrivacyPolicy: false,
      IsMajor: false,
      Texts: [{ Language: 'en', Name: 'Terms of use', TermsText: 'Be nice!' }],
    });
    expect(res.status).toBe(200);
    await t.app.jobs.runDue();
    expect(await termsMails()).toHaveLength(before);
  });
});
