import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CAPABILITY_CATALOGUE, type CapabilityName, operations as declaredOperations } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredOperations } from '../../src/app.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';

const ACCESS_KINDS = ['public', 'session', 'capability', 'anyCapability', 'accountType'];

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'portal-web-dist-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>portal</title><div id="root"></div>');
  t = await buildTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const operations = registeredOperations({ sessionHours: 12 });

describe('route access declarations', () => {
  it('registers the static web routes when a built web app exists', () => {
    const urls = t.app.routeTable.map((r) => r.url);

    expect(urls).toContain('/v/');
    expect(urls.some((u) => u.startsWith('/*') || u === '/')).toBe(true);
  });

  // session: true marks an explicit route (e.g. /keeper/*) that checks the session and tenant scope itself.
  // embedToken: true marks a route that requires a valid embed token (e.g. /api/embed/data) instead of a session.
  it('declares public: true, operations: true, session: true or embedToken: true on every route', () => {
    const undeclared = t.app.routeTable
      .filter((route) => {
        const config = (route.config ?? {}) as {
          public?: unknown;
          operations?: unknown;
          session?: unknown;
          embedToken?: unknown;
        };
        return config.public !== true && config.operations !== true && config.session !== true && config.embedToken !== true;
      })
      .map((route) => `${String(route.method)} ${route.url}`);

    expect(t.app.routeTable.length).toBeGreaterThan(5);
    expect(undeclared).toEqual([]);
  });

  it('[A7.1] mounts every operation behind the one named-operation route', () => {
    const operationRoutes = t.app.routeTable.filter(
      (r) => (r.config as { operations?: unknown } | undefined)?.operations === true,
    );

    expect(operationRoutes.map((r) => `${String(r.method)} ${r.url}`)).toEqual(['POST /api/op/:name']);
  });

  it('serves index.html for the app and the /v/ upgrade prefix', async () => {
    const root = await fetch(`${t.url}/`);
    const upgrade = await fetch(`${t.url}/v/`);

    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    expect(upgrade.status).toBe(200);
    expect(await upgrade.text()).toContain('<div id="root">');
  });
});

describe('operation access declarations', () => {
  it('registers exactly the operations contracts declare, each once', () => {
    const names = operations.map((o) => o.definition.name);

    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(declaredOperations.map((d) => d.name).sort());
  });

  it.each(operations.map((o) => [o.definition.name, o] as const))('%s declares a known access kind', (_name, op) => {
    const access = op.definition.access as { kind?: unknown } | undefined;

    expect(access).toBeDefined();
    expect(ACCESS_KINDS).toContain(access?.kind);
  });

  it.each(operations.map((o) => [o.definition.name, o] as const))(
    '%s names only capabilities of the catalogue, with a kind the catalogue grants',
    (_name, op) => {
      const access = op.definition.access;
      const catalogue = CAPABILITY_CATALOGUE as Record<string, { kinds: readonly string[] }>;

      if (access.kind === 'capability') {
        const entry = catalogue[access.capability.name];
        expect(entry, access.capability.name).toBeDefined();
        expect(entry?.kinds).toContain(access.capability.kind);
      }
      if (access.kind === 'anyCapability') {
        expect(access.capabilities.length).toBeGreaterThan(0);
        for (const capability of access.capabilities) {
          expect(catalogue[capability.name], capability.name).toBeDefined();
          expect(catalogue[capability.name]?.kinds).toContain(capability.kind);
        }
      }
      if (access.kind === 'accountType') {
        for (const name of ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map(
          (t) => `${t}_ACCOUNT` as CapabilityName,
        )) {
          expect(CAPABILITY_CATALOGUE[name].kinds as readonly string[], name).toContain(access.permission);
        }
      }
    },
  );

  it.each(operations.filter((o) => o.definition.access.kind !== 'public').map((o) => [o.definition.name] as const))(
    '%s refuses a caller without a session',
    async (name) => {
      const res = await fetch(`${t.url}/api/op/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: 1, views: {}, confirmation: true }),
      });

      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('UNAUTHENTICATED');
    },
  );
});

describe('health, readiness and API documentation', () => {
  it('answers /healthz with ok', async () => {
    const res = await fetch(`${t.url}/healthz`);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with the database it reached', async () => {
    const res = await fetch(`${t.url}/readyz`);

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready', database: t.db.kind });
  });

  it('serves an OpenAPI 3.1 document with a POST path per operation', async () => {
    const res = await fetch(`${t.url}/api/openapi.json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, { post?: { operationId: string } }> };

    expect(res.status).toBe(200);
    expect(doc.openapi).toBe('3.1.0');
    // The explicit routes are there too (see the route walk below); the operations are one path each.
    expect(
      Object.keys(doc.paths)
        .filter((path) => path.startsWith('/api/op/'))
        .sort(),
    ).toEqual(operations.map((o) => `/api/op/${o.definition.name}`).sort());
    for (const op of operations) {
      expect(doc.paths[`/api/op/${op.definition.name}`]?.post?.operationId).toBe(op.definition.name);
    }
  });

  it('serves an HTML API reference listing every operation', async () => {
    const res = await fetch(`${t.url}/api/docs`);
    const html = await res.text();

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    for (const op of operations) {
      expect(html).toContain(`<h2>${op.definition.name}</h2>`);
      expect(html).toContain(`POST /api/op/${op.definition.name}`);
    }
  });

  it('answers an unknown API path with a problem+json 404', async () => {
    const res = await fetch(`${t.url}/api/nothing-here`);

    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
  });
});

describe('the OpenAPI document holds every route with its security', () => {
  it('walks the registered routes: each method and path is in /api/openapi.json, explicit routes with their security', async () => {
    const { openApiPath } = await import('../../src/platform/http/openapi.js');
    const doc = (await (await fetch(`${t.url}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    const missing: string[] = [];
    const wrongSecurity: string[] = [];
    for (const route of t.app.routeTable) {
      const config = (route.config ?? {}) as { operations?: unknown; session?: unknown; embedToken?: unknown };
      if (config.operations === true) continue;
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        const entry = doc.paths[openApiPath(route.url)]?.[String(method).toLowerCase()];
        if (!entry) {
          missing.push(`${String(method)} ${route.url}`);
          continue;
        }
        const expected = config.session === true ? [{ session: [] }] : config.embedToken === true ? [{ embedToken: [] }] : [];
        if (JSON.stringify(entry.security) !== JSON.stringify(expected)) wrongSecurity.push(`${String(method)} ${route.url}`);
      }
    }

    expect(missing).toEqual([]);
    expect(wrongSecurity).toEqual([]);
    for (const path of ['/keeper/upload', '/keeper/download/{path}', '/api/embed/data'])
      expect(Object.keys(doc.paths)).toContain(path);
    expect(doc.paths['/keeper/upload']?.post?.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/embed/data']?.get?.security).toEqual([{ embedToken: [] }]);
    expect(doc.components.securitySchemes.embedToken).toEqual({ type: 'http', scheme: 'bearer' });
    for (const op of operations) expect(doc.paths[`/api/op/${op.definition.name}`]?.post).toBeDefined();
  });
});
