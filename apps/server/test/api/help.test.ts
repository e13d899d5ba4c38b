import { EMPTY_SUPPORT_DETAILS, type SupportDetails } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveChatTokenKey, issueChatToken } from '../../src/domains/help/help.rules.js';
import { readHelpArticles } from '../../src/domains/help/index.js';
import { generateKey, makeKeyring } from '../../src/platform/secrets/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

const keyring = makeKeyring(generateKey());
const SUPPORT_ADMIN = ['SUPPORT_CONTACT_DETAILS_READ', 'SUPPORT_CONTACT_DETAILS_UPDATE', 'CHAT_BOT_READ', 'OUTBOX_READ'];
const END_USER = ['SUPPORT_CONTACT_DETAILS_READ', 'CHAT_BOT_READ'];

let t: TestApp;
let provider: number;
let reseller: number;
let subReseller: number;
let otherReseller: number;
let company: number;
let subCompany: number;
let plainCompany: number;
const clients: Record<string, ApiClient> = {};
const userIds: Record<string, number> = {};

async function client(name: string, parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities, displayName: `User ${name}` });
  userIds[name] = user.id;
  clients[name] = await new ApiClient(t.url).signIn(user.username);
}
const as = (who: string) => clients[who] as ApiClient;

const details = (over: Partial<SupportDetails>): SupportDetails => ({ ...EMPTY_SUPPORT_DETAILS, ...over });

async function save(who: string, accountId: number, over: Partial<SupportDetails>) {
  const loaded = await as(who).op('LoadSupportDetails', { AccountId: accountId });
  return as(who).op('UpdateSupportDetails', { AccountId: accountId, Version: loaded.body.Version, ...details(over) });
}

async function tokenOf(who: string): Promise<string> {
  const res = await as(who).op('GetChatBotToken', {});
  return res.body.Token;
}

beforeAll(async () => {
  t = await buildTestApp({ app: { secrets: keyring } });
  provider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Harbor Reseller' });
  subReseller = await makeAccount(t.db, { type: 'Reseller', parentId: reseller, displayName: 'Sub reseller' });
  otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Other reseller' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: 'Acme' });
  subCompany = await makeAccount(t.db, { type: 'Company', parentId: subReseller, displayName: 'Sub Acme' });
  plainCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, displayName: 'Plain' });
  const department = await makeAccount(t.db, { type: 'Department', parentId: company });
  await client('operator', provider, SUPPORT_ADMIN);
  await client('resellerAdmin', reseller, SUPPORT_ADMIN);
  await client('subResellerAdmin', subReseller, SUPPORT_ADMIN);
  await client('otherAdmin', otherReseller, SUPPORT_ADMIN);
  await client('companyUser', department, END_USER);
  await client('subCompanyUser', subCompany, END_USER);
  await client('plainUser', plainCompany, END_USER);
  await client('noRights', company, ['COMPANY_ACCOUNT_READ']);
  await client('readOnly', reseller, ['SUPPORT_CONTACT_DETAILS_READ']);
});
afterAll(async () => {
  await t.close();
});

describe('[M7.20] GetSupportDetails: the nearest organisation above that has support details', () => {
  it('answers no details while nothing is set anywhere above the caller', async () => {
    const res = await as('plainUser').op('GetSupportDetails', {});

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Details: null, AccountId: null, DisplayName: null });
  });

  it("answers the provider's details to a company whose resellers have none, then the reseller's once it sets its own", async () => {
    expect(
      (await save('operator', provider, { SupportTechnicalEmail: 'help@provider.example', SupportPhoneNumber: '+1 555 0100' }))
        .status,
    ).toBe(200);

    const before = await as('companyUser').op('GetSupportDetails', {});
    await save('resellerAdmin', reseller, {
      SupportTechnicalEmail: 'desk@harbor.example',
      SupportPhoneNumber: '+31 10 444 2200',
      SupportUrl: 'https://support.harbor.example/',
      SupportButtonText: 'Harbor support',
      Imprint: 'https://harbor.example/imprint',
    });
    const after = await as('companyUser').op('GetSupportDetails', {});

    expect(before.body).toMatchObject({
      AccountId: provider,
      DisplayName: 'Provider',
      Details: { SupportTechnicalEmail: 'help@provider.example' },
    });
    expect(after.body).toMatchObject({
      AccountId: reseller,
      DisplayName: 'Harbor Reseller',
      Details: {
        SupportTechnicalEmail: 'desk@harbor.example',
        SupportUrl: 'https://support.harbor.example/',
        Imprint: 'https://harbor.example/imprint',
      },
    });
  });

  it("answers the nearest above: a sub-reseller's company skips its empty sub-reseller and gets the reseller's", async () => {
    await save('subResellerAdmin', subReseller, {});

    const res = await as('subCompanyUser').op('GetSupportDetails', {});

    expect(res.body).toMatchObject({ AccountId: reseller });
  });

  it("answers a reseller's own details to its own staff", async () => {
    const res = await as('readOnly').op('GetSupportDetails', {});

    expect(res.body).toMatchObject({ AccountId: reseller });
  });

  it('refuses a caller without SUPPORT_CONTACT_DETAILS_READ with 403', async () => {
    const res = await as('noRights').op('GetSupportDetails', {});

    expect(res.status).toBe(403);
  });
});

describe('LoadSupportDetails and UpdateSupportDetails: a provider or reseller edits its own support details', () => {
  it('saves every field, counts versions and writes an audit row with the changed fields', async () => {
    const loaded = await as('otherAdmin').op('LoadSupportDetails', { AccountId: otherReseller });

    const saved = await as('otherAdmin').op('UpdateSupportDetails', {
      AccountId: otherReseller,
      Version: loaded.body.Version,
      ...details({ SupportSalesEmail: 'sales@other.example', SupportWorkingDaysRegular: 'Mon-Fri' }),
    });
    const [audit] = await t.db.query<{ after: Record<string, string> }>(
      "SELECT after FROM audit_log WHERE operation = 'UpdateSupportDetails' AND account_id = $1 ORDER BY id DESC LIMIT 1",
      [otherReseller],
    );

    expect(loaded.body).toMatchObject({
      AccountId: otherReseller,
      DisplayName: 'Other reseller',
      Version: 0,
      Details: EMPTY_SUPPORT_DETAILS,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      Version: 1,
      UpdatedBy: 'User otherAdmin',
      Details: { SupportSalesEmail: 'sales@other.example' },
    });
    expect(audit?.after).toEqual({ SupportSalesEmail: 'sales@other.example', SupportWorkingDaysRegular: 'Mon-Fri' });
  });

  it.each([
    ['SupportTechnicalEmail', 'not an address', 'e-mail'],
    ['SupportBillingEmail', 'a@b', 'e-mail'],
    ['SupportPhoneNumber', 'call us', 'phone'],
    ['SupportSalesPhoneNumber', '+1', 'phone'],
    ['SupportUrl', 'javascript:alert(1)', 'http'],
    ['Imprint', 'ftp://example.com/imprint', 'http'],
    ['SupportButtonText', 'x'.repeat(101), 'at most 100'],
  ])('refuses a wrong %s (%s) with 422 naming the field', async (field, value, words) => {
    const res = await save('otherAdmin', otherReseller, { SupportUrl: 'https://ok.example/', [field]: value });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field, message: expect.stringContaining(words) }]);
  });

  it('refuses a stale version with 409 and the saved details', async () => {
    const loaded = await as('otherAdmin').op('LoadSupportDetails', { AccountId: otherReseller });
    await as('otherAdmin').op('UpdateSupportDetails', {
      AccountId: otherReseller,
      Version: loaded.body.Version,
      ...loaded.body.Details,
    });

    const stale = await as('otherAdmin').op('UpdateSupportDetails', {
      AccountId: otherReseller,
      Version: loaded.body.Version,
      ...loaded.body.Details,
    });

    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ Version: loaded.body.Version + 1 });
  });

  it('refuses support details for a company (providers and resellers only) with 422 naming AccountId', async () => {
    const res = await as('resellerAdmin').op('LoadSupportDetails', { AccountId: company });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'AccountId', message: expect.stringContaining('providers and resellers') }]);
  });

  it('refuses a caller without SUPPORT_CONTACT_DETAILS_UPDATE with 403', async () => {
    const load = await as('readOnly').op('LoadSupportDetails', { AccountId: reseller });
    const update = await as('readOnly').op('UpdateSupportDetails', { AccountId: reseller, Version: 1, ...EMPTY_SUPPORT_DETAILS });

    expect(load.status).toBe(403);
    expect(update.status).toBe(403);
  });

  it("never reads or changes another reseller's details: the same 404 as a missing account", async () => {
    const load = await as('otherAdmin').op('LoadSupportDetails', { AccountId: reseller });
    const update = await as('otherAdmin').op('UpdateSupportDetails', {
      AccountId: reseller,
      Version: 1,
      ...EMPTY_SUPPORT_DETAILS,
    });
    const missing = await as('otherAdmin').op('LoadSupportDetails', { AccountId: 999_999 });

    expect(load.status).toBe(404);
    expect(update.status).toBe(404);
    expect(load.body.detail).toBe(missing.body.detail);
    expect((await as('companyUser').op('GetSupportDetails', {})).body.Details.SupportTechnicalEmail).toBe('desk@harbor.example');
  });

  it('lets the provider edit a reseller below it', async () => {
    const res = await as('operator').op('LoadSupportDetails', { AccountId: reseller });

    expect(res.status).toBe(200);
    expect(res.body.Details.SupportTechnicalEmail).toBe('desk@harbor.example');
  });
});

describe('[M7.20] [M9.13] GetChatBotToken and the chat calls', () => {
  it('issues a token valid for one hour', async () => {
    const before = Date.now();

    const res = await as('companyUser').op('GetChatBotToken', {});

    expect(res.status).toBe(200);
    expect(res.body.Token).toMatch(/^c1\./);
    const expires = Date.parse(res.body.ExpiresAt) - before;
    expect(expires).toBeGreaterThan(59 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(60 * 60 * 1000 + 1000);
  });

  it("refuses a missing token with 422 and an expired, forged or other user's token with 403 naming Token", async () => {
    const key = deriveChatTokenKey(keyring.current.key);
    const expired = issueChatToken({
      userId: userIds.companyUser as number,
      now: new Date(Date.now() - 61 * 60 * 1000),
      key,
    }).token;
    const forged = issueChatToken({ userId: userIds.companyUser as number, now: new Date(), key: Buffer.alloc(32, 7) }).token;
    const others = await tokenOf('plainUser');
    const ask = (Token: string) => as('companyUser').op('AskChatBot', { Token, Question: 'price list' });

    const missing = await ask('');
    const results = await Promise.all([ask(expired), ask(forged), ask(others)]);

    expect(missing.status).toBe(422);
    expect(missing.body.errors[0].field).toBe('Token');
    expect(results.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(results.map((r) => r.body.errors[0].field)).toEqual(['Token', 'Token', 'Token']);
    expect(results[0]?.body.detail).toContain('expired');
    expect(results[2]?.body.detail).toContain('another user');
  });

  it('refuses the chat to a caller without CHAT_BOT_READ with 403', async () => {
    const res = await as('noRights').op('GetChatBotToken', {});

    expect(res.status).toBe(403);
  });
});

describe('[M2.59] AskChatBot answers from the help articles', () => {
  it('has every shipped article loaded into the database', async () => {
    const rows = await t.db.query<{ slug: string }>('SELECT slug FROM help_articles ORDER BY slug');

    expect(rows.map((r) => r.slug)).toEqual(readHelpArticles().map((a) => a.slug));
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it('answers a question with the best articles, the price-list article first, with an excerpt and its screen', async () => {
    const res = await as('companyUser').op('AskChatBot', {
      Token: await tokenOf('companyUser'),
      Question: 'How do I assign a price list to a customer?',
    });

    expect(res.status).toBe(200);
    expect(res.body.Kind).toBe('Articles');
    expect(res.body.Articles.length).toBeGreaterThanOrEqual(1);
    expect(res.body.Articles.length).toBeLessThanOrEqual(3);
    expect(res.body.Articles[0]).toMatchObject({
      Slug: 'price-lists',
      Title: 'Price lists (marketplaces)',
      Screen: 'PriceLists',
    });
    expect(res.body.Articles[0].Excerpt.toLowerCase()).toContain('price list');
  });

  it('falls back to any of the words when no article has them all', async () => {
    const res = await as('companyUser').op('AskChatBot', { Token: await tokenOf('companyUser'), Question: 'credit limit zebra' });

    expect(res.body.Kind).toBe('Articles');
    expect(res.body.Articles[0].Slug).toBe('credit-limits');
  });

  it('answers NoMatch when nothing fits, and HandOver when the user asks for a person', async () => {
    const token = await tokenOf('companyUser');

    const none = await as('companyUser').op('AskChatBot', { Token: token, Question: 'zebra giraffe' });
    const person = await as('companyUser').op('AskChatBot', { Token: token, Question: 'Can I talk to a human please?' });

    expect(none.body).toEqual({ Kind: 'NoMatch', Articles: [] });
    expect(person.body).toEqual({ Kind: 'HandOver', Articles: [] });
  });
});

describe('[M2.59] HandOverChatToSupport e-mails the conversation to the support contact', () => {
  it("queues the conversation in the outbox to the reseller's support e-mail, readable by the reseller", async () => {
    const res = await as('companyUser').op('HandOverChatToSupport', {
      Token: await tokenOf('companyUser'),
      Messages: [
        { From: 'User', Text: 'My mailbox service is not provisioned' },
        { From: 'Assistant', Text: 'Here is what I found' },
      ],
    });
    const [mail] = await t.db.query<{ mail_to: string; subject: string; body_text: string; account_id: number }>(
      "SELECT mail_to, subject, body_text, account_id FROM mail_outbox WHERE subject LIKE 'Chat hand-over%' ORDER BY created_at DESC LIMIT 1",
    );
    const outbox = await as('resellerAdmin').op('ListOutboxMessages', { page: 1, search: 'Chat hand-over' });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ Sent: true, SentTo: 'desk@harbor.example', DisplayName: 'Harbor Reseller' });
    expect(mail).toMatchObject({ mail_to: 'desk@harbor.example', account_id: reseller });
    expect(mail?.subject).toBe('Chat hand-over: User companyUser (Acme)');
    expect(mail?.body_text).toContain('User companyUser: My mailbox service is not provisioned');
    expect(mail?.body_text).toContain('@example.com');
    expect(JSON.stringify(outbox.body)).toContain('desk@harbor.example');
  });

  it('sends nothing and says so when no support e-mail is set above the caller', async () => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox'))[0]?.n;
    const before = await count();

    const res = await as('plainUser').op('HandOverChatToSupport', { Token: await tokenOf('plainUser'), Messages: [] });

    expect(res.body).toEqual({ Sent: false, SentTo: null, DisplayName: null });
    expect(await count()).toBe(before);
  });

  it("refuses another user's token", async () => {
    const res = await as('companyUser').op('HandOverChatToSupport', { Token: await tokenOf('plainUser'), Messages: [] });

    expect(res.status).toBe(403);
  });
});
