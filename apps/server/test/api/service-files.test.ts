import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, serviceInput, VENDOR_CAPABILITIES } from '../factories/services.js';

let t: TestApp;
let alice: ApiClient; // vendor A
let alice2: ApiClient; // vendor A, another administrator
let bob: ApiClient; // vendor B
let buyer: ApiClient; // a company user elsewhere, with no service-tool rights

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);

async function upload(client: ApiClient, name: string, type: string, bytes: Uint8Array<ArrayBuffer> | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  const res = await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: { cookie: client.cookie ?? '' } });
  return { status: res.status, body: await res.json() };
}
const uploaded = async (client: ApiClient, name: string, type: string, bytes: Uint8Array<ArrayBuffer> | string) =>
  (await upload(client, name, type, bytes)).body.data.path as string;
const download = (client: ApiClient, path: string) =>
  fetch(`${t.url}/keeper/download/${path}`, { headers: { cookie: client.cookie ?? '' } });
const remove = (client: ApiClient, filePathName: string) =>
  fetch(`${t.url}/keeper/delete`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
    body: JSON.stringify({ filePathName }),
  });

let counter = 0;
const uniqueName = (base: string) => `${base} ${++counter}`;

beforeAll(async () => {
  t = await buildTestApp();
  const providerId = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const vendorA = await makeAccount(t.db, { type: 'Company', parentId: providerId });
  const vendorB = await makeAccount(t.db, { type: 'Company', parentId: providerId });
  const customer = await makeAccount(t.db, { type: 'Company', parentId: providerId });
  const sign = async (parentId: number, capabilities: string[]) =>
    new ApiClient(t.url).signIn((await makeUser(t.db, { parentId, capabilities })).username);
  alice = await sign(vendorA, VENDOR_CAPABILITIES);
  alice2 = await sign(vendorA, VENDOR_CAPABILITIES);
  bob = await sign(vendorB, VENDOR_CAPABILITIES);
  buyer = await sign(customer, []);
});
afterAll(() => t.close());

describe('uploaded service files', () => {
  it('[S5.6] accepts a gif image as an upload', async () => {
    const res = await upload(alice, 'icon.gif', 'image/gif', GIF);

    expect(res.status).toBe(201);
    expect(res.body.data.path).toMatch(/^[0-9a-f]{32}\.gif$/);
  });

  it('[S2.5] [S2.6] [A7.2] a saved service shows its uploads to every signed-in user, and they can no longer be deleted', async () => {
    const icon = await uploaded(alice, 'icon.png', 'image/png', PNG);
    const shot = await uploaded(alice, 'shot.gif', 'image/gif', GIF);
    const manual = await uploaded(alice, 'manual.pdf', 'application/pdf', '%PDF-1.4\n');
    expect((await download(buyer, icon)).status).toBe(404);

    const created = await createService(
      t.db,
      alice,
      serviceInput(uniqueName('Uploads'), {
        Icon: icon,
        Screenshots: [{ Url: shot, Description: 'Dashboard' }],
        Downloads: [{ Url: manual, Description: 'Manual' }],
      }),
    );

    expect(created.Icon).toBe(icon);
    for (const path of [icon, shot, manual]) {
      const res = await download(buyer, path);
      expect(res.status, path).toBe(200);
    }
    expect((await download(bob, shot)).headers.get('content-type')).toBe('image/gif');
    expect((await remove(alice, icon)).status).toBe(409);
  });

  it('refuses another user’s unsaved upload, naming the field, as if it did not exist', async () => {
    const private1 = await uploaded(alice, 'private.png', 'image/png', PNG);

    const res = await bob.op(
      'CreateService',
      serviceInput(uniqueName('Borrowed'), { Icon: private1, Downloads: [{ Url: '0'.repeat(32) + '.pdf', Description: '' }] }),
    );

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'Icon', message: 'This upload was not found; upload the file again' },
        { field: 'Downloads.0.Url', message: 'This upload was not found; upload the file again' },
      ]),
    );
  });

  it('[S4.1] a copy of a service keeps the files the original shows, for a user of the same vendor', async () => {
    const icon = await uploaded(alice, 'icon.png', 'image/png', PNG);
    await createService(t.db, alice, serviceInput(uniqueName('Original'), { Icon: icon }));

    const copy = await alice2.op('CreateService', serviceInput(uniqueName('Copy'), { Icon: icon }));
    const foreign = await bob.op('CreateService', serviceInput(uniqueName('Foreign copy'), { Icon: icon }));

    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect(foreign.status).toBe(422);
  });

  it('[S2.6] an update keeps the files the service already has and checks only new ones', async () => {
    const icon = await uploaded(alice, 'icon.png', 'image/png', PNG);
    const name = uniqueName('Updated');
    await createService(t.db, alice, serviceInput(name, { Icon: icon }));
    const next = await uploaded(alice2, 'other.png', 'image/png', PNG);

    const same = await alice2.edit('UpdateService', { ServiceName: name, DisplayName: 'Renamed' });
    const own = await alice2.edit('UpdateService', { ServiceName: name, Icon: next });
    const other = await alice2.edit('UpdateService', {
      ServiceName: name,
      Screenshots: [{ Url: await uploaded(alice, 's.png', 'image/png', PNG), Description: '' }],
    });

    expect(same.status).toBe(200);
    expect(own.status).toBe(200);
    expect(other.status).toBe(422);
  });
});
