import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, serviceInput, VENDOR_CAPABILITIES } from '../factories/services.js';

let t: TestApp;
let vendorA: number;
let vendorB: number;
let alice: ApiClient; // vendor A's service administrator
let alice2: ApiClient; // another service administrator of vendor A
let bob: ApiClient; // vendor B's service administrator
let aliceId: number;

async function user(parentId: number, capabilities: string[]) {
  const u = await makeUser(t.db, { parentId, capabilities });
  return { id: u.id, client: await new ApiClient(t.url).signIn(u.username) };
}

/** The Version of the caller's draft of a window as GetServiceDraft reads it (0: none), as the window sends it back. */
async function draftVersion(client: ApiClient, serviceName: string | null): Promise<number> {
  return (await client.op('GetServiceDraft', { ServiceName: serviceName })).body.Draft?.Version ?? 0;
}

let counter = 0;
const uniqueName = (base: string) => `${base} ${++counter}`;

beforeAll(async () => {
  t = await buildTestApp();
  const providerId = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Provider' });
  vendorA = await makeAccount(t.db, { type: 'Company', parentId: providerId, displayName: 'Vendor A' });
  vendorB = await makeAccount(t.db, { type: 'Company', parentId: providerId, displayName: 'Vendor B' });
  const a = await user(vendorA, VENDOR_CAPABILITIES);
  alice = a.client;
  aliceId = a.id;
  alice2 = (await user(vendorA, VENDOR_CAPABILITIES)).client;
  bob = (await user(vendorB, VENDOR_CAPABILITIES)).client;
});
afterAll(() => t.close());

describe('drafts of the create window', () => {
  it('[S3.7] [S4.2] stores a draft under the key create with the time it was added, and replaces it on the next save', async () => {
    const name = uniqueName('Draft create');

    const first = await alice.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(name) });
    const second = await alice.op('SaveServiceDraft', {
      ServiceName: null,
      Version: first.body.Version,
      Data: serviceInput(name, { DisplayName: 'Changed' }),
    });
    const got = await alice.op('GetServiceDraft', { ServiceName: null });

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Key: 'create', Added: expect.any(String) });
    expect(second.body.Id).toBe(first.body.Id);
    expect(got.body.Draft).toMatchObject({ Id: first.body.Id, Key: 'create', Added: second.body.Added });
    expect(got.body.Draft.Data).toMatchObject({ ServiceName: name, DisplayName: 'Changed' });
    await alice.op('DeleteServiceDraft', { ServiceName: null, Version: await draftVersion(alice, null) });
  });

  it('[S4.2] keeps each user’s drafts to that user', async () => {
    await alice.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(uniqueName('Mine')) });

    const other = await alice2.op('GetServiceDraft', { ServiceName: null });
    const own = await alice.op('GetServiceDraft', { ServiceName: null });

    expect(other.body).toEqual({ Draft: null });
    expect(own.body.Draft).not.toBeNull();
    await alice.op('DeleteServiceDraft', { ServiceName: null, Version: await draftVersion(alice, null) });
  });

  it('[S4.2] dismissing deletes the draft', async () => {
    await alice.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(uniqueName('Dismiss')) });

    const version = await draftVersion(alice, null);
    const deleted = await alice.op('DeleteServiceDraft', { ServiceName: null, Version: version });
    const again = await alice.op('DeleteServiceDraft', { ServiceName: null, Version: version });
    const got = await alice.op('GetServiceDraft', { ServiceName: null });

    expect(deleted.body).toEqual({ Deleted: true });
    expect(again.body).toEqual({ Deleted: false });
    expect(got.body).toEqual({ Draft: null });
  });

  it('[S4.2] a successful create deletes the create draft; a refused one keeps it', async () => {
    const name = uniqueName('Saved');
    await alice.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(name) });

    const refused = await alice.op('CreateService', serviceInput(name, { Icon: null }));
    const kept = await alice.op('GetServiceDraft', { ServiceName: null });
    const created = await alice.op('CreateService', serviceInput(name));
    const gone = await alice.op('GetServiceDraft', { ServiceName: null });

    expect(refused.status).toBe(422);
    expect(kept.body.Draft).not.toBeNull();
    expect(created.status).toBe(200);
    expect(gone.body).toEqual({ Draft: null });
  });

  it('[M6.3] needs a create capability for the create window’s draft', async () => {
    const reader = (await user(vendorA, ['SERVICE_TOOL_INFO_READ'])).client;

    const saved = await reader.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(uniqueName('No')) });
    const got = await reader.op('GetServiceDraft', { ServiceName: null });

    expect(saved.status).toBe(403);
    expect(got.status).toBe(403);
  });

  it('names the field of a malformed draft', async () => {
    const res = await alice.op('SaveServiceDraft', {
      ServiceName: null,
      Version: 0,
      Data: { ...serviceInput('x'), Tags: 'Backup' },
    });

    expect(res.status).toBe(422);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'Data.Tags' }));
  });

  it('audits saving and dismissing a draft without copying the form into the audit row', async () => {
    await alice.op('SaveServiceDraft', { ServiceName: null, Version: 0, Data: serviceInput(uniqueName('Audit')) });
    await alice.op('DeleteServiceDraft', { ServiceName: null, Version: await draftVersion(alice, null) });

    const rows = await t.db.query<{ operation: string; account_id: number; before: unknown; after: Record<string, unknown> }>(
      `SELECT operation, account_id, before, after FROM audit_log
       WHERE actor_id = $1 AND operation IN ('SaveServiceDraft', 'DeleteServiceDraft') ORDER BY id DESC LIMIT 2`,
      [aliceId],
    );
    expect(rows.map((r) => r.operation)).toEqual(['DeleteServiceDraft', 'SaveServiceDraft']);
    expect(rows[1]).toMatchObject({ account_id: vendorA, after: { Draft: 'create', Added: expect.any(String) } });
    expect(rows[0]).toMatchObject({ account_id: vendorA, before: { Draft: 'create' }, after: { Deleted: true } });
    expect(JSON.stringify(rows[1]?.after)).not.toContain('Fields');
  });
});

describe('drafts of a service being edited', () => {
  let name: string;
  beforeAll(async () => {
    name = uniqueName('Edited');
    await createService(t.db, alice, serviceInput(name));
  });

  it('[S4.2] keys an edit draft edit_ plus the stored service name, whatever case was asked for', async () => {
    const saved = await alice.op('SaveServiceDraft', {
      ServiceName: name.toUpperCase(),
      Version: 0,
      Data: serviceInput(name, { DisplayName: 'Draft' }),
    });
    const got = await alice.op('GetServiceDraft', { ServiceName: name });
    const create = await alice.op('GetServiceDraft', { ServiceName: null });

    expect(saved.body.Key).toBe(`edit_${name}`);
    expect(got.body.Draft.Data.DisplayName).toBe('Draft');
    expect(create.body).toEqual({ Draft: null });
  });

  it('[S4.2] a successful update deletes the edit draft', async () => {
    await alice.op('SaveServiceDraft', {
      ServiceName: name,
      Version: await draftVersion(alice, name),
      Data: serviceInput(name, { DisplayName: 'Draft' }),
    });

    const updated = await alice.edit('UpdateService', { ServiceName: name, DisplayName: 'Saved' });
    const got = await alice.op('GetServiceDraft', { ServiceName: name });

    expect(updated.status).toBe(200);
    expect(got.body).toEqual({ Draft: null });
  });

  it('[S6.1] needs an update capability on the service', async () => {
    const reader = (await user(vendorA, ['SERVICE_TOOL_INFO_READ', 'MY_SERVICES_CREATE'])).client;

    const res = await reader.op('SaveServiceDraft', { ServiceName: name, Version: 0, Data: serviceInput(name) });

    expect(res.status).toBe(403);
  });

  it('another vendor gets the same 404 for a foreign service as for a missing one', async () => {
    const foreign = await bob.op('GetServiceDraft', { ServiceName: name });
    const missing = await bob.op('GetServiceDraft', { ServiceName: 'No such service' });
    const save = await bob.op('SaveServiceDraft', { ServiceName: name, Version: 0, Data: serviceInput(name) });

    expect(foreign.status).toBe(404);
    expect(save.status).toBe(404);
    const { requestId: _a, ...f } = foreign.body;
    const { requestId: _b, ...m } = missing.body;
    expect(f).toEqual(m);
  });

  it('an edit draft is stored against its service', async () => {
    await alice.op('SaveServiceDraft', { ServiceName: name, Version: await draftVersion(alice, name), Data: serviceInput(name) });
    const [row] = await t.db.query<{ service_id: number }>('SELECT service_id FROM service_drafts WHERE draft_key = $1', [
      `edit_${name}`,
    ]);

    expect(row?.service_id).toEqual(expect.any(Number));
  });
});
