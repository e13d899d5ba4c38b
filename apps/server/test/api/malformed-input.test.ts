import { operations } from '@portal/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STANDARD_ROLES } from '../../src/seed/roles.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';

/**
 * Issue 14: generated malformed bodies sent to every operation of the OpenAPI document, as a provider
 * administrator who holds every capability (so no refusal hides a crash): never a 5xx, never a hang, and a
 * refused request writes nothing (no audit row). Bodies: non-objects, control characters in the
 * operation's own fields, values of the wrong type, and long strings.
 */

let t: TestApp;
let admin: { username: string };
let client: ApiClient;
const RUNS_PER_OPERATION = 8;
/** Operations that end the caller's session when a generated body happens to be valid. */
const SIGNS_OUT = new Set(['Logout', 'StopImpersonation']);

beforeAll(async () => {
  t = await buildTestApp();
  const provider = await makeAccount(t.db, { type: 'Provider', parentId: null });
  await makeAccount(t.db, { type: 'Reseller', parentId: provider });
  admin = await makeUser(t.db, { parentId: provider, capabilities: STANDARD_ROLES['Provider administrator']!.capabilities });
  client = await new ApiClient(t.url).signIn(admin.username);
});
afterAll(() => t.close());

/** The top-level field names an operation's input declares, when it is an object schema. */
function fieldNames(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

const control = fc.constantFrom('\u0000', '\u0001', '\u0007', '\u001b', '\u007f');
const badString = fc
  .tuple(fc.string({ maxLength: 20 }), control, fc.string({ maxLength: 20 }))
  .map(([a, c, b]) => `${a}${c}${b}`);
const wrongValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  fc.string({ minLength: 0, maxLength: 5 }).map((s) => s.repeat(50_000)),
);

/** Bodies no operation accepts: not an object, a control character in a field, or fields of the wrong type. */
function malformedBodies(fields: string[]): fc.Arbitrary<string> {
  const key =
    fields.length > 0 ? fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 12 })) : fc.string({ maxLength: 12 });
  return fc.oneof(
    fc.constantFrom('null', '[]', '[{}]', '5', '"text"', 'true', '{"a":', '{}}', ''),
    fc.dictionary(key, badString, { minKeys: 1, maxKeys: 4 }).map((o) => JSON.stringify(o)),
    fc
      .record({ field: key, nested: fc.dictionary(fc.string({ maxLength: 6 }), badString, { minKeys: 1, maxKeys: 2 }) })
      .map(({ field, nested }) => JSON.stringify({ [field]: nested })),
    fields.length > 0
      ? fc
          .dictionary(fc.constantFrom(...fields), wrongValue, { minKeys: 1, maxKeys: fields.length })
          .map((o) => JSON.stringify(o))
      : fc.constant('{"x":[1,{"y":null}]}'),
  );
}

async function auditCount() {
  const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_log');
  return row!.n;
}

async function send(name: string, body: string) {
  const res = await fetch(`${t.url}/api/op/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie ?? '' },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.text();
  return res.status;
}

describe('malformed input to every operation (issue 14)', () => {
  it('answers every generated malformed body with a 4xx in time and writes nothing', async () => {
    const openApi = await (await fetch(`${t.url}/api/openapi.json`)).json();
    const documented = Object.keys(openApi.paths as Record<string, unknown>)
      .filter((p) => p.startsWith('/api/op/'))
      .map((p) => p.slice('/api/op/'.length));
    expect(documented.length).toBeGreaterThan(50);
    const byName = new Map(operations.map((o) => [o.name, o]));
    const failures: string[] = [];

    for (const name of documented) {
      const definition = byName.get(name);
      const bodies = fc.sample(malformedBodies(definition ? fieldNames(definition.input) : []), {
        numRuns: RUNS_PER_OPERATION,
        seed: 20261125,
      });
      for (const body of bodies) {
        const before = await auditCount();
        let status: number;
        try {
          status = await send(name, body);
        } catch (error) {
          failures.push(`${name} ${body.slice(0, 80)}: ${String(error)}`);
          continue;
        }
        if (status >= 500) failures.push(`${name} ${body.slice(0, 80)}: ${status}`);
        if (status >= 400 && (await auditCount()) !== before) failures.push(`${name} ${body.slice(0, 80)}: wrote an audit row`);
        if (status === 401 || SIGNS_OUT.has(name)) client = await new ApiClient(t.url).signIn(admin.username);
      }
    }

    expect(failures).toEqual([]);
  }, 300_000);
});
