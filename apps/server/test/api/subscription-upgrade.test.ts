import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/** The upgrade custom action [A1.5], [A2.8]: its options with prices and running it. */

let t: TestApp;
let owner: number;
let foreignOwner: number;
const clients: Record<string, ApiClient> = {};

const fee = (monthly: string, srp: string, setup?: [string, string]) => [
  {
    ChargeType: 'Monthly' as const,
    Charge: monthly,
    LicenceType: 'CORP-SEAT' as const,
    SuggestedRetailPrices: [{ Currency: 'EUR', Charge: srp }],
  },
  ...(setup
    ? [{ ChargeType: 'Setup' as const, Charge: setup[0], SuggestedRetailPrices: [{ Currency: 'EUR', Charge: setup[1] }] }]
    : []),
];

let counter = 0;
async function subscription(productName: string, displayName = productName, parentId = owner, quantity = 2) {
  counter++;
  return insertAccount(t.db, {
    type: 'Product',
    parentId,
    displayName: displayName === productName ? productName : `${displayName} ${counter}`,
    productName,
    attributes: { 'Product.Quantity': quantity },
  });
}

async function account(id: number) {
  const [row] = await t.db.query<{ product_name: string; display_name: string }>(
    'SELECT product_name, display_name FROM accounts WHERE id = $1',
    [id],
  );
  return row!;
}

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR' });
  owner = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  const otherReseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const otherCompany = await makeAccount(t.db, { type: 'Company', parentId: otherReseller, currency: 'EUR' });
  foreignOwner = (await makeUser(t.db, { parentId: otherCompany, capabilities: [] })).id;

  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  await sign('admin', reseller, [...READ_ALL, ...UPDATE_ALL, 'BILLING_SHOWPRODUCTPRICE_READ']);
  await sign('noPrices', reseller, [...READ_ALL, ...UPDATE_ALL]);
  await sign('reader', reseller, READ_ALL);

  const service = (name: string, over: Parameters<typeof serviceInput>[1]) =>
    createService(t.db, clients.provider!, serviceInput(name, { Category: 'Backup', ...over }));
  await service('Upg Backup 100', { BillingRules: fee('3', '4') });
  await service('Upg Backup 500', { BillingRules: fee('6', '8.5', ['10', '25']) });
  await service('Upg Backup 2000', { BillingRules: fee('12', '16') });
  await service('Upg Mail', { Category: 'Communication', BillingRules: fee('1', '2') });
}, 180_000);
afterAll(() => t.close());

describe('[A2.8] the services a subscription can be upgraded to', () => {
  it('lists the same vendor and category, cheapest first, with totals for its quantity in the customer currency', async () => {
    const id = await subscription('Upg Backup 100');

    const res = await clients.admin!.op('GetSubscriptionUpgradeOptions', { accountId: id });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      AccountId: id,
      Quantity: 2,
      Currency: 'EUR',
      PricesShown: true,
      Current: { ServiceName: 'Upg Backup 100', Monthly: '8', Setup: '0' },
    });
    expect(res.body.Targets).toMatchObject([
      { ServiceName: 'Upg Backup 500', Monthly: '17', Setup: '50' },
      { ServiceName: 'Upg Backup 2000', Monthly: '32', Setup: '0' },
    ]);
  });

  it('[A6.17] hides every price from a caller without the price preview capability', async () => {
    const id = await subscription('Upg Backup 100');

    const res = await clients.noPrices!.op('GetSubscriptionUpgradeOptions', { accountId: id });

    expect(res.status).toBe(200);
    expect(res.body.PricesShown).toBe(false);
    expect(
      [res.body.Current, ...res.body.Targets].every(
        (s: { Monthly: unknown; Setup: unknown }) => s.Monthly === null && s.Setup === null,
      ),
    ).toBe(true);
  });

  it('refuses a caller who may not change the subscription, and a subscription outside the caller scope as missing', async () => {
    const id = await subscription('Upg Backup 100');
    const foreign = await subscription('Upg Backup 100', 'Foreign', foreignOwner);

    expect((await clients.reader!.op('GetSubscriptionUpgradeOptions', { accountId: id })).status).toBe(403);
    expect((await clients.admin!.op('GetSubscriptionUpgradeOptions', { accountId: foreign })).status).toBe(404);
  });

  it('offers the UPGRADE action on subscriptions only', async () => {
    const id = await subscription('Upg Backup 100');
    const sub = await clients.admin!.op('LoadAccountById', { id });
    const user = await clients.admin!.op('LoadAccountById', { id: owner });

    expect(sub.body.CustomActions.map((a: { Name: string }) => a.Name)).toContain('UPGRADE');
    expect(user.body.CustomActions.map((a: { Name: string }) => a.Name)).not.toContain('UPGRADE');
  });
});

describe('[A1.5] [A2.8] upgrading a subscription', () => {
  const upgrade = (who: string, accountId: number, ServiceName: string, confirmed = true) =>
    clients[who]!.op(confirmed ? 'ExecuteCustomActionByConfirm' : 'ExecuteCustomAction', {
      accountId,
      action: 'UPGRADE',
      views: { Action: { Values: { ServiceName } } },
      ...(confirmed ? { confirmation: true } : {}),
    });

  it('asks for a confirmation first, then moves the subscription to the chosen service and audits it', async () => {
    const id = await subscription('Upg Backup 100');

    const unconfirmed = await upgrade('admin', id, 'Upg Backup 500', false);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.code).toBe('CONFIRMATION_REQUIRED');
    expect((await account(id)).product_name).toBe('Upg Backup 100');

    const res = await upgrade('admin', id, 'upg backup 500');
    expect(res.status).toBe(200);
    expect(await account(id)).toEqual({ product_name: 'Upg Backup 500', display_name: 'Upg Backup 500' });
    const [audit] = await t.db.query<{ before: unknown; after: unknown }>(
      `SELECT before, after FROM audit_log WHERE operation = 'ExecuteCustomActionByConfirm' AND account_id = $1`,
      [id],
    );
    expect(audit).toMatchObject({
      before: { ProductName: 'Upg Backup 100' },
      after: { ProductName: 'Upg Backup 500', DisplayName: 'Upg Backup 500' },
    });
  });

  it('keeps a name the customer chose', async () => {
    const id = await subscription('Upg Backup 100', 'Finance backups');
    const before = await account(id);

    expect((await upgrade('admin', id, 'Upg Backup 2000')).status).toBe(200);

    expect(await account(id)).toEqual({ product_name: 'Upg Backup 2000', display_name: before.display_name });
  });

  it('names the field when the service is not one of the options, and changes nothing', async () => {
    const id = await subscription('Upg Backup 100');

    for (const name of ['Upg Mail', 'Upg Backup 100', 'No such service']) {
      const res = await upgrade('admin', id, name);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { field: 'Views.Action.Values.ServiceName', message: `${name} is not a service Upg Backup 100 can be upgraded to` },
      ]);
    }
    const empty = await upgrade('admin', id, '');
    expect(empty.status).toBe(422);
    expect(empty.body.errors[0].field).toBe('Views.Action.Values.ServiceName');
    expect((await account(id)).product_name).toBe('Upg Backup 100');
  });

  it('refuses a terminated subscription, a caller without the update right and a foreign subscription', async () => {
    const terminated = await subscription('Upg Backup 100');
    await t.db.query(`UPDATE accounts SET state = 'Terminated' WHERE id = $1`, [terminated]);
    const mine = await subscription('Upg Backup 100');
    const foreign = await subscription('Upg Backup 100', 'Foreign', foreignOwner);

    expect((await upgrade('admin', terminated, 'Upg Backup 500')).status).toBe(409);
    expect((await clients.admin!.op('GetSubscriptionUpgradeOptions', { accountId: terminated })).status).toBe(409);
    expect((await upgrade('reader', mine, 'Upg Backup 500')).status).toBe(403);
    expect((await upgrade('admin', foreign, 'Upg Backup 500')).status).toBe(404);
    expect((await account(foreign)).product_name).toBe('Upg Backup 100');
  });
});
