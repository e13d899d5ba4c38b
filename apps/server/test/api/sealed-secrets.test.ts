import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEALED_COLUMNS } from '../../src/app.js';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { DEMO_REPORT_ID, DEMO_WORKGROUP_ID, seedDemoReports } from '../../src/domains/reports/index.js';
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
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';
import { startVendor, type VendorRequest } from '../factories/vendor.js';

/**
 * Secrets at rest, continued (issue 14, decision 0035): Http provisioning passwords and the embed signing key are
 * stored sealed, still work, are never returned, and are sealed again by a key rotation.
 */

let t: TestApp;
let vendor: Awaited<ReturnType<typeof startVendor>>;
let received: VendorRequest[] = [];
let company: number;
let owner: number;
let provider: ApiClient;
let admin: ApiClient;
/** Every line the server logged, at every level. */
const logLines: string[] = [];

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

function httpAction(Action: string, AuthPassword: string) {
  return {
    Action,
    Method: 'Http' as const,
    ProvisioningHttp: {
      HttpMethod: 'PUT' as const,
      ContentType: 'application/json' as const,
      RequestUrlTemplate: `${vendor.url}/provision/{{ACTION}}`,
      RequestBodyTemplate: '{"action":"{{ACTION}}"}',
      Auth: 'Basic' as const,
      AuthUsername: 'portal',
      AuthPassword,
    },
  };
}

/** Everything stored about a service that could hold its password, as text. */
async function storedText(serviceName: string): Promise<string> {
  const rows = await t.db.query<Record<string, unknown>>(
    `SELECT s.definition::text AS definition, s.pending::text AS pending,
            (SELECT string_agg(coalesce(a.before::text, '') || coalesce(a.after::text, ''), ' ') FROM audit_log a
              WHERE a.operation IN ('CreateService', 'UpdateService')) AS audit,
            (SELECT string_agg(d.data::text, ' ') FROM service_drafts d) AS drafts,
            (SELECT string_agg(p.auth_password, ' ') FROM service_provisioning_passwords p WHERE p.service_id = s.id) AS passwords
     FROM services s WHERE s.service_name = $1`,
    [serviceName],
  );
  return JSON.stringify(rows);
}

async function storedPasswords(serviceName: string) {
  return t.db.query<{ action: string; auth_password: string }>(
    `SELECT p.action, p.auth_password FROM service_provisioning_passwords p JOIN services s ON s.id = p.service_id
     WHERE s.service_name = $1 ORDER BY p.action`,
    [serviceName],
  );
}

let productCounter = 0;
/** Saves a product account of the service, which sends MODIFY to the vendor; answers the Authorization it got. */
async function authorizationSent(serviceName: string): Promise<string | null> {
  productCounter++;
  const id = await insertAccount(t.db, {
    type: 'Product',
    parentId: owner,
    displayName: `Subscription ${productCounter}`,
    productName: serviceName,
    attributes: { 'Product.Quantity': 1 },
  });
  const saved = await admin.edit('UpdateAccount', {
    id,
    views: { Default: { Values: { DisplayName: `Renamed ${productCounter}` } } },
  });
  expect(saved.status).toBe(200);
  received = [];
  await t.app.jobs.runDue();
  expect(received).toHaveLength(1);
  return received[0]?.authorization ?? null;
}

beforeAll(async () => {
  vendor = await startVendor({ onRequest: (r) => received.push(r), nextStatus: () => 200 });
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logLines.push(String(chunk));
      callback();
    },
  });
  t = await buildTestApp({ app: { logger: { level: 'trace', stream: logStream } } });
  const root = await makeAccount(t.db, { type: 'Provider', parentId: null });
  const reseller = await makeAccount(t.db, { type: 'Reseller', parentId: root });
  company = await makeAccount(t.db, { type: 'Company', parentId: reseller });
  owner = (await makeUser(t.db, { parentId: company, capabilities: [] })).id;
  provider = await new ApiClient(t.url).signIn(
    (await makeUser(t.db, { parentId: root, capabilities: [...READ_ALL, ...SERVICE_TOOL_ALL] })).username,
  );
  admin = await new ApiClient(t.url).signIn(
    (
      await makeUser(t.db, {
        parentId: reseller,
        capabilities: [...READ_ALL, ...UPDATE_ALL, 'PROVISIONING_REQUEST_READ', 'PROVISIONING_REQUEST_CREATE'],
      })
    ).username,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
  await vendor?.close();
}, 120_000);

beforeEach(() => {
  received = [];
});

describe('Http provisioning passwords are stored sealed (issue 14)', () => {
  it('keeps the password only sealed: no service row, audit entry or GetService answer holds it, and the vendor gets the right Basic auth', async () => {
    const password = 'vendor-pass-7f3c1a';
    await createService(
      t.db,
      provider,
      serviceInput('Sealed Backup', {
        ProvisioningActions: [{ Action: 'CREATE' }, httpAction('MODIFY', password), { Action: 'DELETE' }],
      }),
    );

    expect(await storedText('Sealed Backup')).not.toContain(password);
    const [stored] = await storedPasswords('Sealed Backup');
    expect(stored?.action).toBe('MODIFY');
    expect(stored?.auth_password).toMatch(/^sealed:v1:/);
    const got = await provider.op('GetService', { ServiceName: 'Sealed Backup' });
    expect(got.status).toBe(200);
    expect(JSON.stringify(got.body)).not.toContain(password);
    expect(got.body.ProvisioningActions[1].ProvisioningHttp).toMatchObject({
      Auth: 'Basic',
      AuthUsername: 'portal',
      AuthPassword: '',
    });

    expect(await authorizationSent('Sealed Backup')).toBe(basic('portal', password));
  });

  it('an edit that leaves the password empty keeps the stored one, a typed one replaces it, and Auth No removes it', async () => {
    await createService(
      t.db,
      provider,
      serviceInput('Sealed Storage', {
        ProvisioningActions: [{ Action: 'CREATE' }, httpAction('MODIFY', 'first-pass-91'), { Action: 'DELETE' }],
      }),
    );
    const save = async (actions: unknown[]) => {
      const res = await provider.edit('UpdateService', { ServiceName: 'Sealed Storage', ProvisioningActions: actions });
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/first-pass-91|second-pass-22/);
    };

    // The editor sends back what GetService gave: an empty password.
    const shown = (await provider.op('GetService', { ServiceName: 'Sealed Storage' })).body.ProvisioningActions;
    await save(shown);
    expect(await authorizationSent('Sealed Storage')).toBe(basic('portal', 'first-pass-91'));

    await save([{ Action: 'CREATE' }, httpAction('MODIFY', 'second-pass-22'), { Action: 'DELETE' }]);
    expect(await authorizationSent('Sealed Storage')).toBe(basic('portal', 'second-pass-22'));
    expect(await storedText('Sealed Storage')).not.toMatch(/first-pass-91|second-pass-22/);

    const none = httpAction('MODIFY', '');
    await save([
      { Action: 'CREATE' },
      { ...none, ProvisioningHttp: { ...none.ProvisioningHttp, Auth: 'No' } },
      { Action: 'DELETE' },
    ]);
    expect(await storedPasswords('Sealed Storage')).toEqual([]);
    expect(await authorizationSent('Sealed Storage')).toBeNull();
  });

  it('drafts and exports never hold the password: the export goes without it', async () => {
    await createService(
      t.db,
      provider,
      serviceInput('Sealed Drafted', {
        ProvisioningActions: [{ Action: 'CREATE' }, httpAction('MODIFY', 'draft-pass-33'), { Action: 'DELETE' }],
      }),
    );
    const exported = await provider.op('ExportService', { ServiceName: 'Sealed Drafted' });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).not.toContain('draft-pass-33');

    const draft = await provider.op('SaveServiceDraft', {
      ServiceName: 'Sealed Drafted',
      // No draft yet: version 0 (decision 0036).
      Version: 0,
      Data: serviceInput('Sealed Drafted', {
        ProvisioningActions: [{ Action: 'CREATE' }, httpAction('MODIFY', 'typed-in-draft-44'), { Action: 'DELETE' }],
      }),
    });
    expect(draft.status).toBe(200);
    const [row] = await t.db.query<{ data: string }>('SELECT data::text AS data FROM service_drafts ORDER BY id DESC LIMIT 1');
    expect(row?.data).toContain('"AuthUsername": "portal"');
    expect(row?.data).not.toContain('typed-in-draft-44');
    const read = await provider.op('GetServiceDraft', { ServiceName: 'Sealed Drafted' });
    expect(JSON.stringify(read.body)).not.toContain('typed-in-draft-44');
  });

  it('migration 0127 moves a clear password out of the service document and the audit log; the next start seals it and a key rotation seals it again', async () => {
    await createService(
      t.db,
      provider,
      serviceInput('Sealed Legacy', {
        ProvisioningActions: [{ Action: 'CREATE' }, httpAction('MODIFY', ''), { Action: 'DELETE' }],
      }),
    );
    // As a service saved before 0127 was stored: the password in clear inside the definition and its audit entry.
    await t.db.query(
      `UPDATE services SET definition = jsonb_set(definition, '{ProvisioningActions,1,ProvisioningHttp,AuthPassword}', '"legacy-pass-55"')
       WHERE service_name = 'Sealed Legacy'`,
    );
    await t.db.query(
      `INSERT INTO audit_log (operation, after) VALUES ('UpdateService', '{"ProvisioningActions":[{"ProvisioningHttp":{"AuthPassword":"legacy-pass-55"}}]}')`,
    );
    const migration = readFileSync(join(MIGRATIONS_DIR, '0127_seal_provisioning_and_embed_secrets.sql'), 'utf8');
    const statements = splitStatements(migration).filter((s) => !s.startsWith('CREATE TABLE'));
    await t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.query(statement);
    });

    const [moved] = await storedPasswords('Sealed Legacy');
    expect(moved?.auth_password).toBe('legacy-pass-55');
    const [audit] = await t.db.query<{ after: string }>(`SELECT after::text AS after FROM audit_log ORDER BY id DESC LIMIT 1`);
    expect(audit?.after).toContain('"AuthPassword": ""');
    expect(await storedText('Sealed Legacy')).toMatch(/legacy-pass-55/); // only in the moved, not yet sealed row

    const keyring = secretsKeyring();
    expect(await resealStoredSecrets(t.db, keyring, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    expect(await storedText('Sealed Legacy')).not.toContain('legacy-pass-55');
    const [sealed] = await storedPasswords('Sealed Legacy');
    expect(sealedWith(sealed?.auth_password ?? '')).toBe(keyring.current.id);
    expect(await authorizationSent('Sealed Legacy')).toBe(basic('portal', 'legacy-pass-55'));

    const newKey = generateKey();
    const rotated = makeKeyring(newKey, keyring.all);
    try {
      configureSecrets(rotated);
      expect(await resealStoredSecrets(t.db, rotated, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
      const [resealed] = await storedPasswords('Sealed Legacy');
      expect(sealedWith(resealed?.auth_password ?? '')).toBe(newKey.id);
      expect(open(makeKeyring(newKey), 'service_provisioning_passwords.auth_password', resealed?.auth_password ?? '')).toBe(
        'legacy-pass-55',
      );
      expect(await authorizationSent('Sealed Legacy')).toBe(basic('portal', 'legacy-pass-55'));
    } finally {
      await resealStoredSecrets(t.db, makeKeyring(keyring.current, [newKey]), SEALED_COLUMNS);
      configureSecrets(keyring);
    }
  });
});

describe('the embed signing key is stored sealed (issue 14)', () => {
  const tokenPath = `/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/reports/${DEMO_REPORT_ID}/token`;
  const issue = async () => {
    const res = await fetch(`${t.url}${tokenPath}`, { headers: { cookie: provider.cookie ?? '' } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { embedToken: string }).embedToken;
  };
  const verifies = async (token: string) =>
    (
      await fetch(`${t.url}/api/embed/data?reportId=${DEMO_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).status;
  const storedKey = async () =>
    (await t.db.query<{ secret: string }>(`SELECT secret FROM embed_token_keys WHERE name = 'default'`))[0]?.secret ?? '';

  beforeAll(async () => {
    await seedDemoReports(t.db);
  });

  it('keeps the generated key only sealed, and the tokens it signs verify', async () => {
    const token = await issue();
    const stored = await storedKey();
    expect(stored).toMatch(/^sealed:v1:/);
    const key = open(secretsKeyring(), 'embed_token_keys.secret', stored);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(stored).not.toContain(key);
    expect(await verifies(token)).toBe(200);
  });

  it('a clear key from before is sealed at start and a key rotation seals it again; tokens it signed keep verifying', async () => {
    const keyring = secretsKeyring();
    const clear = 'clear-embed-signing-key-from-before-0127-xyz';
    await t.db.query(`UPDATE embed_token_keys SET secret = $1 WHERE name = 'default'`, [clear]);
    const token = await issue();
    expect(await verifies(token)).toBe(200);

    expect(await resealStoredSecrets(t.db, keyring, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
    const sealed = await storedKey();
    expect(sealed).not.toContain(clear);
    expect(sealedWith(sealed)).toBe(keyring.current.id);
    expect(await verifies(token)).toBe(200);

    const newKey = generateKey();
    const rotated = makeKeyring(newKey, keyring.all);
    try {
      configureSecrets(rotated);
      expect(await resealStoredSecrets(t.db, rotated, SEALED_COLUMNS)).toBeGreaterThanOrEqual(1);
      expect(sealedWith(await storedKey())).toBe(newKey.id);
      expect(await verifies(token)).toBe(200);
    } finally {
      await resealStoredSecrets(t.db, makeKeyring(keyring.current, [newKey]), SEALED_COLUMNS);
      configureSecrets(keyring);
    }
  });
});

describe('no provisioning password or embed signing key in the logs', () => {
  it('after saving, sending, migrating and rotating above, the log holds none of the passwords nor the signing key', async () => {
    const key = open(
      secretsKeyring(),
      'embed_token_keys.secret',
      (await t.db.query<{ secret: string }>(`SELECT secret FROM embed_token_keys WHERE name = 'default'`))[0]?.secret ?? '',
    );
    const log = logLines.join('');
    expect(log.length).toBeGreaterThan(0);
    for (const secret of [
      'vendor-pass-7f3c1a',
      'first-pass-91',
      'second-pass-22',
      'draft-pass-33',
      'typed-in-draft-44',
      'legacy-pass-55',
      key,
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
