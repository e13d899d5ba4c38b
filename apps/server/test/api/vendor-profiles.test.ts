import { VENDOR_DESCRIPTION_MAX_LENGTH } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VENDOR_PROFILES, encodePng, seedDemoVendorProfiles } from '../../src/domains/vendor-profiles/index.js';
import { inspectImage } from '../../src/domains/vendor-profiles/vendor-profiles.rules.js';
import { localDiskStorage } from '../../src/platform/files/index.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * The vendor profile [M1.6] [M7.17]: who reads and changes it, the description limit and the logo
 * rules checked from the uploaded bytes [M5.12], optimistic concurrency, and the logo's download.
 */

let t: TestApp;
const ids: Record<string, number> = {};
const clients: Record<string, ApiClient> = {};
const c = (name: string) => clients[name] as ApiClient;

const png = (width: number, height: number) => encodePng(width, height, (x) => [x % 256, 80, 160]);
const gif = (width: number, height: number) => {
  const bytes = Buffer.from('GIF89a\0\0\0\0\0\0\0;', 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
};

async function upload(who: string, name: string, type: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const res = await fetch(`${t.url}/keeper/upload`, { method: 'POST', body: form, headers: { cookie: c(who).cookie ?? '' } });
  return { status: res.status, body: (await res.json()) as any };
}

async function uploadLogo(who: string, bytes = png(496, 208), name = 'logo.png', type = 'image/png'): Promise<string> {
  const res = await upload(who, name, type, bytes);
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.path;
}

const ownProfile = (who: string, account: string) => c(who).op('GetProductOwnerProfile', { AccountId: ids[account] });
const save = (who: string, account: string, input: { Description?: string; Icon?: string | null; Version: number }) =>
  c(who).op('SetProductOwnerProfile', { AccountId: ids[account], Description: '', Icon: null, ...input });

beforeAll(async () => {
  t = await buildTestApp();
  ids.provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.otherProvider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  ids.contoso = await makeAccount(t.db, { type: 'Company', parentId: ids.provider, displayName: 'Contoso Test' });
  ids.fabrikam = await makeAccount(t.db, { type: 'Company', parentId: ids.provider, displayName: 'Fabrikam Test' });
  ids.farVendor = await makeAccount(t.db, { type: 'Company', parentId: ids.otherProvider, displayName: 'Far Vendor' });
  ids.reseller = await makeAccount(t.db, { type: 'Reseller', parentId: ids.provider });
  ids.customer = await makeAccount(t.db, { type: 'Company', parentId: ids.reseller });
  await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = ANY($1)', [[ids.contoso, ids.fabrikam, ids.farVendor]]);

  const signIn = async (name: string, parentId: number, capabilities: string[]) => {
    const user = await makeUser(t.db, { parentId, capabilities, displayName: `Staff ${name}` });
    ids[name] = user.id;
    clients[name] = await new ApiClient(t.url).signIn(user.username);
  };
  await signIn('contosoAdmin', ids.contoso, [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE']);
  await signIn('contosoEditor', ids.contoso, READ_ALL);
  await signIn('fabrikamAdmin', ids.fabrikam, [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE']);
  await signIn('providerAdmin', ids.provider, [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE']);
  await signIn('resellerAdmin', ids.reseller, [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE']);
  await signIn('buyer', ids.customer, []);
  await signIn('farUser', ids.otherProvider, [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE']);
});

afterAll(async () => {
  await t?.close();
});

describe('[M7.17] GetProductOwnerProfile', () => {
  it('answers an empty profile at version 0 before anything was saved, with the name and the limit', async () => {
    const res = await ownProfile('fabrikamAdmin', 'fabrikam');

    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      AccountId: ids.fabrikam,
      DisplayName: 'Fabrikam Test',
      Description: '',
      Icon: null,
      Version: 0,
      CanUpdate: true,
      DescriptionMaxLength: VENDOR_DESCRIPTION_MAX_LENGTH,
    });
  });

  it('[M6.9] tells staff without PRODUCT_OWNER_PROFILE update that they cannot change it', async () => {
    const res = await ownProfile('contosoEditor', 'contoso');

    expect(res.status).toBe(200);
    expect(res.body.CanUpdate).toBe(false);
  });

  it('answers 404 for an account that is not a vendor, even inside the scope', async () => {
    const company = await ownProfile('providerAdmin', 'customer');
    const user = await ownProfile('contosoAdmin', 'contosoAdmin');

    expect(company.status).toBe(404);
    expect(user.status).toBe(404);
  });
});

describe('[M7.17] SetProductOwnerProfile', () => {
  it('[M3.15] saves description and logo, answers Icon, Description and Version, and shows them to buyers', async () => {
    const logo = await uploadLogo('contosoAdmin');

    const saved = await save('contosoAdmin', 'contoso', { Description: 'Backups done right.', Icon: logo, Version: 0 });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ Icon: `/keeper/download/${logo}`, Description: 'Backups done right.', Version: 1 });
    const seen = await c('buyer').op('GetVendorProfile', { OwnerId: ids.contoso });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      AccountId: ids.contoso,
      DisplayName: 'Contoso Test',
      Description: 'Backups done right.',
      Icon: `/keeper/download/${logo}`,
    });
  });

  it('lets any signed-in user download the logo, as an image', async () => {
    const { body } = await ownProfile('contosoAdmin', 'contoso');

    const res = await fetch(`${t.url}${body.Icon}`, { headers: { cookie: c('buyer').cookie ?? '' } });

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('keeps the logo when its address is sent back unchanged, and writes an audit row naming only the description', async () => {
    const before = (await ownProfile('contosoAdmin', 'contoso')).body;

    const saved = await save('contosoAdmin', 'contoso', {
      Description: 'Backups and restores done right.',
      Icon: before.Icon,
      Version: before.Version,
    });

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.Icon).toBe(before.Icon);
    const [audit] = await t.db.query<{ before: unknown; after: unknown; account_id: number }>(
      "SELECT before, after, account_id FROM audit_log WHERE operation = 'SetProductOwnerProfile' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({
      account_id: ids.contoso,
      before: { Description: 'Backups done right.' },
      after: { Description: 'Backups and restores done right.' },
    });
  });

  it('removes the logo with Icon null', async () => {
    const logo = await uploadLogo('fabrikamAdmin');
    const first = await save('fabrikamAdmin', 'fabrikam', { Description: 'Secure.', Icon: logo, Version: 0 });

    const second = await save('fabrikamAdmin', 'fabrikam', { Description: 'Secure.', Icon: null, Version: first.body.Version });

    expect(second.status).toBe(200);
    expect(second.body.Icon).toBeNull();
    expect((await c('buyer').op('GetVendorProfile', { OwnerId: ids.fabrikam })).body.Icon).toBeNull();
  });

  it('answers 409 with the saved values for a stale version, and changes nothing', async () => {
    const current = (await ownProfile('contosoAdmin', 'contoso')).body;

    const res = await save('contosoAdmin', 'contoso', { Description: 'Overwritten', Icon: null, Version: current.Version - 1 });

    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.current).toEqual({ Description: current.Description, Icon: current.Icon, Version: current.Version });
    expect((await ownProfile('contosoAdmin', 'contoso')).body).toEqual(current);
  });

  it('answers 409 for version 0 once a profile was saved', async () => {
    const res = await save('contosoAdmin', 'contoso', { Description: 'First?', Version: 0 });

    expect(res.status).toBe(409);
  });

  it('[M6.9] refuses staff without PRODUCT_OWNER_PROFILE update with 403', async () => {
    const current = (await ownProfile('contosoEditor', 'contoso')).body;

    const res = await save('contosoEditor', 'contoso', { Description: 'Mine now', Version: current.Version });

    expect(res.status).toBe(403);
  });

  it('lets the provider change any vendor of its own', async () => {
    const current = (await ownProfile('providerAdmin', 'contoso')).body;

    const res = await save('providerAdmin', 'contoso', {
      Description: current.Description,
      Icon: current.Icon,
      Version: current.Version,
    });

    expect(res.status).toBe(200);
    expect(res.body.Version).toBe(current.Version + 1);
  });
});

describe('[M5.12] validation', () => {
  it(`refuses a description longer than ${VENDOR_DESCRIPTION_MAX_LENGTH} characters, naming the field`, async () => {
    const res = await save('fabrikamAdmin', 'fabrikam', { Description: 'x'.repeat(701), Version: 99 });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'Description', message: 'The description can be at most 700 characters long' }]);
  });

  it('accepts exactly 700 characters', async () => {
    const current = (await ownProfile('fabrikamAdmin', 'fabrikam')).body;

    const res = await save('fabrikamAdmin', 'fabrikam', { Description: 'y'.repeat(700), Version: current.Version });

    expect(res.status).toBe(200);
  });

  it('refuses a PNG logo smaller than 496 x 208, naming the field and its size', async () => {
    const current = (await ownProfile('fabrikamAdmin', 'fabrikam')).body;
    const small = await uploadLogo('fabrikamAdmin', png(495, 208));

    const res = await save('fabrikamAdmin', 'fabrikam', { Icon: small, Version: current.Version });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { field: 'Icon', message: 'The logo must be at least 496 x 208 pixels; this one is 495 x 208' },
    ]);
  });

  it('accepts a GIF of the right size and refuses a small one', async () => {
    const current = (await ownProfile('fabrikamAdmin', 'fabrikam')).body;
    const big = await uploadLogo('fabrikamAdmin', gif(600, 250), 'logo.gif', 'image/gif');
    const small = await uploadLogo('fabrikamAdmin', gif(88, 88), 'logo.gif', 'image/gif');

    const refused = await save('fabrikamAdmin', 'fabrikam', { Icon: small, Version: current.Version });
    const accepted = await save('fabrikamAdmin', 'fabrikam', { Icon: big, Version: current.Version });

    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].field).toBe('Icon');
    expect(accepted.status).toBe(200);
  });

  it('never stores a .png that holds a GIF or a text file, whatever the declared type', async () => {
    const gifAsPng = await upload('fabrikamAdmin', 'logo.png', 'image/png', gif(600, 250));
    const textAsPng = await upload('fabrikamAdmin', 'logo.png', 'image/png', Buffer.from('I am a logo'));

    expect(gifAsPng.status).toBe(415);
    expect(textAsPng.status).toBe(415);
  });

  it('refuses a logo that is not an image upload (a PDF, an address elsewhere)', async () => {
    const current = (await ownProfile('fabrikamAdmin', 'fabrikam')).body;
    const pdf = await upload('fabrikamAdmin', 'logo.pdf', 'application/pdf', Buffer.from('%PDF-1.7\n'));

    const asPdf = await save('fabrikamAdmin', 'fabrikam', { Icon: pdf.body.data.path, Version: current.Version });
    const elsewhere = await save('fabrikamAdmin', 'fabrikam', { Icon: 'https://example.com/a.png', Version: current.Version });

    expect(asPdf.status).toBe(422);
    expect(asPdf.body.errors[0].field).toBe('Icon');
    expect(elsewhere.status).toBe(422);
  });

  it("refuses someone else's upload like one that does not exist", async () => {
    const current = (await ownProfile('fabrikamAdmin', 'fabrikam')).body;
    const theirs = await uploadLogo('contosoAdmin');

    const res = await save('fabrikamAdmin', 'fabrikam', { Icon: theirs, Version: current.Version });
    const missing = await save('fabrikamAdmin', 'fabrikam', { Icon: `${'0'.repeat(32)}.png`, Version: current.Version });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual(missing.body.errors);
  });

  it('keeps an attached logo from being deleted by its uploader', async () => {
    const { body } = await ownProfile('contosoAdmin', 'contoso');
    const name = String(body.Icon).split('/').pop();

    const res = await fetch(`${t.url}/keeper/delete`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c('contosoAdmin').cookie ?? '' },
      body: JSON.stringify({ filePathName: name }),
    });

    expect(res.status).toBe(409);
  });
});

describe('scope', () => {
  it('one vendor never reads or edits the other through the staff operations: the same 404 as a missing account', async () => {
    const read = await ownProfile('fabrikamAdmin', 'contoso');
    const write = await save('fabrikamAdmin', 'contoso', { Description: 'Taken over', Version: 1 });
    const missing = await c('fabrikamAdmin').op('GetProductOwnerProfile', { AccountId: 999_999 });

    expect(read.status).toBe(404);
    expect(write.status).toBe(404);
    expect(read.body.detail).toBe(missing.body.detail);
  });

  it('a reseller with the capability cannot edit a vendor outside its subtree', async () => {
    const res = await save('resellerAdmin', 'contoso', { Description: 'Taken over', Version: 1 });

    expect(res.status).toBe(404);
  });

  it('GetVendorProfile answers any signed-in user of the same provider, 404 for a non-vendor', async () => {
    const vendor = await c('fabrikamAdmin').op('GetVendorProfile', { OwnerId: ids.contoso });
    const nonVendor = await c('buyer').op('GetVendorProfile', { OwnerId: ids.customer });

    expect(vendor.status).toBe(200);
    expect(nonVendor.status).toBe(404);
  });

  it("another provider's users get the same 404 for a vendor as for a missing account", async () => {
    const foreign = await c('farUser').op('GetVendorProfile', { OwnerId: ids.contoso });
    const missing = await c('farUser').op('GetVendorProfile', { OwnerId: 999_999 });

    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe(missing.body.detail);
  });

  it('needs a session', async () => {
    const res = await new ApiClient(t.url).op('GetVendorProfile', { OwnerId: ids.contoso });

    expect(res.status).toBe(401);
  });
});

describe('[M1.6] demo vendor profiles', () => {
  it('[M9.12] gives each demo vendor a description and a 496 x 208 logo buyers can download, once', async () => {
    const vendors: number[] = [];
    for (const demo of DEMO_VENDOR_PROFILES) {
      const id = await makeAccount(t.db, { type: 'Company', parentId: ids.provider as number, displayName: demo.name });
      await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = $1', [id]);
      vendors.push(id);
    }
    const storage = localDiskStorage(t.filesDir);

    await seedDemoVendorProfiles(t.db, storage);
    const first = await c('buyer').op('GetVendorProfile', { OwnerId: vendors[0] });
    await seedDemoVendorProfiles(t.db, storage);
    const again = await c('buyer').op('GetVendorProfile', { OwnerId: vendors[0] });

    expect(first.body.Description).toBe(DEMO_VENDOR_PROFILES[0]?.description);
    expect(again.body).toEqual(first.body);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM product_owner_profiles WHERE account_id = ANY($1) AND icon_file_id IS NOT NULL',
      [vendors],
    );
    expect(rows[0]?.n).toBe(3);
    // Injected rather than over a socket: a streamed download as the file's last request can keep the
    // test server's close waiting on the kept-alive connection.
    const res = await t.app.inject({ method: 'GET', url: first.body.Icon, headers: { cookie: c('buyer').cookie ?? '' } });
    expect(res.statusCode).toBe(200);
    expect(inspectImage(res.rawPayload)).toEqual({ kind: 'png', width: 496, height: 208 });
  });
});
