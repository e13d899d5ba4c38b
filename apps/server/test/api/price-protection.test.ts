import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The stored price protection end of a subscription and its reset [A1.10] [A3.7] [A5.9] [A6.10] [A7.10]
 * (decision 0047): fixed when CreateAccount creates the subscription, read by ExtendedView.PriceProtectionEnddate
 * [A3.1], moved only by ResetPriceProtection inside the subscription's dates.
 */

let t: TestApp;
let buyer: number;
let company: number;
let clientlessUser: number;
const clients: Record<string, ApiClient> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);
const SERVICE = 'Protected Backup';
const DAY = 86_400_000;

const noTerms = [{ Type: 'Description' as const, LocalizationLanguageCode: 'en', Title: 'Backup', Content: 'No terms' }];

async function subscribe(name: string): Promise<number> {
  const res = await op('admin', 'CreateAccount', {
    accountType: 'Product',
    parentId: buyer,
    productName: SERVICE,
    views: {
      Default: { Values: { DisplayName: name } },
      Product: { Values: { Quantity: '1' } },
      Service: { Values: { Plan: 'Basic', Seats: '3' } },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.AccountId;
}

const extendedEnd = async (id: number) => {
  const res = await op('admin', 'LoadAccountById', { id });
  expect(res.status).toBe(200);
  return res.body.Views.ExtendedView.Values.PriceProtectionEnddate as string | null;
};

async function createdAt(id: number): Promise<Date> {
  const [row] = await t.db.query<{ created_at: Date }>('SELECT created_at FROM accounts WHERE id = $1', [id]);
  return row!.created_at;
}

async function target(id: number) {
  const res = await op('admin', 'GetSubscriptionInfoForReset', { accountId: id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Items[0];
}

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR' });
  buyer = (await makeUser(t.db, { parentId: company, capabilities: [], displayName: 'Pat Protected' })).id;
  clientlessUser = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await sign('admin', reseller, [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'ACCOUNT_RESETPRICEPROTECTION_READ']);
  await sign('noReset', reseller, READ_ALL);
  await createService(
    t.db,
    clients.provider!,
    serviceInput(SERVICE, { Descriptions: noTerms, PriceProtectionLengthInDays: 30 } as never),
  );
});
afterAll(() => t.close());

describe('the stored price protection end', () => {
  it('[A3.1] is set when the subscription is created: the creation time plus the service PriceProtectionLengthInDays', async () => {
    const id = await subscribe('Fixed at creation');
    const expected = new Date((await createdAt(id)).getTime() + 30 * DAY).toISOString();
    expect(await extendedEnd(id)).toBe(expected);
  });

  it("does not move when the service's PriceProtectionLengthInDays changes later", async () => {
    const id = await subscribe('Unmoved');
    const before = await extendedEnd(id);
    const service = await op('provider', 'GetService', { ServiceName: SERVICE });
    const updated = await op('provider', 'UpdateService', {
      ServiceName: SERVICE,
      PriceProtectionLengthInDays: 90,
      Version: service.body.Version,
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);

    expect(before).not.toBeNull();
    expect(await extendedEnd(id)).toBe(before);
    const later = await subscribe('Created after the change');
    expect(await extendedEnd(later)).toBe(new Date((await createdAt(later)).getTime() + 90 * DAY).toISOString());
  });
});

describe('[A7.10] GetSubscriptionInfoForReset', () => {
  it("[A3.7] lists a user's subscriptions with a protection end: Name, DateFrom, DateTo, Marketplaces", async () => {
    const id = await subscribe('Listed');
    const res = await op('admin', 'GetSubscriptionInfoForReset', { accountId: buyer });

    expect(res.status).toBe(200);
    const item = res.body.Items.find((i: { AccountId: number }) => i.AccountId === id);
    const from = new Date(Math.ceil((await createdAt(id)).getTime() / 60_000) * 60_000);
    expect(item).toMatchObject({
      Name: 'Listed',
      DateFrom: from.toISOString().slice(0, 16).replace('T', ' '),
      Marketplaces: [],
      Version: 1,
    });
    expect(item.DateTo).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it('lists nothing for a user without subscriptions (the modal then shows its empty message)', async () => {
    const res = await op('admin', 'GetSubscriptionInfoForReset', { accountId: clientlessUser });
    expect(res.status).toBe(200);
    expect(res.body.Items).toEqual([]);
  });

  it('refuses a company, naming accountId', async () => {
    const res = await op('admin', 'GetSubscriptionInfoForReset', { accountId: company });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].field).toBe('accountId');
  });

  it('[A6.10] is refused without ACCOUNT_RESETPRICEPROTECTION read', async () => {
    const res = await op('noReset', 'GetSubscriptionInfoForReset', { accountId: buyer });
    expect(res.status).toBe(403);
  });
});

describe('[A7.10] ResetPriceProtection', () => {
  it('[A5.9] sets the new end, which the account page reads, moves the version on and is audited', async () => {
    const id = await subscribe('Reset me');
    const item = await target(id);
    const res = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo: '2027-03-01 17:45', Version: item.Version });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ AccountId: id, PriceProtectionEnddate: '2027-03-01T17:45:00.000Z', Version: 2 });
    expect(await extendedEnd(id)).toBe('2027-03-01T17:45:00.000Z');
    const [audit] = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE operation = 'ResetPriceProtection' AND account_id = $1`,
      [id],
    );
    expect(audit).toEqual({
      before: { PriceProtectionEnddate: item.PriceProtectionEnddate },
      after: { PriceProtectionEnddate: '2027-03-01T17:45:00.000Z' },
    });
  });

  it.each([
    ['a 12-hour time', '2027-03-01 5:45 PM', 'Enter the date as yyyy-MM-dd HH:mm (24-hour, UTC)'],
    ['a date that does not exist', '2027-02-30 10:00', 'Enter the date as yyyy-MM-dd HH:mm (24-hour, UTC)'],
    ['a date without a time', '2027-03-01', 'Enter the date as yyyy-MM-dd HH:mm (24-hour, UTC)'],
    ['a date before the subscription started', '2020-01-01 00:00', 'The date cannot be before the subscription started'],
    ['a date after the upper bound', '2099-01-01 00:00', 'The date cannot be after the subscription ends'],
  ])('[A5.9] refuses %s, naming DateTo', async (_, DateTo, message) => {
    const id = await subscribe(`Refused ${DateTo}`);
    const item = await target(id);
    const res = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo, Version: item.Version });

    expect(res.status).toBe(422);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].field).toBe('DateTo');
    expect(res.body.errors[0].message).toContain(message);
    expect(await extendedEnd(id)).toBe(item.PriceProtectionEnddate);
  });

  it('[A5.9] refuses a date after the termination date of a subscription that has one', async () => {
    const id = await subscribe('Ends soon');
    await t.db.query('UPDATE accounts SET termination_date = $2 WHERE id = $1', [id, new Date('2027-01-10T12:00:00Z')]);
    const item = await target(id);
    expect(item.DateTo).toBe('2027-01-10 12:00');

    const late = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo: '2027-01-10 12:01', Version: item.Version });
    const last = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo: '2027-01-10 12:00', Version: item.Version });
    expect(late.status).toBe(422);
    expect(late.body.errors[0]).toEqual({
      field: 'DateTo',
      message: 'The date cannot be after the subscription ends (2027-01-10 12:00 UTC)',
    });
    expect(last.status).toBe(200);
  });

  it('answers 409 with the end as it is now to an edit over a stale version (decision 0036)', async () => {
    const id = await subscribe('Twice');
    const item = await target(id);
    const first = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo: '2027-04-01 08:00', Version: item.Version });
    const stale = await op('admin', 'ResetPriceProtection', { accountId: id, DateTo: '2027-05-01 08:00', Version: item.Version });

    expect(first.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ PriceProtectionEnddate: '2027-04-01T08:00:00.000Z', Version: 2 });
    expect(await extendedEnd(id)).toBe('2027-04-01T08:00:00.000Z');
  });

  it('refuses a user account and a terminated subscription, naming accountId', async () => {
    const id = await subscribe('Gone');
    const item = await target(id);
    await t.db.query(`UPDATE accounts SET state = 'Terminated' WHERE id = $1`, [id]);
    const terminated = await op('admin', 'ResetPriceProtection', {
      accountId: id,
      DateTo: '2027-01-01 00:00',
      Version: item.Version,
    });
    const user = await op('admin', 'ResetPriceProtection', { accountId: buyer, DateTo: '2027-01-01 00:00', Version: 1 });

    expect(terminated.status).toBe(422);
    expect(terminated.body.errors[0].field).toBe('accountId');
    expect(user.status).toBe(422);
    expect(user.body.errors[0].field).toBe('accountId');
  });

  it('[A6.10] is refused without ACCOUNT_RESETPRICEPROTECTION read, and answers 404 for a missing account', async () => {
    const id = await subscribe('Guarded');
    const item = await target(id);
    const denied = await op('noReset', 'ResetPriceProtection', {
      accountId: id,
      DateTo: '2027-01-01 00:00',
      Version: item.Version,
    });
    const missing = await op('admin', 'ResetPriceProtection', { accountId: 999_999, DateTo: '2027-01-01 00:00', Version: 1 });

    expect(denied.status).toBe(403);
    expect(missing.status).toBe(404);
    expect(await extendedEnd(id)).toBe(item.PriceProtectionEnddate);
  });
});
