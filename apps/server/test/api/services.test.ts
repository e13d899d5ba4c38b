import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_SERVICE_JOB_TYPE } from '../../src/domains/catalogue/index.js';
import { enqueueJob } from '../../src/platform/jobs/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput, VENDOR_CAPABILITIES } from '../factories/services.js';

let t: TestApp;
let providerId: number;
let vendorA: number;
let vendorB: number;
let reseller: number;
let provider: ApiClient;
let alice: ApiClient; // vendor A's service administrator (the standard vendor role)
let bob: ApiClient; // vendor B's service administrator

async function client(parentId: number, capabilities: string[]) {
  const user = await makeUser(t.db, { parentId, capabilities });
  return new ApiClient(t.url).signIn(user.username);
}

/** A problem body without what differs on every request. */
function comparable(body: unknown) {
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}

let counter = 0;
const uniqueName = (base: string) => `${base} ${++counter}`;

beforeAll(async () => {
  t = await buildTestApp();
  providerId = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  vendorA = await makeAccount(t.db, { type: 'Company', parentId: providerId, displayName: 'Vendor A' });
  vendorB = await makeAccount(t.db, { type: 'Company', parentId: providerId, displayName: 'Vendor B' });
  reseller = await makeAccount(t.db, { type: 'Reseller', parentId: providerId, displayName: 'Reseller' });
  await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = ANY($1::int[])', [[vendorA, vendorB]]);
  provider = await client(providerId, SERVICE_TOOL_ALL);
  alice = await client(vendorA, VENDOR_CAPABILITIES);
  bob = await client(vendorB, VENDOR_CAPABILITIES);
});
afterAll(() => t.close());

describe('roles', () => {
  it('[S6.5] the standard vendor role is a service administrator: every service-tool area, PROMOTED only for texts and files', () => {
    expect(VENDOR_CAPABILITIES).toEqual(
      expect.arrayContaining(['SERVICE_TOOL_BILLING_UPDATE', 'SERVICE_TOOL_INFO_UPDATE:PROMOTED', 'MY_SERVICES_CREATE']),
    );
    expect(VENDOR_CAPABILITIES).not.toContain('SERVICE_TOOL_BILLING_UPDATE:PROMOTED');
    expect(VENDOR_CAPABILITIES).not.toContain('SERVICE_TOOL_TAG_CREATE');
    expect(VENDOR_CAPABILITIES.some((c) => c.endsWith('_ACCOUNT_UPDATE'))).toBe(false);
  });
});

describe('lookups', () => {
  it('[S7.1] lists categories, tags, currencies and data centers', async () => {
    const [categories, tags, currencies, datacenters] = await Promise.all([
      alice.op('GetServiceAvailableCategoryList'),
      alice.op('GetServiceAvailableTagList'),
      alice.op('GetAvailableCurrencyList'),
      alice.op('GetServiceAvailableDatacenters'),
    ]);

    expect(categories.body).toContainEqual({ ServiceCategoryName: 'Backup', ServiceCategoryDisplayName: 'Backup and recovery' });
    expect(Array.isArray(tags.body)).toBe(true);
    expect(currencies.body).toContainEqual({ CurrencyCode: 'EUR', DisplayName: 'Euro' });
    expect(datacenters.body).toContainEqual({ Name: 'eu-west-ams', DisplayName: 'EU West (Amsterdam)' });
  });

  it('[S6.3] answers every list empty without its READ capability', async () => {
    const none = await client(vendorA, ['MY_SERVICES_CREATE']);

    const results = await Promise.all([
      none.op('ListServices', {}),
      none.op('GetServiceAvailableCategoryList'),
      none.op('GetServiceAvailableTagList'),
      none.op('GetAvailableCurrencyList'),
      none.op('GetServiceAvailableDatacenters'),
      none.op('GetPossibleDescriptionGroups', { ProductDescriptionType: 'Description' }),
    ]);

    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(results[0]?.body).toEqual({ Services: [], Total: 0, Page: 1, Limit: 20 });
    for (const r of results.slice(1)) expect(r.body).toEqual([]);
  });

  it('[S6.3] needs exactly the area capability of each list: BILLING_READ for currencies, PROVISIONING_READ for data centers', async () => {
    const billing = await client(vendorA, ['SERVICE_TOOL_BILLING_READ']);

    expect((await billing.op('GetAvailableCurrencyList')).body.length).toBeGreaterThan(0);
    expect((await billing.op('GetServiceAvailableDatacenters')).body).toEqual([]);
    expect((await billing.op('GetServiceAvailableCategoryList')).body).toEqual([]);
  });
});

describe('creating a service', () => {
  it('[S7.3] [S1.1] [S8.2] starts a creation job and answers Creation started; the service appears once the job ran', async () => {
    const name = uniqueName('Alpha Backup');

    const res = await alice.op('CreateService', serviceInput(name));
    const during = await alice.op('GetService', { ServiceName: name });
    const listed = await alice.op('ListServices', { Search: name });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ServiceName: name,
      State: 'Creating',
      Title: 'Creation started',
      Message: 'Your product is now being created it will appear in Your Services soon',
    });
    expect(during.body.State).toBe('Creating');
    expect(during.body.EditableAreas).toEqual([]);
    expect(listed.body.Services.map((s: { State: string }) => s.State)).toEqual(['Creating']);
    const queued = await alice.op('GetJob', { id: res.body.JobId });
    expect(queued.body).toMatchObject({ Type: 'catalogue.create-service', Status: 'queued', AccountId: vendorA });

    await t.app.jobs.runDue();
    const after = await alice.op('GetService', { ServiceName: name });
    const job = await alice.op('GetJob', { id: res.body.JobId });
    expect(after.body.State).toBe('Active');
    expect(after.body.Owner).toEqual({ OwnerId: vendorA, OwnerName: 'Vendor A' });
    expect(job.body).toMatchObject({
      Status: 'succeeded',
      Progress: 100,
      Result: { ServiceId: res.body.Id, ServiceName: name, State: 'Active' },
    });
  });

  it('[S3.2] [S3.5] replaces generated field ids everywhere and gives fees ids and priceable items', async () => {
    const created = await createService(t.db, alice, serviceInput(uniqueName('Ids')));

    expect(created.Fields.map((f: { Id: string }) => f.Id)).toEqual(['Plan', 'Seats']);
    expect(created.Layouts[0].Pages[0].Blocks[0].Fields).toEqual([{ FieldId: 'Plan' }, { FieldId: 'Seats' }]);
    expect(created.VendorReferenceField).toBe('Plan');
    expect(created.BillingRules[0]).toMatchObject({ UdrcField: 'Seats', PriceableItemId: `PI-${created.Id}-1` });
    expect(created.BillingRules[1].Condition).toEqual({ FieldId: 'Plan', Value: 'Pro' });
    expect(created.BillingRules[0].Id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.BillingRules[0].SuggestedRetailPrices[0]).toMatchObject({ Currency: 'EUR', Charge: '6.00' });
    const [srp] = await t.db.query<{ charge: string }>(
      'SELECT charge::text AS charge FROM service_suggested_retail_prices WHERE service_id = $1',
      [created.Id],
    );
    expect(srp?.charge).toBe('6.000000');
  });

  it('[S1.1] the creation job is queued in the CreateService transaction: a refused create leaves none', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE type = 'catalogue.create-service'`))[0]?.n;
    const before = await count();

    const refused = await alice.op('CreateService', serviceInput(uniqueName('Refused'), { Icon: '/x.svg' }));
    const afterRefused = await count();
    const ok = await alice.op('CreateService', serviceInput(uniqueName('Queued')));

    expect(refused.status).toBe(422);
    expect(afterRefused).toBe(before);
    expect(await count()).toBe((before ?? 0) + 1);
    const [row] = await t.db.query<{ payload: unknown; max_attempts: number }>(
      'SELECT payload, max_attempts FROM jobs WHERE id = $1',
      [ok.body.JobId],
    );
    expect(row).toEqual({ payload: { serviceId: ok.body.Id }, max_attempts: 5 });
    await t.app.jobs.runDue();
  });

  it('[S1.1] a creation job for a service that is already Active succeeds without touching it', async () => {
    const name = uniqueName('Twice');
    const created = await createService(t.db, alice, serviceInput(name));
    const again = await enqueueJob(t.db, {
      type: CREATE_SERVICE_JOB_TYPE,
      payload: { serviceId: created.Id },
      createdBy: null,
      accountId: vendorA,
    });

    await t.app.jobs.runDue();
    const job = await alice.op('GetJob', { id: again });
    const after = await alice.op('GetService', { ServiceName: name });

    expect(job.body).toMatchObject({ Status: 'succeeded', Result: { ServiceId: created.Id, State: 'Active' } });
    expect(after.body.BillingRules).toEqual(created.BillingRules);
    expect(after.body.ModifyDate).toBe(created.ModifyDate);
  });

  it('[S1.1] another vendor cannot read the creation job: the same 404 as a missing job', async () => {
    const created = await alice.op('CreateService', serviceInput(uniqueName('Private job')));

    const foreign = await bob.op('GetJob', { id: created.body.JobId });
    const missing = await bob.op('GetJob', { id: '00000000-0000-4000-8000-000000000000' });
    const ownerSees = await alice.op('GetJob', { id: created.body.JobId });

    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(ownerSees.status).toBe(200);
    await t.app.jobs.runDue();
  });

  it('[S1.1] a failing creation is retried by the job with backoff; after five attempts the service is Failed', async () => {
    const name = uniqueName('Doomed');
    const created = await alice.op('CreateService', serviceInput(name));
    await t.db.query(`UPDATE services SET pending = '{"broken": true}'::jsonb WHERE id = $1`, [created.body.Id]);
    let now = new Date(Date.now() + 1000);

    const states: string[] = [];
    for (let i = 0; i < 5; i++) {
      await t.app.jobs.runDue({ now });
      states.push((await alice.op('GetJob', { id: created.body.JobId })).body.Status);
      now = new Date(now.getTime() + 60 * 60_000);
    }
    const got = await alice.op('GetService', { ServiceName: name });
    const update = await alice.edit('UpdateService', { ServiceName: name, DisplayName: 'x' });
    const job = (await alice.op('GetJob', { id: created.body.JobId })).body;

    expect(states).toEqual(['queued', 'queued', 'queued', 'queued', 'failed']);
    expect(job.Attempts).toBe(5);
    expect(got.body.State).toBe('Failed');
    expect(got.body.StateMessage).toBe(job.Error);
    expect(update.status).toBe(409);
  });

  it('[S7.3] refuses a name that is taken, whatever its case', async () => {
    const name = uniqueName('Taken');
    await createService(t.db, alice, serviceInput(name));

    const res = await bob.op('CreateService', serviceInput(name.toUpperCase()));

    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field: 'ServiceName', message: 'A service with this name already exists' });
  });

  it.each([
    ['[S5.5]', { ShortDescription: 'x'.repeat(71) }, 'ShortDescription', 'Intro text can be at most 70 characters'],
    ['[S5.5]', { Tags: ['Backup', 'a', 'b', 'c', 'd', 'e'] }, 'Tags', 'A service can have at most 5 tags'],
    ['[S5.6]', { Icon: '/service-icons/logo.svg' }, 'Icon', 'The icon must be a png, jpg, jpeg or gif image'],
    ['[S2.6]', { ServiceVideos: [{ Url: 'https://vimeo.com/1' }] }, 'ServiceVideos.0.Url', 'Only YouTube videos are allowed'],
    ['[S2.5]', { Parents: [] }, 'Parents', 'Choose at least one parent account type'],
    ['[S5.13]', { GracePeriodInHours: -1 }, 'GracePeriodInHours', 'Enter a whole number of 0 or more'],
    ['[S5.13]', { PriceProtectionLengthInDays: 1876 }, 'PriceProtectionLengthInDays', 'Enter a whole number from 0 to 1875'],
    ['[S5.12]', { VendorReferenceField: null }, 'VendorReferenceField', 'Choose the vendor reference field'],
    [
      '[S5.4]',
      { PostCreationMessage: [{ Title: 't'.repeat(101), Message: '' }] },
      'PostCreationMessage.0.Title',
      'The title can be at most 100 characters',
    ],
    [
      '[S4.4]',
      { ProvisioningActions: [{ Action: 'RENEW' }] },
      'ProvisioningActions.0.Action',
      'RENEW and RENEWMODIFY are only available when a fee uses advance payment',
    ],
    ['[S2.5]', { Category: 'Nope' }, 'Category', 'Choose one of the available categories'],
    ['[S3.1]', { Dependencies: ['No Such Service'] }, 'Dependencies.0', "There is no service named 'No Such Service'"],
  ] as const)('%s the server refuses %j with the message on %s', async (_id, over, field, message) => {
    const res = await alice.op('CreateService', serviceInput(uniqueName('Invalid'), over as never));

    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('[S5.7] [S5.9] [S5.13] refuses reserved and duplicate field names, broken expressions and prices with 7 decimals', async () => {
    const input = serviceInput(uniqueName('Fields'));
    input.Fields = [
      ...(input.Fields ?? []),
      { Id: '__gen__a', DisplayName: 'User Name', FieldType: 'Textbox', Validator: '[a-' },
      { Id: '__gen__b', DisplayName: 'plan', FieldType: 'Textbox' },
    ];
    input.BillingRules = [{ ...(input.BillingRules?.[0] as object), Charge: '1.1234567' } as never];

    const res = await alice.op('CreateService', input);
    const fields = res.body.errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`);

    expect(res.status).toBe(422);
    expect(fields).toEqual(
      expect.arrayContaining([
        "Fields.2.DisplayName: 'User Name' is a reserved field name",
        'Fields.3.DisplayName: Another field already has this name',
        'BillingRules.0.Charge: Enter a price of 0 or more, with at most 6 decimals, e.g. 12.50',
      ]),
    );
    expect(fields.some((f: string) => f.startsWith('Fields.2.Validator: '))).toBe(true);
  });

  it('[M6.3] lets MY_SERVICES_CREATE alone create a service, and refuses a caller with no create capability', async () => {
    const creator = await client(vendorA, ['MY_SERVICES_CREATE']);
    const reader = await client(vendorA, ['SERVICE_TOOL_INFO_READ', 'SERVICE_TOOL_INFO_UPDATE']);

    const ok = await creator.op('CreateService', serviceInput(uniqueName('Creator')));
    const denied = await reader.op('CreateService', serviceInput(uniqueName('Reader')));
    const deniedImport = await reader.op('ImportService', { Service: serviceInput('x') });

    expect(ok.status).toBe(200);
    expect(denied.status).toBe(403);
    expect(deniedImport.status).toBe(403);
  });

  it('[S6.4] needs SERVICE_TOOL_TAG_CREATE for a tag outside the list, then offers the new tag', async () => {
    const vendor = await alice.op('CreateService', serviceInput(uniqueName('Tagged'), { Tags: ['Brand new tag'] }));
    const created = await provider.op('CreateService', {
      ...serviceInput(uniqueName('Tagged'), { Tags: ['Brand new tag', 'backup'] }),
      OwnerAccountId: vendorA,
    });
    await t.app.jobs.runDue();
    const tags = await alice.op('GetServiceAvailableTagList');

    expect(vendor.status).toBe(403);
    expect(vendor.body.errors).toEqual([{ field: 'Tags.0', message: "'Brand new tag' is not one of the available tags" }]);
    expect(created.status).toBe(200);
    expect(tags.body).toContainEqual({ TagValue: 'Brand new tag' });
  });

  it('[S6.4] needs SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE for a field with a remote data source', async () => {
    const noRemote = await client(
      vendorA,
      VENDOR_CAPABILITIES.filter((c) => c !== 'SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE'),
    );
    const input = serviceInput(uniqueName('Remote'));
    input.Fields = [
      ...(input.Fields ?? []),
      {
        Id: '__gen__r',
        DisplayName: 'Region',
        FieldType: 'Combobox',
        RemoteDataSource: { Endpoint: 'https://api.example.com/regions' },
      },
    ];

    const denied = await noRemote.op('CreateService', input);
    const allowed = await alice.op('CreateService', input);

    expect(denied.status).toBe(403);
    expect(denied.body.errors).toEqual([
      { field: 'Fields.2.RemoteDataSource', message: 'You may not change remote data sources' },
    ]);
    expect(allowed.status).toBe(200);
  });

  it('lets the provider create a service for a vendor, but not a vendor for another vendor or a reseller', async () => {
    const forVendor = await provider.op('CreateService', { ...serviceInput(uniqueName('For A')), OwnerAccountId: vendorA });
    const forOther = await alice.op('CreateService', { ...serviceInput(uniqueName('For B')), OwnerAccountId: vendorB });
    const forReseller = await provider.op('CreateService', { ...serviceInput(uniqueName('For R')), OwnerAccountId: reseller });

    expect(forVendor.status).toBe(200);
    expect(forOther.status).toBe(422);
    expect(forOther.body.errors).toEqual([
      { field: 'OwnerAccountId', message: 'Choose your own organisation or a vendor you manage' },
    ]);
    expect(forReseller.status).toBe(422);
  });
});

describe('listing and scope', () => {
  let aliceName: string;
  let bobName: string;

  beforeAll(async () => {
    aliceName = uniqueName('Zephyr Storage');
    bobName = uniqueName('Zephyr Mail');
    await createService(t.db, alice, serviceInput(aliceName));
    await createService(t.db, bob, serviceInput(bobName));
  });

  it('[S7.1] a vendor lists only its own services; the provider lists all', async () => {
    const a = await alice.op('ListServices', { Search: 'zephyr' });
    const b = await bob.op('ListServices', { Search: 'zephyr' });
    const p = await provider.op('ListServices', { Search: 'zephyr' });

    expect(a.body.Services.map((s: { ServiceName: string }) => s.ServiceName)).toEqual([aliceName]);
    expect(b.body.Services.map((s: { ServiceName: string }) => s.ServiceName)).toEqual([bobName]);
    expect(p.body.Total).toBe(2);
  });

  it('[S7.1] pages, orders and searches by part of the name', async () => {
    const names = ['Quokka One', 'Quokka Two', 'Quokka Three'];
    for (const n of names) await createService(t.db, bob, serviceInput(n));

    const first = await bob.op('ListServices', { Search: 'okka', Limit: 2, Page: 1 });
    const second = await bob.op('ListServices', { Search: 'okka', Limit: 2, Page: 2 });
    const newest = await bob.op('ListServices', { Search: 'quokka', OrderBy: 'CreateDate', Descending: true, Limit: 1 });

    expect(first.body.Total).toBe(3);
    expect(first.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Quokka One', 'Quokka Three']);
    expect(second.body.Services.map((s: { DisplayName: string }) => s.DisplayName)).toEqual(['Quokka Two']);
    expect(newest.body.Services[0].DisplayName).toBe('Quokka Three');
  });

  it.each(['GetService', 'ExportService', 'GetServiceDescriptions', 'UpdateService'])(
    'a vendor gets the same 404 from %s for another vendor’s service as for a missing one',
    async (op) => {
      const foreign = await bob.op(op, { ServiceName: aliceName, DisplayName: 'Hijacked', Version: 1 });
      const missing = await bob.op(op, { ServiceName: 'No such service at all', DisplayName: 'Hijacked', Version: 1 });

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
      expect((await alice.op('GetService', { ServiceName: aliceName })).body.DisplayName).toBe(aliceName);
    },
  );

  it('a vendor cannot link to another vendor’s description group', async () => {
    const theirs = await alice.op('GetServiceDescriptions', { ServiceName: aliceName });
    const groupId = theirs.body[0].DescriptionGroupId;
    const mine = await bob.op('GetServiceDescriptions', { ServiceName: bobName });

    const res = await bob.edit('UpdateService', {
      ServiceName: bobName,
      Descriptions: mine.body.map((d: object & { Type: string }) =>
        d.Type === 'Description' ? { ...d, DescriptionGroupId: groupId } : d,
      ),
    });
    const groups = await bob.op('GetPossibleDescriptionGroups', { ProductDescriptionType: 'Description' });

    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual({
      field: 'Descriptions.0.DescriptionGroupId',
      message: 'This description group does not exist',
    });
    expect(groups.body.map((g: { DescriptionGroupId: string }) => g.DescriptionGroupId)).not.toContain(groupId);
  });
});

describe('reading by area', () => {
  it('[S6.3] [S7.2] blanks the areas the caller cannot read and says which it can', async () => {
    const name = uniqueName('Areas');
    await createService(t.db, alice, serviceInput(name));
    const infoOnly = await client(vendorA, ['SERVICE_TOOL_INFO_READ']);

    const res = await infoOnly.op('GetService', { ServiceName: name });
    const descriptions = await infoOnly.op('GetServiceDescriptions', { ServiceName: name });

    expect(res.status).toBe(200);
    expect(res.body.DisplayName).toBe(name);
    expect(res.body.Fields).toEqual([]);
    expect(res.body.BillingRules).toEqual([]);
    expect(res.body.Descriptions).toEqual([]);
    expect(res.body.Datacenter).toBeNull();
    expect(res.body.ReadableAreas).toEqual(['Info']);
    expect(res.body.EditableAreas).toEqual([]);
    expect(descriptions.body).toEqual([]);
  });

  it('[S7.2] needs SERVICE_TOOL_INFO_READ for GetService', async () => {
    const billingOnly = await client(vendorA, ['SERVICE_TOOL_BILLING_READ']);

    const res = await billingOnly.op('GetService', { ServiceName: 'anything' });

    expect(res.status).toBe(403);
  });

  it('[S7.2] returns the descriptions and terms of a service with their groups', async () => {
    const name = uniqueName('Texts');
    await createService(t.db, alice, serviceInput(name));

    const res = await alice.op('GetServiceDescriptions', { ServiceName: name });

    expect(res.body).toHaveLength(2);
    expect(res.body[0]).toMatchObject({ Type: 'Description', LocalizationLanguageCode: 'en', Content: `About ${name}` });
    expect(res.body[0].DescriptionGroupId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('updating a service', () => {
  it('[S7.3] [S8.1] saves and answers Service update', async () => {
    const name = uniqueName('Update');
    await createService(t.db, alice, serviceInput(name));

    const res = await alice.edit('UpdateService', { ServiceName: name, DisplayName: 'Renamed', ShortDescription: 'Shorter' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      Title: 'Service update',
      Message: 'Your product has been updated successfully',
      IgnoredAreas: [],
    });
    expect(res.body.Service).toMatchObject({ DisplayName: 'Renamed', ShortDescription: 'Shorter', ServiceName: name });
    const [audit] = await t.db.query<{ operation: string; account_id: number }>(
      "SELECT operation, account_id FROM audit_log WHERE operation = 'UpdateService' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toMatchObject({ operation: 'UpdateService', account_id: vendorA });
  });

  it('[S6.2] removes the areas the caller may not update, and always Parents', async () => {
    const name = uniqueName('Strip');
    const created = await createService(t.db, alice, serviceInput(name));
    const infoEditor = await client(vendorA, ['SERVICE_TOOL_INFO_READ', 'SERVICE_TOOL_INFO_UPDATE', 'SERVICE_TOOL_BILLING_READ']);

    const res = await infoEditor.edit('UpdateService', {
      ServiceName: name,
      DisplayName: 'Info changed',
      Parents: [{ ParentAccountType: 'User' }],
      BillingRules: [],
      Datacenter: 'us-east-va',
      Screenshots: [{ Url: '/service-icons/backup.png' }],
    });
    const after = await alice.op('GetService', { ServiceName: name });

    expect(res.status).toBe(200);
    expect(res.body.IgnoredAreas).toEqual(['Files', 'Billing', 'Provisioning']);
    expect(after.body.DisplayName).toBe('Info changed');
    expect(after.body.Parents).toEqual(created.Parents);
    expect(after.body.BillingRules).toHaveLength(2);
    expect(after.body.Datacenter).toBe('eu-west-ams');
    expect(after.body.Screenshots).toEqual([]);
  });

  it('[S6.1] refuses a caller without any update capability', async () => {
    const name = uniqueName('Readonly');
    await createService(t.db, alice, serviceInput(name));
    const reader = await client(vendorA, ['SERVICE_TOOL_INFO_READ']);

    const res = await reader.edit('UpdateService', { ServiceName: name, DisplayName: 'x' });

    expect(res.status).toBe(403);
  });

  it('[S6.1] [S4.9] [M6.16] a Promoted service needs the PROMOTED context: the vendor keeps only texts and files', async () => {
    const name = uniqueName('Promo');
    await createService(t.db, alice, serviceInput(name));
    const promote = await provider.edit('UpdateService', { ServiceName: name, ServiceStatus: 'Promoted' });
    const noContext = await client(
      vendorA,
      SERVICE_TOOL_ALL.filter((c) => !c.endsWith(':PROMOTED')),
    );

    const view = await alice.op('GetService', { ServiceName: name });
    const res = await alice.edit('UpdateService', { ServiceName: name, DisplayName: 'Promoted name', BillingRules: [] });
    const denied = await noContext.edit('UpdateService', { ServiceName: name, DisplayName: 'x' });
    const after = await provider.op('GetService', { ServiceName: name });

    expect(promote.body.Service.ServiceStatus).toBe('Promoted');
    expect(view.body.EditableAreas).toEqual(['Info', 'Files', 'Description']);
    expect(res.status).toBe(200);
    expect(res.body.IgnoredAreas).toEqual(['Billing']);
    expect(after.body.DisplayName).toBe('Promoted name');
    expect(after.body.BillingRules).toHaveLength(2);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toContain('change promoted services');
  });

  it('only the provider changes the service status', async () => {
    const name = uniqueName('Status');
    await createService(t.db, alice, serviceInput(name));

    await alice.edit('UpdateService', { ServiceName: name, ServiceStatus: 'Promoted' });
    const res = await alice.op('GetService', { ServiceName: name });

    expect(res.body.ServiceStatus).toBeNull();
  });

  it('[S4.6] refuses changes edit mode locks', async () => {
    const name = uniqueName('Locks');
    const created = await createService(t.db, alice, serviceInput(name));
    const rules = structuredClone(created.BillingRules);
    rules[0].ChargeType = 'Setup';

    const res = await alice.edit('UpdateService', {
      ServiceName: name,
      BillingRules: rules,
      Fields: created.Fields.slice(0, 1),
      Datacenter: 'us-east-va',
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'Datacenter', message: 'The data center cannot be changed after creation' },
        { field: 'Fields', message: "The field 'Seats' cannot be removed from an existing service" },
        { field: 'BillingRules.0.ChargeType', message: 'The charge type of an existing fee cannot be changed' },
      ]),
    );
  });

  it('[S4.6] lets a fee price change and a fee be added, and refuses a fee id from elsewhere', async () => {
    const name = uniqueName('Prices');
    const created = await createService(t.db, alice, serviceInput(name));
    const rules = structuredClone(created.BillingRules);
    rules[0].Charge = '5.25';

    const ok = await alice.edit('UpdateService', {
      ServiceName: name,
      BillingRules: [...rules, { Id: '__gen__new', ChargeType: 'Setup', Charge: '10', LicenceType: 'CORP-ADD' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const foreign = await alice.edit('UpdateService', {
      ServiceName: name,
      BillingRules: [...ok.body.Service.BillingRules, { Id: 'not-mine', ChargeType: 'Setup', Charge: '1' }],
    });

    expect(ok.status).toBe(200);
    expect(ok.body.Service.BillingRules.map((r: { Charge: string }) => r.Charge)).toEqual(['5.25', '2', '10']);
    expect(ok.body.Service.BillingRules[2].PriceableItemId).toBe(`PI-${created.Id}-3`);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors[0].field).toBe('BillingRules.3.Id');
  });

  it('[S7.3] refuses to edit a service still being created', async () => {
    const name = uniqueName('Busy');
    await alice.op('CreateService', serviceInput(name));

    const res = await alice.edit('UpdateService', { ServiceName: name, DisplayName: 'x' });

    expect(res.status).toBe(409);
    await t.app.jobs.runDue();
  });
});

describe('description groups', () => {
  it('[S2.11] [S7.1] links a text to another service’s group and counts the services sharing it', async () => {
    const original = uniqueName('Original');
    const follower = uniqueName('Follower');
    await createService(t.db, alice, serviceInput(original));
    await createService(t.db, alice, serviceInput(follower));
    const groups = await alice.op('GetPossibleDescriptionGroups', {
      ServiceName: follower,
      ProductDescriptionType: 'Description',
    });
    const target = groups.body.find((g: { DescriptionGroupServices: { ProductName: string }[] }) =>
      g.DescriptionGroupServices.some((s) => s.ProductName === original),
    );
    const originalTexts = await alice.op('GetServiceDescriptions', { ServiceName: original });
    const own = await alice.op('GetServiceDescriptions', { ServiceName: follower });

    const res = await alice.edit('UpdateService', {
      ServiceName: follower,
      Descriptions: [
        ...originalTexts.body.filter((d: { Type: string }) => d.Type === 'Description'),
        ...own.body.filter((d: { Type: string }) => d.Type === 'TermsAndConditions'),
      ],
    });
    const after = await alice.op('GetPossibleDescriptionGroups', { ProductDescriptionType: 'Description' });
    const shared = after.body.find((g: { DescriptionGroupId: string }) => g.DescriptionGroupId === target.DescriptionGroupId);

    expect(target.DescriptionGroupServices).toEqual([{ ProductName: original, DisplayName: original, OriginalProduct: true }]);
    expect(res.status).toBe(200);
    expect(shared.DescriptionGroupServices.map((s: { ProductName: string }) => s.ProductName).sort()).toEqual(
      [follower, original].sort(),
    );
    const followerTexts = await alice.op('GetServiceDescriptions', { ServiceName: follower });
    expect(followerTexts.body[0].Content).toBe(`About ${original}`);
  });

  it('[S4.8] the original product of a shared group cannot link to another group', async () => {
    const a = uniqueName('Shared A');
    const b = uniqueName('Shared B');
    const c = uniqueName('Other C');
    for (const n of [a, b, c]) await createService(t.db, alice, serviceInput(n));
    const aTexts = (await alice.op('GetServiceDescriptions', { ServiceName: a })).body;
    await alice.edit('UpdateService', { ServiceName: b, Descriptions: aTexts });
    const cGroup = (await alice.op('GetServiceDescriptions', { ServiceName: c })).body[0].DescriptionGroupId;

    const res = await alice.edit('UpdateService', {
      ServiceName: a,
      Descriptions: aTexts.map((d: { Type: string }) => (d.Type === 'Description' ? { ...d, DescriptionGroupId: cGroup } : d)),
    });

    expect(res.status).toBe(422);
    expect(res.body.errors[0].message).toBe('This service is the original of a shared text and cannot link to another one');
  });

  it('[S4.8] GetService tells the form which groups the service is the original of and how many share them', async () => {
    const a = uniqueName('Lock A');
    const b = uniqueName('Lock B');
    for (const n of [a, b]) await createService(t.db, alice, serviceInput(n));
    const aTexts = (await alice.op('GetServiceDescriptions', { ServiceName: a })).body;
    await alice.edit('UpdateService', { ServiceName: b, Descriptions: aTexts });
    const group = aTexts.find((d: { Type: string }) => d.Type === 'Description').DescriptionGroupId;

    const original = (await alice.op('GetService', { ServiceName: a })).body.DescriptionGroups;
    const follower = (await alice.op('GetService', { ServiceName: b })).body.DescriptionGroups;

    expect(original).toContainEqual({ Type: 'Description', DescriptionGroupId: group, IsOriginal: true, OtherServices: 1 });
    expect(follower).toContainEqual({ Type: 'Description', DescriptionGroupId: group, IsOriginal: false, OtherServices: 1 });
  });

  it('[S2.11] [S3.4] a major change of the terms starts a new revision; a minor one does not', async () => {
    const name = uniqueName('Terms');
    const created = await createService(t.db, alice, serviceInput(name));
    const texts = (await alice.op('GetServiceDescriptions', { ServiceName: name })).body;
    const withTerms = (content: string, major: boolean) =>
      texts.map((d: { Type: string }) =>
        d.Type === 'TermsAndConditions' ? { ...d, Content: content, IsMajorChange: major } : d,
      );

    const minor = await alice.edit('UpdateService', { ServiceName: name, Descriptions: withTerms('Be nice, please.', false) });
    const major = await alice.edit('UpdateService', { ServiceName: name, Descriptions: withTerms('Be very nice.', true) });

    expect(created.LatestTermsRevisionId).toBe(1);
    expect(minor.body.Service.LatestTermsRevisionId).toBe(1);
    expect(major.body.Service.LatestTermsRevisionId).toBe(2);
  });

  it('[S2.11] adds a German text next to the English one', async () => {
    const name = uniqueName('Languages');
    await createService(t.db, alice, serviceInput(name));
    const texts = (await alice.op('GetServiceDescriptions', { ServiceName: name })).body;
    const en = texts.find((d: { Type: string }) => d.Type === 'Description');

    await alice.edit('UpdateService', {
      ServiceName: name,
      Descriptions: [...texts, { ...en, LocalizationLanguageCode: 'de', Content: 'Über den Dienst' }],
    });
    const after = (await alice.op('GetServiceDescriptions', { ServiceName: name })).body;

    expect(
      after.map((d: { Type: string; LocalizationLanguageCode: string }) => `${d.Type}/${d.LocalizationLanguageCode}`),
    ).toEqual(['Description/de', 'Description/en', 'TermsAndConditions/en']);
  });
});

describe('export and import', () => {
  it('[S4.1] exports a service stamped with this pod, and imports it back unchanged from the same pod', async () => {
    const name = uniqueName('Export');
    await createService(t.db, alice, serviceInput(name, { Screenshots: [{ Url: '/service-icons/backup.png' }] }));

    const exported = await alice.op('ExportService', { ServiceName: name });
    const imported = await alice.op('ImportService', { Service: { ...exported.body, ServiceName: `${name} copy` } });

    expect(exported.body.pod_id).toMatch(/.+/);
    expect(exported.body.Descriptions.every((d: { DescriptionGroupId: unknown }) => d.DescriptionGroupId === null)).toBe(true);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ IsFromOtherInstance: false, Messages: [] });
    expect(imported.body.Service.Icon).toBe('/service-icons/backup.png');
    expect(imported.body.Service.Screenshots).toHaveLength(1);
    const created = await alice.op('CreateService', imported.body.Service);
    expect(created.status).toBe(200);
  });

  it('[S4.1] [S8.3] clears icon, screenshots and downloads of a service from another pod and says so', async () => {
    const name = uniqueName('Foreign pod');
    await createService(
      t.db,
      alice,
      serviceInput(name, { Downloads: [{ Url: '/service-icons/backup.png', Description: 'Guide' }] }),
    );
    const exported = await alice.op('ExportService', { ServiceName: name });

    const res = await alice.op('ImportService', { Service: { ...exported.body, pod_id: 'another-pod' } });

    expect(res.status).toBe(200);
    expect(res.body.IsFromOtherInstance).toBe(true);
    expect(res.body.Messages).toEqual(['Looks like this service is imported from different instance']);
    expect(res.body.Service).toMatchObject({ Icon: null, Screenshots: [], Downloads: [] });
    expect(res.body.Service.Fields).toHaveLength(2);
  });

  it.each([
    [['Plan', 'plan'], 'The service you tried to import has duplicate field display names'],
    [['Plan', 'Company Name'], 'The service you tried to import has reserved field names'],
  ])('[S5.2] [S8.4] refuses an import whose fields are %j: %s', async (names, message) => {
    const service = serviceInput('Imported', {
      Fields: names.map((DisplayName, i) => ({ Id: `F${i}`, DisplayName, FieldType: 'Textbox' as const })),
    });

    const res = await alice.op('ImportService', { Service: service });

    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(message);
    expect(res.body.errors).toEqual([{ field: 'Service', message }]);
  });

  it('[S5.15] cleans an import before checking it: Tmp, generated fee ids and empty conditions', async () => {
    const service = {
      ...serviceInput('Cleaned'),
      Tmp: { ServiceNameWithBrackets: '(Cleaned)' },
      BillingRules: [
        { Id: '__gen__1', ChargeType: 'Monthly', Charge: '1', Condition: { FieldId: '', Value: '' }, endDateAction: 'Renew' },
      ],
    };

    const res = await alice.op('ImportService', { Service: service });

    expect(res.status).toBe(200);
    expect(res.body.Service.Tmp).toBeUndefined();
    expect(res.body.Service.BillingRules[0]).toMatchObject({ Id: null, Condition: null });
    expect(res.body.Service.BillingRules[0].endDateAction).toBeUndefined();
  });

  it('refuses a file that is not an exported service', async () => {
    const res = await alice.op('ImportService', { Service: { hello: 'world' } });

    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('The file is not a service exported from the service tool');
  });
});
