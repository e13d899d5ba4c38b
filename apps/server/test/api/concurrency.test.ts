/**
 * Optimistic concurrency (decision 0036, issue 14): every edit of a stored record carries the version its user
 * read; an edit over a version that is no longer current answers 409 CONFLICT with the record as it is now
 * (who changed it and when included) and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

const CAPABILITIES = [
  ...READ_ALL,
  ...UPDATE_ALL,
  ...SERVICE_TOOL_ALL,
  'FIELDS_CREDITLIMIT_READ',
  'FIELDS_CREDITLIMIT_UPDATE',
  'ACCOUNT_NOTES_READ',
  'ACCOUNT_NOTES_CREATE',
  'ACCOUNT_NOTES_UPDATE',
  'SECURITY_MANAGEMENT_READ',
  'SECURITY_MANAGEMENT_UPDATE',
  'AUDIT_LOG_READ',
];

let t: TestApp;
let reseller: number;
let alice: ApiClient;
let bob: ApiClient;
let companyCounter = 0;

const newCompany = () => makeAccount(t.db, { type: 'Company', parentId: reseller, displayName: `Versioned ${++companyCounter}` });
const auditCount = async (operation: string, accountId: number) =>
  (
    await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE operation = $1 AND account_id = $2', [
      operation,
      accountId,
    ])
  )[0]?.n;

/** What every stale edit answers: 409 CONFLICT, a field error on the version field, the current record. */
function expectStale(res: { status: number; body: any }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe('CONFLICT');
  expect(res.body.errors).toEqual([{ field, message: expect.stringContaining('changed by someone else') }]);
  expect(res.body.current).toBeTypeOf('object');
}

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, displayName: 'Harbor' });
  const a = await makeUser(t.db, { parentId: reseller, capabilities: CAPABILITIES, displayName: 'Alice Admin' });
  const b = await makeUser(t.db, { parentId: reseller, capabilities: CAPABILITIES, displayName: 'Bob Builder' });
  alice = await new ApiClient(t.url).signIn(a.username);
  bob = await new ApiClient(t.url).signIn(b.username);
});
afterAll(async () => {
  await t.close();
});

describe('accounts: UpdateAccount carries the version LoadAccountById returned', () => {
  it('answers 409 with the current values (who, when) to a stale version and writes nothing', async () => {
    const company = await newCompany();
    const seen = (await bob.op('LoadAccountById', { id: company })).body;
    const first = await alice.op('UpdateAccount', {
      id: company,
      views: { Company: { Values: { City: 'Delft' } } },
      version: seen.Version,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ Version: seen.Version + 1, UpdatedBy: 'Alice Admin' });

    const stale = await bob.op('UpdateAccount', {
      id: company,
      views: { Company: { Values: { City: 'Leiden' } } },
      version: seen.Version,
    });

    expectStale(stale, 'version');
    expect(stale.body.current).toMatchObject({
      AccountIdentificator: company,
      Version: seen.Version + 1,
      UpdatedBy: 'Alice Admin',
      UpdatedAt: expect.any(String),
    });
    expect(stale.body.current.Views.Company.Values.City).toBe('Delft');
    const [row] = await t.db.query<{ attributes: Record<string, unknown>; version: number }>(
      'SELECT attributes, version FROM accounts WHERE id = $1',
      [company],
    );
    expect(row?.attributes['Company.City']).toBe('Delft');
    expect(row?.version).toBe(seen.Version + 1);
    expect(await auditCount('UpdateAccount', company)).toBe(1);
  });

  it('saves the kept values when they are sent again over the new version', async () => {
    const company = await newCompany();
    const seen = (await bob.op('LoadAccountById', { id: company })).body;
    await alice.op('UpdateAccount', { id: company, views: { Company: { Values: { City: 'Delft' } } }, version: seen.Version });
    const stale = await bob.op('UpdateAccount', {
      id: company,
      views: { Company: { Values: { City: 'Leiden' } } },
      version: seen.Version,
    });

    const kept = await bob.op('UpdateAccount', {
      id: company,
      views: { Company: { Values: { City: 'Leiden' } } },
      version: stale.body.current.Version,
    });

    expect(kept.status).toBe(200);
    expect(kept.body.Views.Company.Values.City).toBe('Leiden');
    expect(kept.body).toMatchObject({ Version: seen.Version + 2, UpdatedBy: 'Bob Builder' });
  });

  it('refuses an edit without a version with 422 naming the field', async () => {
    const company = await newCompany();
    const res = await alice.op('UpdateAccount', { id: company, views: { Company: { Values: { City: 'Delft' } } } });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain('version');
  });

  it('of twenty simultaneous edits of the same field over the same version, exactly one is saved and the rest get 409', async () => {
    const company = await newCompany();
    const { Version } = (await alice.op('LoadAccountById', { id: company })).body;
    const editors = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const user = await makeUser(t.db, { parentId: reseller, capabilities: CAPABILITIES, displayName: `Editor ${i}` });
        return new ApiClient(t.url).signIn(user.username);
      }),
    );

    const answers = await Promise.all(
      editors.map((client, i) =>
        client.op('UpdateAccount', { id: company, views: { Company: { Values: { City: `City ${i}` } } }, version: Version }),
      ),
    );

    const saved = answers.filter((a) => a.status === 200);
    expect(saved).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const winner = saved[0]?.body.Views.Company.Values.City;
    const [row] = await t.db.query<{ attributes: Record<string, unknown>; version: number }>(
      'SELECT attributes, version FROM accounts WHERE id = $1',
      [company],
    );
    expect(row).toMatchObject({ version: Version + 1 });
    expect(row?.attributes['Company.City']).toBe(winner);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.current.Views.Company.Values.City).toBe(winner);
    }
    expect(await auditCount('UpdateAccount', company)).toBe(1);
  });
});

describe('credit limits: AddCreditLimitRecord carries the Version GetCreditLimitRecords returned', () => {
  it('answers 409 with the current limit, who set it and when, and writes no record', async () => {
    const company = await newCompany();
    const seen = (await bob.op('GetCreditLimitRecords', { accountId: company })).body;
    expect(seen).toMatchObject({ Version: 0, UpdatedBy: null, UpdatedAt: null });
    const first = await alice.op('AddCreditLimitRecord', {
      accountId: company,
      Limit: '1000',
      Comment: 'Approved',
      IsLocked: false,
      Version: seen.Version,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const stale = await bob.op('AddCreditLimitRecord', {
      accountId: company,
      Limit: '2500',
      Comment: 'Mine',
      IsLocked: false,
      Version: seen.Version,
    });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      AccountId: company,
      Limit: '1000.00',
      IsLocked: false,
      Version: 1,
      UpdatedBy: 'Alice Admin',
      UpdatedAt: expect.any(String),
    });
    const records = await t.db.query('SELECT id FROM credit_limit_records WHERE account_id = $1', [company]);
    expect(records).toHaveLength(1);
    const kept = await bob.op('AddCreditLimitRecord', {
      accountId: company,
      Limit: '2500',
      Comment: 'Mine',
      IsLocked: false,
      Version: stale.body.current.Version,
    });
    expect(kept.status).toBe(200);
  });
});

describe('notes: UpdateAccountNote carries the note Version', () => {
  it('answers 409 with the note as it is now and does not change it', async () => {
    const company = await newCompany();
    const added = await alice.op('AddAccountNote', { accountId: company, text: 'First words' });
    expect(added.body.Version).toBe(1);
    const edited = await alice.op('UpdateAccountNote', { id: added.body.Id, text: 'Second words', version: 1 });
    expect(edited.body.Version).toBe(2);

    // The same author in another tab, still showing the first text.
    const stale = await alice.op('UpdateAccountNote', { id: added.body.Id, text: 'Third words', version: 1 });

    expectStale(stale, 'version');
    expect(stale.body.current).toMatchObject({
      Id: added.body.Id,
      Note: 'Second words',
      Version: 2,
      Author: { DisplayName: 'Alice Admin' },
    });
    const [row] = await t.db.query<{ note: string }>('SELECT note FROM account_notes WHERE id = $1::bigint', [added.body.Id]);
    expect(row?.note).toBe('Second words');
  });
});

describe('SSO providers: UpdateIdentityProvider carries the provider Version', () => {
  const provider = (over: Record<string, unknown> = {}) => ({
    Name: 'Harbor login',
    Issuer: 'https://login.example.com',
    ClientId: 'portal',
    Scopes: 'openid email',
    UsernameClaim: 'email',
    Enabled: false,
    EmailDomains: [],
    Usernames: [],
    ...over,
  });

  it('answers 409 with the provider as it is now (no secret), who changed it, and changes nothing', async () => {
    const company = await newCompany();
    const created = await alice.op('CreateIdentityProvider', {
      accountId: company,
      ...provider(),
      ClientSecret: 'very-secret-value',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const first = await bob.op('UpdateIdentityProvider', {
      accountId: company,
      Id: created.body.Id,
      ...provider({ Name: 'Bob login' }),
      Version: created.body.Version,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);

    const stale = await alice.op('UpdateIdentityProvider', {
      accountId: company,
      Id: created.body.Id,
      ...provider({ Name: 'Alice login' }),
      Version: created.body.Version,
    });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      Id: created.body.Id,
      Name: 'Bob login',
      Version: created.body.Version + 1,
      UpdatedBy: 'Bob Builder',
    });
    expect(JSON.stringify(stale.body)).not.toContain('very-secret-value');
    const [row] = await t.db.query<{ name: string }>('SELECT name FROM identity_providers WHERE id = $1', [created.body.Id]);
    expect(row?.name).toBe('Bob login');
  });
});

describe('services: UpdateService carries the Version GetService returned', () => {
  it('answers 409 with the service as it is now and who saved it, and changes nothing', async () => {
    const name = 'versioned-service';
    const created = await createService(t.db, alice, serviceInput(name));
    const first = await bob.op('UpdateService', { ServiceName: name, DisplayName: 'Bob named it', Version: created.Version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.Service).toMatchObject({ Version: created.Version + 1, UpdatedBy: 'Bob Builder' });

    const stale = await alice.op('UpdateService', { ServiceName: name, DisplayName: 'Alice named it', Version: created.Version });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      ServiceName: name,
      DisplayName: 'Bob named it',
      Version: created.Version + 1,
      UpdatedBy: 'Bob Builder',
      ModifyDate: expect.any(String),
    });
    const [row] = await t.db.query<{ display_name: string }>('SELECT display_name FROM services WHERE service_name = $1', [name]);
    expect(row?.display_name).toBe('Bob named it');
  });
});

describe('service drafts: SaveServiceDraft and DeleteServiceDraft carry the Version GetServiceDraft returned', () => {
  const draftRow = async (name: string) =>
    (
      await t.db.query<{ display_name: string; version: number }>(
        `SELECT data->>'DisplayName' AS display_name, version FROM service_drafts WHERE draft_key = $1`,
        [`edit_${name}`],
      )
    )[0] ?? null;

  it('an autosave over a draft another window saved since answers 409 with that draft and writes nothing', async () => {
    const name = 'versioned-draft-save';
    await createService(t.db, alice, serviceInput(name));
    // Two windows of the same user open the service; neither finds a draft.
    const seen = (await alice.op('GetServiceDraft', { ServiceName: name })).body.Draft?.Version ?? 0;
    const other = await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: seen,
      Data: serviceInput(name, { DisplayName: 'Other window' }),
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.Version).toEqual(expect.any(Number));

    const stale = await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: seen,
      Data: serviceInput(name, { DisplayName: 'This window' }),
    });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      Key: `edit_${name}`,
      Version: other.body.Version,
      Added: other.body.Added,
      Data: expect.objectContaining({ DisplayName: 'Other window' }),
    });
    expect(await draftRow(name)).toEqual({ display_name: 'Other window', version: other.body.Version });

    const kept = await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: stale.body.current.Version,
      Data: serviceInput(name, { DisplayName: 'This window' }),
    });
    expect(kept.status).toBe(200);
    expect(kept.body.Version).not.toBe(other.body.Version);
    expect((await draftRow(name))?.display_name).toBe('This window');
  });

  it('an autosave after another window saved the service (which deleted the draft) answers 409 with no draft and writes none', async () => {
    const name = 'versioned-draft-gone';
    const created = await createService(t.db, alice, serviceInput(name));
    const draft = await alice.op('SaveServiceDraft', { ServiceName: name, Version: 0, Data: serviceInput(name) });
    const saved = await alice.op('UpdateService', { ServiceName: name, DisplayName: 'Saved', Version: created.Version });
    expect(saved.status).toBe(200);

    const stale = await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: draft.body.Version,
      Data: serviceInput(name, { DisplayName: 'Late autosave' }),
    });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({ Version: 0, Data: null, Added: null });
    expect(await draftRow(name)).toBeNull();
  });

  it('a dismiss of a draft saved again since it was offered answers 409 with the newer draft and keeps it', async () => {
    const name = 'versioned-draft-dismiss';
    await createService(t.db, alice, serviceInput(name));
    const offered = await alice.op('SaveServiceDraft', { ServiceName: name, Version: 0, Data: serviceInput(name) });
    const newer = await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: offered.body.Version,
      Data: serviceInput(name, { DisplayName: 'Newer' }),
    });

    const stale = await alice.op('DeleteServiceDraft', { ServiceName: name, Version: offered.body.Version });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      Version: newer.body.Version,
      Data: expect.objectContaining({ DisplayName: 'Newer' }),
    });
    expect(await draftRow(name)).toEqual({ display_name: 'Newer', version: newer.body.Version });
    expect(
      await auditCount(
        'DeleteServiceDraft',
        (
          await t.db.query<{ owner_account_id: number }>('SELECT owner_account_id FROM services WHERE service_name = $1', [name])
        )[0]?.owner_account_id as number,
      ),
    ).toBe(0);
  });

  it('of ten simultaneous autosaves over the same draft version, exactly one is saved and the rest get 409', async () => {
    const name = 'versioned-draft-race';
    await createService(t.db, alice, serviceInput(name));
    const base = await alice.op('SaveServiceDraft', { ServiceName: name, Version: 0, Data: serviceInput(name) });

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        alice.op('SaveServiceDraft', {
          ServiceName: name,
          Version: base.body.Version,
          Data: serviceInput(name, { DisplayName: `Window ${i}` }),
        }),
      ),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = results.find((r) => r.status === 200);
    expect(await draftRow(name)).toEqual({
      display_name: `Window ${results.indexOf(winner as (typeof results)[number])}`,
      version: winner?.body.Version,
    });
  });
});

describe('security settings: UpdateSecuritySettings carries the Version GetSecuritySettings returned', () => {
  const policy = (MinLength: number) => ({ MinLength, RequiredClasses: [], ExpiryDays: null, MfaRequired: false });
  const ownMinLength = async (accountId: number) =>
    (await t.db.query<{ min_length: number }>('SELECT min_length FROM security_policies WHERE account_id = $1', [accountId]))[0]
      ?.min_length ?? null;

  it('answers 409 with the settings as they are now, who saved them and when, and changes nothing', async () => {
    const company = await newCompany();
    const seen = (await alice.op('GetSecuritySettings', { accountId: company })).body;
    expect(seen).toMatchObject({ Version: 0, UpdatedBy: null, UpdatedAt: null });
    const first = await bob.op('UpdateSecuritySettings', { accountId: company, ...policy(16), Version: seen.Version });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ Version: 1, UpdatedBy: 'Bob Builder', UpdatedAt: expect.any(String) });

    const stale = await alice.op('UpdateSecuritySettings', { accountId: company, ...policy(20), Version: seen.Version });

    expectStale(stale, 'Version');
    expect(stale.body.current).toMatchObject({
      AccountId: company,
      Policy: { MinLength: 16 },
      Version: 1,
      UpdatedBy: 'Bob Builder',
      UpdatedAt: expect.any(String),
    });
    expect(await ownMinLength(company)).toBe(16);
    const again = await bob.op('UpdateSecuritySettings', { accountId: company, ...policy(18), Version: 0 });
    expectStale(again, 'Version');
    expect(await auditCount('UpdateSecuritySettings', company)).toBe(1);
  });

  it('of ten simultaneous first saves, exactly one is stored and the rest get 409', async () => {
    const company = await newCompany();

    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? alice : bob).op('UpdateSecuritySettings', { accountId: company, ...policy(12 + i), Version: 0 }),
      ),
    );

    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = results.findIndex((r) => r.status === 200);
    expect(await ownMinLength(company)).toBe(12 + winner);
  });
});
