import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServiceFieldInput } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS } from '../../src/app.js';
import { splitStatements } from '../../src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../src/platform/db/paths.js';
import {
  configureSecrets,
  generateKey,
  makeKeyring,
  open,
  resealStoredSecrets,
  sealedWith,
  secretsKeyring,
} from '../../src/platform/secrets/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';
import { startVendor, type VendorRequest, vendorProvisioningActions } from '../factories/vendor.js';

/**
 * Decision 0079: a subscription's own service fields on its page, by their DisplayTypeOnModify [S3.2] and the service's
 * VIEW layout [S3.3], changed with UpdateAccount like any field; a change that changes the price is a Change order.
 */

let t: TestApp;
let subscription: number;
let plain: number;
let provisioned: number;
let create: (productName: string, values: Record<string, unknown>) => Promise<number>;
let vendor: Awaited<ReturnType<typeof startVendor>>;
const received: VendorRequest[] = [];
const clients: Record<string, ApiClient> = {};
const op = (who: string, name: string, input: unknown) => clients[who]!.op(name, input);
const edit = (who: string, id: number, values: Record<string, unknown>) =>
  clients[who]!.edit('UpdateAccount', { id, views: { Service: { Values: values } } });

const FIELDS: ServiceFieldInput[] = [
  { Id: 'Plan', DisplayName: 'Plan', FieldType: 'Combobox', AvailableValues: [{ Value: 'Basic' }, { Value: 'Pro' }] },
  { Id: 'Seats', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 100, DisplayTypeOnModify: 'Mandatory' },
  { Id: 'Region', DisplayName: 'Region', FieldType: 'Textbox', DisplayTypeOnModify: 'Readonly' },
  { Id: 'AdminPassword', DisplayName: 'Admin password', FieldType: 'Password' },
  { Id: 'RecoveryKey', DisplayName: 'Recovery key', FieldType: 'Password' },
  { Id: 'SetupCode', DisplayName: 'Setup code', FieldType: 'Textbox', DisplayTypeOnModify: 'Hidden' },
  { Id: 'Contact', DisplayName: 'Contact', FieldType: 'Textbox', Validator: '^[a-z]+@[a-z.]+$' },
];
const block = (Name: string, ids: string[]) => ({ Name, Fields: ids.map((FieldId) => ({ FieldId })) });

beforeAll(async () => {
  t = await buildTestApp();
  vendor = await startVendor({ onRequest: (r) => received.push(r), nextStatus: () => 200 });
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const other = await makeAccount(t.db, { type: 'Reseller', parentId: provider, currency: 'EUR' });
  const company = await makeAccount(t.db, { type: 'Company', parentId: reseller, currency: 'EUR' });
  const buyer = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  const sign = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities });
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await sign('provider', provider, [...READ_ALL, ...SERVICE_TOOL_ALL]);
  const orderer = ['PRODUCT_ACCOUNT_CREATE', 'PRODUCT_ACCOUNT_UPDATE', 'MARKETPLACE_TC_ACCEPT_EXECUTE'];
  await sign('admin', reseller, [...READ_ALL, ...orderer]);
  await sign('reader', reseller, READ_ALL);
  await sign('stranger', other, [...READ_ALL, ...orderer]);
  const layout = (Action: 'CREATE' | 'VIEW', pages: { Name: string; Blocks: ReturnType<typeof block>[] }[]) => ({
    Action,
    Pages: pages,
  });
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Fielded Backup', {
      Fields: FIELDS,
      Layouts: [
        layout('CREATE', [
          {
            Name: 'General',
            Blocks: [
              block(
                'Details',
                FIELDS.map((f) => f.Id),
              ),
            ],
          },
        ]),
        layout('VIEW', [
          { Name: 'General', Blocks: [block('Licences', ['Plan', 'Seats', 'Region', 'AdminPassword'])] },
          { Name: 'Contacts', Blocks: [block('Who to call', ['Contact', 'SetupCode'])] },
        ]),
      ],
      BillingRules: [
        {
          Id: null,
          ChargeType: 'Monthly',
          Charge: '4.5',
          LicenceType: 'CORP-SEAT',
          UdrcField: 'Seats',
          SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '6.00' }],
        },
      ],
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Fielded', Content: 'About it' }],
      VendorReferenceField: 'Plan',
    }),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Plain Backup', {
      Fields: [{ Id: 'Seats', DisplayName: 'Seats', FieldType: 'Numeric', MinValue: 1, MaxValue: 100 }],
      Layouts: [],
      BillingRules: [],
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Plain', Content: 'About it' }],
      VendorReferenceField: 'Seats',
    }),
  );
  await createService(
    t.db,
    clients.provider!,
    serviceInput('Provisioned Backup', {
      Fields: FIELDS.filter((f) => ['Plan', 'Seats', 'SetupCode', 'RecoveryKey'].includes(f.Id)),
      Layouts: [],
      BillingRules: [],
      VendorReferenceField: 'Plan',
      Descriptions: [{ Type: 'Description', LocalizationLanguageCode: 'en', Title: 'Provisioned', Content: 'About it' }],
      ProvisioningActions: vendorProvisioningActions({
        urlTemplate: `${vendor.url}/provision/{{ACTION}}`,
        bodyTemplate:
          '{"action":"{{ACTION}}","seats":"{{Seats}}","plan":"{{Service.Plan}}","code":"{{SetupCode}}","key":"{{RecoveryKey}}"}',
        basicAuth: true,
      }),
    }),
  );
  create = async (productName: string, values: Record<string, unknown>) => {
    const res = await op('admin', 'CreateAccount', {
      accountType: 'Product',
      parentId: buyer,
      productName,
      views: {
        Default: { Values: { DisplayName: productName } },
        Product: { Values: { Quantity: '1' } },
        Service: { Values: values },
      },
    });
    if (res.status !== 200) throw new Error(`creating ${productName}: ${JSON.stringify(res.body)}`);
    return res.body.AccountId as number;
  };
  subscription = await create('Fielded Backup', {
    Plan: 'Basic',
    Seats: '3',
    Region: 'eu-west',
    AdminPassword: 'S3cret-admin!',
    RecoveryKey: 'Rk-9-private',
    SetupCode: 'X-42',
    Contact: 'ops@example.com',
  });
  plain = await create('Plain Backup', { Seats: '2' });
  provisioned = await create('Provisioned Backup', { Plan: 'Basic', Seats: '3', SetupCode: 'X-7', RecoveryKey: 'Rk-1-private' });
}, 180_000);
afterAll(async () => {
  await t?.close();
  await vendor?.close();
});

const attributesOf = async (id: number) =>
  (await t.db.query<{ attributes: Record<string, unknown> }>('SELECT attributes FROM accounts WHERE id = $1', [id]))[0]
    ?.attributes;

describe('a subscription page shows its service fields (decision 0079)', () => {
  it('[S3.2] lists the fields by their DisplayTypeOnModify, with the values the order gave them, and never a password', async () => {
    const res = await op('admin', 'LoadAccountById', { id: subscription });
    expect(res.status).toBe(200);
    const view = res.body.Views.Service;
    const byName = Object.fromEntries(
      view.FieldDefinitions.map((d: { Name: string; DisplayType: string; IsRequired: boolean; IsReadOnly: boolean }) => [
        d.Name,
        [d.DisplayType, d.IsRequired, d.IsReadOnly],
      ]),
    );
    expect(byName).toEqual({
      Plan: ['Select', false, false],
      Seats: ['Decimal', true, false],
      Region: ['Text', false, true],
      Contact: ['Text', false, false],
    });
    expect(view.Values).toEqual({ Plan: 'Basic', Seats: 3, Region: 'eu-west', Contact: 'ops@example.com' });
    expect(JSON.stringify(res.body)).not.toContain('S3cret-admin!');
    expect(JSON.stringify(res.body)).not.toContain('X-42');
    expect(JSON.stringify(res.body)).not.toContain('Rk-9-private');
  });

  it('writes the order into the audit log with every Password field redacted, whatever its name', async () => {
    const [row] = await t.db.query<{ after: Record<string, unknown> }>(
      `SELECT after FROM audit_log WHERE operation = 'CreateAccount' AND account_id = $1`,
      [subscription],
    );
    expect(row?.after).toMatchObject({
      'Service.Plan': 'Basic',
      'Service.AdminPassword': '[redacted]',
      'Service.RecoveryKey': '[redacted]',
    });
    expect(JSON.stringify(row?.after)).not.toContain('Rk-9-private');
  });

  it('[S3.3] places them by the VIEW layout: a block of a page the subscription has joins it, another page is a tab', async () => {
    const res = await op('admin', 'LoadAccountById', { id: subscription });
    const pages = res.body.Layout.Pages as {
      Name: string;
      Containers: { DisplayName: string; Fields: { Name: string; View: string }[] }[];
    }[];
    expect(pages.map((p) => p.Name)).toEqual(['General', 'Contacts']);
    expect(pages[0]!.Containers.map((c) => c.DisplayName)).toEqual(['Subscription', 'Licences']);
    expect(pages[0]!.Containers[1]!.Fields).toEqual(['Plan', 'Seats', 'Region'].map((Name) => ({ Name, View: 'Service' })));
    expect(pages[1]!.Containers).toEqual([
      {
        Name: 'Service.0.Who to call',
        DisplayName: 'Who to call',
        State: 'Expanded',
        Fields: [{ Name: 'Contact', View: 'Service' }],
      },
    ]);
    expect(
      res.body.Tabs.filter((tab: { Kind: string }) => tab.Kind === 'LayoutPage').map((tab: { Id: string }) => tab.Id),
    ).toEqual(['General', 'Contacts']);
  });

  it('shows the fields of a service without a layout in one container on the General page', async () => {
    const res = await op('admin', 'LoadAccountById', { id: plain });
    const general = res.body.Layout.Pages[0];
    expect(general.Containers.at(-1)).toEqual({
      Name: 'Service.configuration',
      DisplayName: 'Service configuration',
      State: 'Expanded',
      Fields: [{ Name: 'Seats', View: 'Service' }],
    });
    expect(res.body.Views.Service.Values).toEqual({ Seats: 2 });
  });
});

describe('a changed service shows on its subscriptions at once (decision 0079: fields kept per service version)', () => {
  it('shows a field the service gained after the page was read', async () => {
    expect(Object.keys((await op('admin', 'LoadAccountById', { id: plain })).body.Views.Service.Values)).toEqual(['Seats']);
    const service = (await op('provider', 'GetService', { ServiceName: 'Plain Backup' })).body;
    const updated = await op('provider', 'UpdateService', {
      ServiceName: 'Plain Backup',
      Version: service.Version,
      Fields: [...service.Fields, { Id: 'Site', DisplayName: 'Site', FieldType: 'Textbox' }],
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const page = (await op('admin', 'LoadAccountById', { id: plain })).body;
    expect(page.Views.Service.Values).toEqual({ Seats: 2, Site: null });
    expect(page.Layout.Pages[0].Containers.at(-1).Fields.map((f: { Name: string }) => f.Name)).toEqual(['Seats', 'Site']);
  });
});

describe('UpdateAccount changes a subscription service field (decision 0079)', () => {
  it('stores a numeric field as a number and records the change as a Change order, as the price changed', async () => {
    const before = await t.db.query<{ kind: string }>('SELECT kind FROM orders WHERE account_id = $1 ORDER BY id', [
      subscription,
    ]);
    const res = await edit('admin', subscription, { Seats: '5', Plan: 'Pro' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Views.Service.Values).toMatchObject({ Seats: 5, Plan: 'Pro' });
    expect(await attributesOf(subscription)).toMatchObject({
      'Service.Seats': 5,
      'Service.Plan': 'Pro',
      'Service.Region': 'eu-west',
    });
    const after = await t.db.query<{ kind: string; quantity: number }>(
      'SELECT kind FROM orders WHERE account_id = $1 ORDER BY id',
      [subscription],
    );
    expect(after.map((o) => o.kind)).toEqual([...before.map((o) => o.kind), 'Change']);
  });

  it.each([
    ['a number past MaxValue', { Seats: '500' }, 'Views.Service.Values.Seats', 'Seats must be at most 100'],
    ['a required field emptied', { Seats: '' }, 'Views.Service.Values.Seats', undefined],
    ['a value that is not an option', { Plan: 'Gold' }, 'Views.Service.Values.Plan', undefined],
    [
      'a value the Validator refuses',
      { Contact: 'Not An Address' },
      'Views.Service.Values.Contact',
      'Contact has an invalid format',
    ],
    ['a Readonly field', { Region: 'us-east' }, 'Views.Service.Values.Region', 'Region cannot be changed'],
    ['a Hidden field', { SetupCode: 'Y-1' }, 'Views.Service.Values.SetupCode', 'SetupCode is not a field of this account'],
    [
      'a Password field',
      { AdminPassword: 'new' },
      'Views.Service.Values.AdminPassword',
      'AdminPassword is not a field of this account',
    ],
  ])('refuses %s naming the field, and changes nothing', async (_case, values, field, message) => {
    const before = await attributesOf(subscription);
    const res = await edit('admin', subscription, values);
    expect(res.status).toBe(422);
    const error = (res.body.errors as { field: string; message: string }[]).find((e) => e.field === field);
    expect(error, JSON.stringify(res.body)).toBeDefined();
    if (message) expect(error?.message).toBe(message);
    expect(await attributesOf(subscription)).toEqual(before);
  });

  it('refuses a caller without the Product update capability, and a caller outside the scope as if it did not exist', async () => {
    const denied = await edit('reader', subscription, { Seats: '7' });
    expect(denied.status).toBe(403);
    const foreign = await clients.stranger!.op('UpdateAccount', {
      id: subscription,
      views: { Service: { Values: { Seats: '7' } } },
      version: 1,
    });
    expect(foreign.status).toBe(404);
    expect((await attributesOf(subscription))?.['Service.Seats']).toBe(5);
  });
});

describe('the vendor hears of a subscription service fields (decision 0079)', () => {
  it('[A4.2] the order’s CREATE request and a change’s MODIFY request render the service fields into the template, never a secret', async () => {
    await t.app.jobs.runDue();
    expect(received.map((r) => JSON.parse(r.body))).toEqual([
      { action: 'CREATE', seats: '3', plan: 'Basic', code: 'X-7', key: '' },
    ]);
    received.length = 0;

    const res = await edit('admin', provisioned, { Seats: '8' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await t.app.jobs.runDue();
    expect(received.map((r) => [r.method, r.url, JSON.parse(r.body)])).toEqual([
      ['PUT', '/provision/MODIFY', { action: 'MODIFY', seats: '8', plan: 'Basic', code: 'X-7', key: '' }],
    ]);
  });
});

describe("a subscription's Password service fields are kept only sealed (decision 0081)", () => {
  const secretRows = async (id: number) =>
    t.db.query<{ field: string; value: string }>(
      'SELECT field, value FROM subscription_secrets WHERE account_id = $1 ORDER BY field',
      [id],
    );

  it('keeps them out of the attributes, in subscription_secrets sealed with the current key, opening to what was typed', async () => {
    const attributes = await attributesOf(subscription);
    expect(attributes).not.toHaveProperty('Service.AdminPassword');
    expect(attributes).not.toHaveProperty('Service.RecoveryKey');
    expect(attributes).toMatchObject({ 'Service.SetupCode': 'X-42' });
    const rows = await secretRows(subscription);
    expect(rows.map((r) => r.field)).toEqual(['Service.AdminPassword', 'Service.RecoveryKey']);
    const keyring = secretsKeyring();
    for (const r of rows) expect(sealedWith(r.value)).toBe(keyring.current.id);
    expect(rows.map((r) => open(keyring, 'subscription_secrets.value', r.value))).toEqual(['S3cret-admin!', 'Rk-9-private']);
    const [clear] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts WHERE attributes::text LIKE '%S3cret-admin!%' OR attributes::text LIKE '%Rk-9-private%'`,
    );
    expect(clear?.n).toBe(0);
    // A subscription whose Password fields were left empty keeps no row.
    expect(await secretRows(plain)).toEqual([]);
  });

  it('migration 0156 moves a clear value out of the attributes; the next start seals it and a key rotation seals it again', async () => {
    // As a subscription created before 0156 was stored: the secret in clear in its attributes.
    const legacy = await create('Fielded Backup', { Plan: 'Basic', Seats: '1', SetupCode: 'L-1' });
    await t.db.query(
      `UPDATE accounts SET attributes = attributes || '{"Service.AdminPassword": "legacy-admin-77", "Service.RecoveryKey": ""}'::jsonb
        WHERE id = $1`,
      [legacy],
    );
    const migration = readFileSync(join(MIGRATIONS_DIR, '0156_add_subscription_secrets.sql'), 'utf8');
    const statements = splitStatements(migration).filter((s) => !s.startsWith('CREATE TABLE'));
    await t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement);
    });
    expect(await attributesOf(legacy)).not.toHaveProperty('Service.AdminPassword');
    expect((await secretRows(legacy)).map((r) => [r.field, r.value])).toEqual([['Service.AdminPassword', 'legacy-admin-77']]);
    // The subscriptions created sealed are left as they were.
    expect((await secretRows(subscription)).map((r) => r.field)).toEqual(['Service.AdminPassword', 'Service.RecoveryKey']);

    const keyring = secretsKeyring();
    expect(await resealStoredSecrets(t.db, keyring, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    const [sealed] = await secretRows(legacy);
    expect(sealedWith(sealed?.value ?? '')).toBe(keyring.current.id);
    expect(open(keyring, 'subscription_secrets.value', sealed?.value ?? '')).toBe('legacy-admin-77');

    const newKey = generateKey();
    const rotated = makeKeyring(newKey, keyring.all);
    try {
      configureSecrets(rotated);
      expect(await resealStoredSecrets(t.db, rotated, SEALED_COLUMNS)).toBeGreaterThanOrEqual(3);
      const [resealed] = await secretRows(legacy);
      expect(sealedWith(resealed?.value ?? '')).toBe(newKey.id);
      expect(open(makeKeyring(newKey), 'subscription_secrets.value', resealed?.value ?? '')).toBe('legacy-admin-77');
    } finally {
      await resealStoredSecrets(t.db, makeKeyring(keyring.current, [newKey]), SEALED_COLUMNS);
      configureSecrets(keyring);
    }
  });
});
