import { type AccountType, LoadAccountById, refusalMessage, type TreeNode } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOrder } from '../../src/domains/orders/orders.repository.js';
import { requiredCapabilities } from '../../src/platform/operations/operation-layer.js';
import { buildTestApp, type TestApp } from '../build-test-app.js';
import { makeAccount, makeUser, READ_ALL, UPDATE_ALL } from '../factories/accounts.js';
import { ApiClient } from '../factories/client.js';
import { createService, SERVICE_TOOL_ALL, serviceInput } from '../factories/services.js';

/**
 * The isolation matrix: every caller x every account x every account operation. A caller sees
 * and touches only its own organisation's subtree; outside it, an account looks exactly like
 * one that does not exist.
 */

const MISSING_ID = 999_999;

/** The tree under test, parents before children. */
const TREE: { name: string; parent: string | null; type: AccountType }[] = [
  { name: 'P', parent: null, type: 'Provider' },
  { name: 'R1', parent: 'P', type: 'Reseller' },
  { name: 'R2', parent: 'P', type: 'Reseller' },
  { name: 'C1a', parent: 'R1', type: 'Company' },
  { name: 'C1b', parent: 'R1', type: 'Company' },
  { name: 'C2', parent: 'R2', type: 'Company' },
  ...['C1a', 'C1b', 'C2'].flatMap((c) => [
    { name: `${c} department`, parent: c, type: 'Department' as const },
    { name: `${c} user`, parent: `${c} department`, type: 'User' as const },
    { name: `${c} product`, parent: c, type: 'Product' as const },
  ]),
];

/** Each caller is an admin user directly under its organisation, holding every account capability. */
const CALLERS = [
  { caller: 'provider admin', root: 'P' },
  { caller: 'R1 admin', root: 'R1' },
  { caller: 'R2 admin', root: 'R2' },
  { caller: 'C1a admin', root: 'C1a' },
  { caller: 'C1b admin', root: 'C1b' },
  { caller: 'C2 admin', root: 'C2' },
] as const;
type CallerName = (typeof CALLERS)[number]['caller'];

/** What each caller may reach, spelt out rather than computed. */
const SCOPE: Record<CallerName, string[]> = {
  'provider admin': TREE.map((a) => a.name),
  'R1 admin': ['R1', 'C1a', 'C1b', ...['C1a', 'C1b'].flatMap((c) => [`${c} department`, `${c} user`, `${c} product`])],
  'R2 admin': ['R2', 'C2', 'C2 department', 'C2 user', 'C2 product'],
  'C1a admin': ['C1a', 'C1a department', 'C1a user', 'C1a product'],
  'C1b admin': ['C1b', 'C1b department', 'C1b user', 'C1b product'],
  'C2 admin': ['C2', 'C2 department', 'C2 user', 'C2 product'],
};

/** What the job, outbox and credentials operations need, held by every caller so only the scope decides. */
const JOB_CAPABILITIES = ['USER_EXPORT_EXECUTE', 'OUTBOX_READ'];

const OPERATIONS = ['LoadAccountById', 'UpdateAccount', 'GetPartialCompanyHierarchy', 'ListAccountSubtree'] as const;
type OperationName = (typeof OPERATIONS)[number];

let t: TestApp;
const ids = new Map<string, number>();
const clients = new Map<CallerName, ApiClient>();
let renameCount = 0;

const idOf = (name: string) => {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`no account named ${name}`);
  return id;
};
const clientOf = (caller: CallerName) => {
  const client = clients.get(caller);
  if (!client) throw new Error(`${caller} is not signed in`);
  return client;
};
const parentOf = (name: string) =>
  TREE.find((a) => a.name === name)?.parent ?? CALLERS.find((c) => c.caller === name)?.root ?? null;

/** The chain of account names from the top of the tree down to and including `name`. */
function chainOf(name: string): string[] {
  const chain: string[] = [];
  for (let n: string | null = name; n !== null; n = parentOf(n)) chain.unshift(n);
  return chain;
}

/** Every account (admins included) strictly below `root`. */
function descendantsOf(root: string): string[] {
  const all = [...TREE.map((a) => a.name), ...CALLERS.map((c) => c.caller)];
  return all.filter((n) => n !== root && chainOf(n).includes(root));
}

function inputFor(op: OperationName, id: number) {
  switch (op) {
    case 'LoadAccountById':
      return { id };
    case 'UpdateAccount':
      renameCount++;
      return { id, views: { Default: { Values: { DisplayName: `Renamed ${renameCount}` } } } };
    case 'GetPartialCompanyHierarchy':
      return { id, depth: 1 };
    case 'ListAccountSubtree':
      return { id, limit: 50 };
  }
}

/** A problem body without what differs on every request. */
function comparable(body: unknown) {
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const a of TREE) {
    ids.set(
      a.name,
      await makeAccount(t.db, { type: a.type, parentId: a.parent === null ? null : idOf(a.parent), displayName: a.name }),
    );
  }
  for (const { caller, root } of CALLERS) {
    const user = await makeUser(t.db, {
      parentId: idOf(root),
      capabilities: [...READ_ALL, ...UPDATE_ALL, ...JOB_CAPABILITIES],
      displayName: caller,
    });
    ids.set(caller, user.id);
    clients.set(caller, await new ApiClient(t.url).signIn(user.username));
  }
});
afterAll(() => t.close());

/** Signs in, for every caller, a new user at the caller's root with `capabilities`, into `clients`. */
async function signInCallers(clients: Map<string, ApiClient>, capabilities: readonly string[], label: string) {
  for (const { caller, root } of CALLERS) {
    const user = await makeUser(t.db, {
      parentId: idOf(root),
      capabilities: [...capabilities],
      displayName: `${caller} (${label})`,
    });
    clients.set(caller, await new ApiClient(t.url).signIn(user.username));
  }
}

const MATRIX = CALLERS.flatMap(({ caller }) =>
  TREE.flatMap(({ name: target }) =>
    OPERATIONS.map((op) => ({
      caller,
      target,
      op,
      inside: SCOPE[caller].includes(target),
    })),
  ),
);

describe('the isolation matrix', () => {
  it('covers every caller, account and operation', () => {
    expect(MATRIX).toHaveLength(CALLERS.length * TREE.length * OPERATIONS.length);
    expect(MATRIX.filter((row) => row.inside).length).toBeGreaterThan(0);
    expect(MATRIX.filter((row) => !row.inside).length).toBeGreaterThan(0);
  });

  it.each(MATRIX.filter((row) => row.inside))('$caller may call $op on $target', async ({ caller, target, op }) => {
    const client = clientOf(caller);

    const res = await (op === 'UpdateAccount'
      ? client.edit(op, inputFor(op, idOf(target)))
      : client.op(op, inputFor(op, idOf(target))));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (op === 'LoadAccountById' || op === 'UpdateAccount') expect(res.body.AccountIdentificator).toBe(idOf(target));
    if (op === 'GetPartialCompanyHierarchy') expect(res.body.AccountId).toBe(idOf(target));
    if (op === 'ListAccountSubtree') expect(Array.isArray(res.body.Items)).toBe(true);
  });

  it.each(MATRIX.filter((row) => !row.inside))(
    '$caller gets the same 404 from $op on $target as for an id that does not exist',
    async ({ caller, target, op }) => {
      const client = clientOf(caller);
      const [before] = await t.db.query<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [
        idOf(target),
      ]);

      const foreign = await (op === 'UpdateAccount'
        ? client.edit(op, inputFor(op, idOf(target)))
        : client.op(op, inputFor(op, idOf(target))));
      const missing = await (op === 'UpdateAccount'
        ? client.edit(op, inputFor(op, MISSING_ID))
        : client.op(op, inputFor(op, MISSING_ID)));

      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get('content-type')).toBe(missing.headers.get('content-type'));
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
      expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(missing.body).sort());
      const [after] = await t.db.query<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [
        idOf(target),
      ]);
      expect(after?.display_name).toBe(before?.display_name);
    },
  );
});

describe('listing stays inside the caller scope', () => {
  function flatten(node: TreeNode): number[] {
    return [node.AccountId, ...node.Children.flatMap(flatten)];
  }

  it.each(CALLERS)(
    '$caller gets exactly its own subtree from GetPartialCompanyHierarchy of its organisation',
    async ({ caller, root }) => {
      const client = clientOf(caller);
      const allowed = new Set([root, ...descendantsOf(root)].map(idOf));

      const res = await client.op<TreeNode>('GetPartialCompanyHierarchy', { id: idOf(root), depth: 5, childLimit: 500 });

      expect(res.status).toBe(200);
      const returned = flatten(res.body);
      expect(returned.filter((id) => !allowed.has(id))).toEqual([]);
      expect(new Set(returned)).toEqual(allowed);
    },
  );

  it.each(CALLERS)(
    '$caller gets exactly its own descendants from ListAccountSubtree of its organisation',
    async ({ caller, root }) => {
      const client = clientOf(caller);
      const allowed = new Set(descendantsOf(root).map(idOf));

      const res = await client.op('ListAccountSubtree', { id: idOf(root), limit: 500 });

      expect(res.status).toBe(200);
      const returned: number[] = res.body.Items.map((i: { AccountId: number }) => i.AccountId);
      expect(returned.filter((id) => !allowed.has(id))).toEqual([]);
      expect(new Set(returned)).toEqual(allowed);
      expect(res.body.NextCursor).toBeNull();
    },
  );

  const loads = CALLERS.flatMap(({ caller, root }) => SCOPE[caller].map((target) => ({ caller, root, target })));

  it.each(loads)('$caller sees the Hierarchy of $target start at its own organisation', async ({ caller, root, target }) => {
    const client = clientOf(caller);
    const chain = chainOf(target);
    const expected = chain.slice(chain.indexOf(root)).map(idOf);

    const res = await client.op('LoadAccountById', { id: idOf(target) });

    expect(res.status).toBe(200);
    const hierarchy: number[] = res.body.Hierarchy.map((h: { AccountId: number }) => h.AccountId);
    expect(hierarchy).toEqual(expected);
    expect(res.body.AccountPath).toBe(expected.join('/'));
    const above = chain.slice(0, chain.indexOf(root)).map(idOf);
    expect(hierarchy.filter((id) => above.includes(id))).toEqual([]);
  });
});

describe('scope comes before capabilities', () => {
  it('answers 404, not 403, when a caller without capabilities touches a foreign account', async () => {
    const { username } = await makeUser(t.db, { parentId: idOf('C2'), capabilities: [] });
    const client = await new ApiClient(t.url).signIn(username);

    const foreign = await client.op('LoadAccountById', { id: idOf('C1a') });
    const missing = await client.op('LoadAccountById', { id: MISSING_ID });
    const own = await client.op('LoadAccountById', { id: idOf('C2') });

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    expect(own.status).toBe(403);
  });

  it('LoadAccountById, whose page statement is the guard lookup (decision 0063), refuses as the guard does: the 404 of any guarded operation, the 403 naming the capability', async () => {
    const { username } = await makeUser(t.db, { parentId: idOf('C2'), capabilities: [] });
    const client = await new ApiClient(t.url).signIn(username);

    const loadForeign = await client.op('LoadAccountById', { id: idOf('C1a') });
    const listForeign = await client.op('ListAccountSubtree', { id: idOf('C1a'), limit: 1 });
    const loadOwn = await client.op('LoadAccountById', { id: idOf('C2') });

    expect(loadForeign.status).toBe(404);
    expect(comparable(loadForeign.body)).toEqual(comparable(listForeign.body));
    expect(loadOwn.status).toBe(403);
    expect(loadOwn.body.code).toBe('FORBIDDEN');
    expect(loadOwn.body.detail).toBe(
      refusalMessage(requiredCapabilities(LoadAccountById.access, { id: idOf('C2'), type: 'Company', path: '/' }) ?? []),
    );
  });

  it('a page kept for one caller (decision 0069) is never served to a caller outside its scope or without the capability', async () => {
    const provider = clientOf('provider admin');
    const c2 = clientOf('C2 admin');
    const { username } = await makeUser(t.db, { parentId: idOf('C1a'), capabilities: [] });
    const bare = await new ApiClient(t.url).signIn(username);
    // Kept for the provider admin: read twice, the second answer served without a statement.
    for (let i = 0; i < 2; i++) expect((await provider.op('LoadAccountById', { id: idOf('C1a') })).status).toBe(200);

    const foreign = await c2.op('LoadAccountById', { id: idOf('C1a') });
    const missing = await c2.op('LoadAccountById', { id: MISSING_ID });
    const withoutCapability = await bare.op('LoadAccountById', { id: idOf('C1a') });

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    expect(withoutCapability.status).toBe(403);
  });

  it('refuses a cursor minted in a foreign subtree as if it were any other list', async () => {
    const provider = clientOf('provider admin');
    const c2 = clientOf('C2 admin');
    const page = await provider.op('ListAccountSubtree', { id: idOf('C1a'), limit: 1 });

    const res = await c2.op('ListAccountSubtree', { id: idOf('C2'), cursor: page.body.NextCursor, limit: 1 });

    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: 'cursor', message: 'This cursor belongs to another list' }]);
  });
});

/**
 * Notes [A2.50], [A7.8]: each organisation has a notes user; a note is reachable only by the
 * organisation that wrote it, about an account inside its scope other than itself. Outside the
 * scope, and for another organisation's note, the answer is the same 404 as for a missing one.
 */
describe('[A2.50] the notes isolation matrix', () => {
  const NOTE_CAPS = ['ACCOUNT_NOTES_READ', 'ACCOUNT_NOTES_CREATE', 'ACCOUNT_NOTES_UPDATE', 'ACCOUNT_NOTES_DELETE'];
  const NOTED = ['P', 'R1', 'R2', 'C1a', 'C1b', 'C2'];
  const notesClients = new Map<string, ApiClient>();
  /** Notes by organisation, then by the account they are about: note ids. */
  const notes: { org: string; target: string; id: string; version: number }[] = [];
  const notesClientOf = (org: string) => {
    const client = notesClients.get(org);
    if (!client) throw new Error(`no notes user in ${org}`);
    return client;
  };
  const canWrite = (org: string, target: string) =>
    target !== org && SCOPE[CALLERS.find((c) => c.root === org)!.caller].includes(target);

  beforeAll(async () => {
    for (const { root } of CALLERS) {
      const user = await makeUser(t.db, { parentId: idOf(root), capabilities: [...READ_ALL, ...NOTE_CAPS] });
      notesClients.set(root, await new ApiClient(t.url).signIn(user.username));
    }
    for (const { root } of CALLERS) {
      for (const target of NOTED.filter((n) => canWrite(root, n) && n !== 'P')) {
        const res = await notesClientOf(root).op('AddAccountNote', { accountId: idOf(target), text: `${root} about ${target}` });
        if (res.status !== 200) throw new Error(`seeding a note failed: ${JSON.stringify(res.body)}`);
        notes.push({ org: root, target, id: res.body.Id, version: res.body.Version });
      }
    }
  });

  const accountRows = CALLERS.flatMap(({ root }) =>
    NOTED.flatMap((target) => (['GetAccountNotes', 'AddAccountNote'] as const).map((op) => ({ org: root, target, op }))),
  );

  it.each(accountRows)(
    '$org on $op of $target: inside, own or the same 404 as a missing account',
    async ({ org, target, op }) => {
      const client = notesClientOf(org);
      const input = (accountId: number) => (op === 'GetAccountNotes' ? { accountId } : { accountId, text: 'matrix' });

      const res = await client.op(op, input(idOf(target)));

      const inside = SCOPE[CALLERS.find((c) => c.root === org)!.caller].includes(target);
      if (!inside) {
        const missing = await client.op(op, input(MISSING_ID));
        expect(res.status).toBe(404);
        expect(comparable(res.body)).toEqual(comparable(missing.body));
      } else if (target === org) {
        expect(res.status).toBe(403);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      if (op === 'GetAccountNotes' && res.status === 200) {
        const texts: string[] = res.body.Items.map((n: { Note: string }) => n.Note);
        expect(texts.every((text) => text === 'matrix' || text.startsWith(`${org} about`))).toBe(true);
      }
    },
  );

  it('covers notes of every organisation that can write one', () => {
    expect(new Set(notes.map((n) => n.org))).toEqual(new Set(['P', 'R1', 'R2']));
  });

  const noteRows = CALLERS.flatMap(({ root }) => ['P', 'R1', 'R2'].map((author) => ({ org: root, author })));

  it.each(noteRows)('$org reaches notes written by $author only when it wrote them', async ({ org, author }) => {
    const client = notesClientOf(org);
    const written = notes.filter((n) => n.org === author);
    const missingUpdate = await client.op('UpdateAccountNote', { id: '999999999', text: 'x', version: 1 });
    const missingDelete = await client.op('DeleteAccountNote', { id: '999999999' });

    for (const note of written) {
      const res = await client.op('UpdateAccountNote', {
        id: note.id,
        text: `${author} about ${note.target}`,
        version: note.version,
      });
      if (org === author) {
        expect(res.status).toBe(200);
        note.version = res.body.Version;
      } else {
        expect(res.status).toBe(404);
        expect(comparable(res.body)).toEqual(comparable(missingUpdate.body));
        const del = await client.op('DeleteAccountNote', { id: note.id });
        expect(del.status).toBe(404);
        expect(comparable(del.body)).toEqual(comparable(missingDelete.body));
      }
    }
    const [left] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM account_notes WHERE id = ANY($1::bigint[])', [
      written.map((n) => n.id),
    ]);
    expect(left?.n).toBe(written.length);
  });
});

/**
 * The same matrix for the service catalogue: each organisation owns a service made by its own service
 * administrator; a caller reaches the services whose owner lies inside its organisation's subtree.
 */
describe('services stay inside the owner scope', () => {
  const OWNERS = ['P', 'R1', 'R2', 'C1a', 'C1b', 'C2'] as const;
  const SERVICE_OPERATIONS = [
    'GetService',
    'ExportService',
    'GetServiceDescriptions',
    'UpdateService',
    'GetServiceDraft',
    'SaveServiceDraft',
    'DeleteServiceDraft',
  ] as const;
  const serviceAdmins = new Map<string, ApiClient>();
  const serviceOf = (owner: string) => `Isolation service of ${owner}`;
  let renames = 0;

  beforeAll(async () => {
    for (const owner of OWNERS) {
      const user = await makeUser(t.db, { parentId: idOf(owner), capabilities: SERVICE_TOOL_ALL });
      const client = await new ApiClient(t.url).signIn(user.username);
      serviceAdmins.set(owner, client);
      await createService(t.db, client, serviceInput(serviceOf(owner)));
    }
  });

  const rows = CALLERS.flatMap(({ caller, root }) =>
    OWNERS.flatMap((owner) =>
      SERVICE_OPERATIONS.map((op) => ({ caller, root, owner, op, inside: SCOPE[caller].includes(owner) })),
    ),
  );
  const input = (op: string, name: string) =>
    op === 'UpdateService'
      ? { ServiceName: name, DisplayName: `Renamed ${++renames}` }
      : op === 'SaveServiceDraft'
        ? { ServiceName: name, Data: serviceInput(name), Version: 0 }
        : op === 'DeleteServiceDraft'
          ? { ServiceName: name, Version: 0 }
          : { ServiceName: name };

  it('covers every caller, owner and service operation', () => {
    expect(rows).toHaveLength(CALLERS.length * OWNERS.length * SERVICE_OPERATIONS.length);
  });

  it.each(rows.filter((r) => r.inside))('$caller may call $op on the service of $owner', async ({ root, owner, op }) => {
    const client = serviceAdmins.get(root) as ApiClient;
    // A draft is saved and dismissed over the Version its window read (decision 0036).
    const draft =
      op === 'SaveServiceDraft' || op === 'DeleteServiceDraft'
        ? (await client.op('GetServiceDraft', { ServiceName: serviceOf(owner) })).body.Draft
        : null;

    const res = await (op === 'UpdateService'
      ? client.edit(op, input(op, serviceOf(owner)))
      : client.op(op, { ...input(op, serviceOf(owner)), ...(draft ? { Version: draft.Version } : {}) }));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op on the service of $owner as for a missing service',
    async ({ root, owner, op }) => {
      const client = serviceAdmins.get(root) as ApiClient;

      const foreign = await (op === 'UpdateService'
        ? client.edit(op, input(op, serviceOf(owner)))
        : client.op(op, input(op, serviceOf(owner))));
      const missing = await (op === 'UpdateService'
        ? client.edit(op, input(op, 'No such service'))
        : client.op(op, input(op, 'No such service')));

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  it.each(CALLERS)('$caller lists exactly the services of its own subtree', async ({ caller, root }) => {
    const client = serviceAdmins.get(root) as ApiClient;

    const res = await client.op('ListServices', { Search: 'Isolation service', Limit: 100 });

    const expected = OWNERS.filter((o) => SCOPE[caller].includes(o))
      .map(serviceOf)
      .sort();
    expect(res.body.Services.map((s: { ServiceName: string }) => s.ServiceName).sort()).toEqual(expected);
  });
});

/** A valid single sign-on provider, so only the scope decides the answer. */
const SSO_PROVIDER = {
  Name: 'Isolation login',
  Issuer: 'https://login.isolation.example',
  ClientId: 'portal',
  ClientSecret: 'isolation-secret',
  Scopes: 'openid email',
  UsernameClaim: 'email',
  Enabled: true,
  EmailDomains: [],
  Usernames: [],
};

describe('access operations stay inside the caller scope [A6.8] [A2.19] [A2.20]', () => {
  const ACCESS_OPERATIONS = [
    { op: 'Impersonate', input: (id: number) => ({ id }) },
    { op: 'ListUserSessions', input: (id: number) => ({ accountId: id }) },
    { op: 'RevokeUserSession', input: (id: number) => ({ accountId: id, sessionId: 'abc' }) },
    { op: 'GetUserSecurity', input: (id: number) => ({ accountId: id }) },
    { op: 'DisableMfa', input: (id: number) => ({ accountId: id }) },
    { op: 'GetSecuritySettings', input: (id: number) => ({ accountId: id }) },
    {
      op: 'UpdateSecuritySettings',
      input: (id: number) => ({
        accountId: id,
        MinLength: 20,
        RequiredClasses: [],
        ExpiryDays: null,
        MfaRequired: true,
        Version: 0,
      }),
    },
    { op: 'ListIdentityProviders', input: (id: number) => ({ accountId: id }) },
    { op: 'CreateIdentityProvider', input: (id: number) => ({ accountId: id, ...SSO_PROVIDER }) },
    { op: 'UpdateIdentityProvider', input: (id: number) => ({ accountId: id, Id: 1, ...SSO_PROVIDER, Version: 1 }) },
    { op: 'DeleteIdentityProvider', input: (id: number) => ({ accountId: id, Id: 1 }) },
  ] as const;
  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => (a.type === 'User' || a.type === 'Company') && !SCOPE[caller].includes(a.name)).flatMap((a) =>
      ACCESS_OPERATIONS.map((o) => ({ caller, target: a.name, op: o.op, input: o.input })),
    ),
  );

  it.each(rows)('$caller gets the same 404 from $op on $target as for a missing id', async ({ caller, target, op, input }) => {
    const client = clientOf(caller);

    const foreign = await client.op(op, input(idOf(target)));
    const missing = await client.op(op, input(MISSING_ID));

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });

  it('changed no foreign security policy', async () => {
    expect(await t.db.query('SELECT account_id FROM security_policies')).toEqual([]);
  });

  it('created, changed and removed no identity provider of another organisation', async () => {
    expect(await t.db.query('SELECT id FROM identity_providers')).toEqual([]);
  });
});

describe('jobs, outbox and credentials stay inside the caller scope', () => {
  const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
  const jobOf = new Map<string, string>();
  const mailOf = new Map<string, string>();

  /** [A7.11] The operations that start jobs, with the account types they work on. */
  const ACCOUNT_JOB_OPERATIONS = [
    { op: 'SendUserFirstTimePassword', types: ['User'], input: (id: number) => ({ id }) },
    { op: 'SendUsersFirstTimePasswordForCompany', types: ['Company', 'Reseller'], input: (id: number) => ({ id }) },
    { op: 'ExportUserCredentials', types: ['Company', 'Reseller'], input: (id: number) => ({ companyIds: [id] }) },
    { op: 'GenerateCompanyHierarchy', types: ['Company', 'Reseller'], input: (id: number) => ({ accountId: id }) },
  ];

  beforeAll(async () => {
    const { enqueueJob } = await import('../../src/platform/jobs/index.js');
    const { sendMail } = await import('../../src/platform/mail/index.js');
    // The tree's users get a username and an address, so sending them credentials can succeed.
    await t.db.query(
      "UPDATE accounts SET username = 'iso.user.' || id, email = 'iso.user.' || id || '@example.com' WHERE id = ANY($1::int[])",
      [TREE.filter((a) => a.type === 'User').map((a) => idOf(a.name))],
    );
    for (const a of TREE) {
      jobOf.set(
        a.name,
        await enqueueJob(t.db, {
          type: 'isolation.probe',
          payload: {},
          createdBy: idOf('provider admin'),
          accountId: idOf(a.name),
        }),
      );
      if (a.type === 'User') {
        const sent = await t.db.transaction((tx) =>
          sendMail(tx, {
            to: `iso.user.${idOf(a.name)}@example.com`,
            subject: `To ${a.name}`,
            text: 'x',
            accountId: idOf(a.name),
            kind: 'OrderPlaced',
          }),
        );
        mailOf.set(a.name, sent.messageId);
      }
    }
  });

  const accountRows = CALLERS.flatMap(({ caller }) =>
    ACCOUNT_JOB_OPERATIONS.flatMap(({ op, types, input }) =>
      TREE.filter((a) => types.includes(a.type)).map(({ name: target }) => ({
        caller,
        target,
        op,
        input,
        inside: SCOPE[caller].includes(target),
      })),
    ),
  );

  it.each(accountRows.filter((r) => r.inside))('$caller may call $op on $target', async ({ caller, target, op, input }) => {
    const res = await clientOf(caller).op(op, input(idOf(target)));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(accountRows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op on $target as for an id that does not exist',
    async ({ caller, target, op, input }) => {
      const jobsBefore = await t.db.query('SELECT id FROM jobs');

      const foreign = await clientOf(caller).op(op, input(idOf(target)));
      const missing = await clientOf(caller).op(op, input(MISSING_ID));

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
      expect(await t.db.query('SELECT id FROM jobs')).toHaveLength(jobsBefore.length);
    },
  );

  const readRows = CALLERS.flatMap(({ caller }) => [
    ...TREE.map(({ name: target }) => ({ caller, target, op: 'GetJob', inside: SCOPE[caller].includes(target) })),
    ...TREE.filter((a) => a.type === 'User').map(({ name: target }) => ({
      caller,
      target,
      op: 'GetOutboxMessage',
      inside: SCOPE[caller].includes(target),
    })),
  ]);
  const idFor = (op: string, target: string) => (op === 'GetJob' ? jobOf.get(target) : mailOf.get(target));

  it.each(readRows.filter((r) => r.inside))('$caller may read with $op what concerns $target', async ({ caller, target, op }) => {
    const res = await clientOf(caller).op(op, { id: idFor(op, target) });

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(readRows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op for $target as for an id that does not exist',
    async ({ caller, target, op }) => {
      const foreign = await clientOf(caller).op(op, { id: idFor(op, target) });
      const missing = await clientOf(caller).op(op, { id: MISSING_UUID });

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  it.each(CALLERS)('$caller lists the outbox messages sent inside its own subtree and no others', async ({ caller }) => {
    const res = await clientOf(caller).op('ListOutboxMessages', { pageSize: 100 });

    const allowed = new Set(SCOPE[caller].map(idOf));
    const listed: { Id: string; AccountId: number }[] = res.body.Items;
    expect(listed.filter((i) => !allowed.has(i.AccountId))).toEqual([]);
    const seeded = [...mailOf.entries()].filter(([name]) => SCOPE[caller].includes(name)).map(([, id]) => id);
    expect(listed.map((i) => i.Id)).toEqual(expect.arrayContaining(seeded));
    expect(res.body.Total).toBe(listed.length);
  });
});

describe('[M7.22] a report is seen inside its owner subtree and above it, never by a sibling organisation', () => {
  // One report owned by each organisation, named after it.
  beforeAll(async () => {
    for (const { root } of CALLERS)
      await t.db.query(
        `INSERT INTO reports (id, workgroup_id, name, owner_account_id, pages)
         VALUES (gen_random_uuid(), gen_random_uuid(), $1, $2, '[]'::jsonb)`,
        [`Report of ${root}`, idOf(root)],
      );
  });
  const rows = CALLERS.flatMap(({ caller }) =>
    CALLERS.map(({ root }) => ({
      caller,
      owner: root,
      visible:
        SCOPE[caller].includes(root) ||
        SCOPE[CALLERS.find((c) => c.root === root)!.caller].includes(CALLERS.find((c) => c.caller === caller)!.root),
    })),
  );

  it.each(rows)('$caller sees the report of $owner: $visible', async ({ caller, owner, visible }) => {
    const client = clientOf(caller);
    const listed = (await client.op('ListReports')).body.Reports.map((r: { reportName: string }) => r.reportName);
    const opened = await client.op('ExecuteReport', { name: `Report of ${owner}` });
    const missing = await client.op('ExecuteReport', { name: 'Report of nobody' });

    expect(listed.includes(`Report of ${owner}`)).toBe(visible);
    expect(opened.status).toBe(visible ? 200 : 404);
    if (!visible) expect(comparable(opened.body)).toEqual(comparable(missing.body));
  });
});

describe('[S7.5] the orders dataset of an embed token holds only the orders of the caller subtree', () => {
  const products = ['C1a product', 'C1b product', 'C2 product'];
  // The orders dataset needs what the Orders page needs (ListOrders), so only the scope decides here.
  const orderReaders = new Map<string, ApiClient>();
  beforeAll(async () => {
    await signInCallers(orderReaders, [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ'], 'orders dataset');
    const { seedDemoReports } = await import('../../src/domains/reports/index.js');
    await seedDemoReports(t.db);
    for (const name of products)
      await t.db.query(
        `INSERT INTO orders (account_id, service_name, service_display_name, quantity, currency, monthly_purchase,
                             setup_purchase, status, placed_at)
         VALUES ($1, 'Isolation Service', 'Isolation Service', 1, 'EUR', 1, 0, 'Completed', now())`,
        [idOf(name)],
      );
  });

  it.each(CALLERS.map(({ caller }) => ({ caller })))('$caller sees the orders of its own subtree only', async ({ caller }) => {
    const { DEMO_ORDERS_REPORT_ID, DEMO_WORKGROUP_ID } = await import('../../src/domains/reports/index.js');
    const client = orderReaders.get(caller) as ApiClient;
    const token = await fetch(`${t.url}/api/powerbi/workgroups/${DEMO_WORKGROUP_ID}/reports/${DEMO_ORDERS_REPORT_ID}/token`, {
      headers: { cookie: client.cookie ?? '' },
    });
    const { embedToken } = (await token.json()) as { embedToken: string };
    const data = await fetch(`${t.url}/api/embed/data?reportId=${DEMO_ORDERS_REPORT_ID}&groupId=${DEMO_WORKGROUP_ID}`, {
      headers: { authorization: `Bearer ${embedToken}` },
    });
    const body = (await data.json()) as { datasets: { orders: { Link: string }[] } };

    const expected = products.filter((p) => SCOPE[caller].includes(p)).map((p) => `/#/Account/View/${idOf(p)}`);
    expect(body.datasets.orders.map((o) => o.Link).sort()).toEqual(expected.sort());
  });
});

describe('password reset links stay with the user they were sent to', () => {
  const usernameOf = async (caller: CallerName) => {
    const [row] = await t.db.query<{ username: string }>('SELECT username FROM accounts WHERE id = $1', [ids.get(caller)]);
    return row?.username ?? '';
  };
  const tokenFor = async (caller: CallerName) => {
    const [mail] = await t.db.query<{ body_text: string }>(
      'SELECT body_text FROM mail_outbox WHERE account_id = $1 ORDER BY created_at DESC LIMIT 1',
      [ids.get(caller)],
    );
    return decodeURIComponent(/#\/reset-password\/[^/\s]+\/(\S+)/.exec(mail?.body_text ?? '')?.[1] ?? '');
  };

  it("[M4.11] a link of one organisation's user does not set the password of another organisation's user", async () => {
    const own = await usernameOf('C1a admin');
    const foreign = await usernameOf('C2 admin');
    expect((await clientOf('C1a admin').op('RequestPasswordReset', { Username: own })).status).toBe(200);
    const token = await tokenFor('C1a admin');
    const input = { Token: token, Password: 'Other-Org-2026!', PasswordConfirmation: 'Other-Org-2026!' };

    const intoForeign = await clientOf('C1a admin').op('ResetPassword', { ...input, Username: foreign });
    const intoMissing = await clientOf('C1a admin').op('ResetPassword', { ...input, Username: 'no.such.user' });

    expect(intoForeign.status).toBe(422);
    expect(comparable(intoForeign.body)).toEqual(comparable(intoMissing.body));
    expect((await new ApiClient(t.url).op('Authenticate', { Username: foreign, Password: 'Other-Org-2026!' })).status).toBe(401);
  });
});

describe('the reset password custom action stays inside the caller scope [A6.19] [A7.5]', () => {
  const RESET_OPERATIONS = [
    { op: 'GetDefaultViewsForCustomAction', input: (id: number) => ({ accountId: id, action: 'RESET_PASSWORD' }) },
    {
      op: 'ExecuteCustomActionByConfirm',
      input: (id: number) => ({
        accountId: id,
        action: 'RESET_PASSWORD',
        views: {
          Action: {
            Values: { Method: 'SET_PASSWORD', NewPassword: 'Foreign-Reset-2026!', PasswordConfirmation: 'Foreign-Reset-2026!' },
          },
        },
        confirmation: true,
      }),
    },
    {
      op: 'ExecuteCustomActionByConfirm',
      input: (id: number) => ({
        accountId: id,
        action: 'RESET_PASSWORD',
        views: { Action: { Values: { Method: 'SEND_LINK' } } },
        confirmation: true,
      }),
    },
  ] as const;
  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'User' && !SCOPE[caller].includes(a.name)).flatMap((a) =>
      RESET_OPERATIONS.map((o) => ({ caller, target: a.name, op: o.op, input: o.input })),
    ),
  );

  it.each(rows)('$caller gets the same 404 from $op on $target as for a missing id', async ({ caller, target, op, input }) => {
    const client = clientOf(caller);

    const foreign = await client.op(op, input(idOf(target)));
    const missing = await client.op(op, input(MISSING_ID));

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });

  it('set no foreign password and sent no foreign link', async () => {
    const audit = await t.db.query(
      "SELECT id FROM audit_log WHERE operation = 'ExecuteCustomActionByConfirm' AND after->>'Action' = 'RESET_PASSWORD'",
    );
    expect(audit).toEqual([]);
  });
});

describe('[A2.18] [A7.11] provisioning requests stay inside the caller scope', () => {
  const PROVISIONING_OPS = [
    'GetAccountProvisioningRequests',
    'RetryAccountLastFailedProvisioningRequest',
    'RecreateProvisioningRequest',
  ] as const;
  type ProvisioningOp = (typeof PROVISIONING_OPS)[number];
  const provisioningClients = new Map<CallerName, ApiClient>();
  const input = (op: ProvisioningOp, id: number) =>
    op === 'GetAccountProvisioningRequests'
      ? { accountId: id }
      : op === 'RecreateProvisioningRequest'
        ? { id, confirmAccountId: id }
        : { id };

  beforeAll(async () => {
    await signInCallers(
      provisioningClients,
      [...READ_ALL, ...UPDATE_ALL, 'PROVISIONING_REQUEST_READ', 'PROVISIONING_REQUEST_CREATE'],
      'provisioning',
    );
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'Product').flatMap(({ name: target }) =>
      PROVISIONING_OPS.map((op) => ({ caller, target, op, inside: SCOPE[caller].includes(target) })),
    ),
  );

  it('covers every caller, service account and provisioning operation', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(rows.filter((r) => r.inside))('$caller reaches $op on $target', async ({ caller, target, op }) => {
    const res = await provisioningClients.get(caller)!.op(op, input(op, idOf(target)));
    // Inside the scope the operation runs: a list, or a refusal about the account's own requests.
    expect(res.status, JSON.stringify(res.body)).toBe(op === 'GetAccountProvisioningRequests' ? 200 : 409);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op on $target as for an id that does not exist',
    async ({ caller, target, op }) => {
      const client = provisioningClients.get(caller)!;
      const foreign = await client.op(op, input(op, idOf(target)));
      const missing = await client.op(op, input(op, MISSING_ID));
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );
});

describe('[A2.8] upgrading a subscription stays inside the caller scope', () => {
  const UPGRADE_OPERATIONS = [
    { op: 'GetSubscriptionUpgradeOptions', input: (id: number) => ({ accountId: id }) },
    {
      op: 'ExecuteCustomActionByConfirm',
      input: (id: number) => ({
        accountId: id,
        action: 'UPGRADE',
        views: { Action: { Values: { ServiceName: 'Any service' } } },
        confirmation: true,
      }),
    },
  ] as const;
  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'Product' && !SCOPE[caller].includes(a.name)).flatMap((a) =>
      UPGRADE_OPERATIONS.map((o) => ({ caller, target: a.name, op: o.op, input: o.input })),
    ),
  );

  it('covers a foreign service account for some caller', () => {
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(rows)('$caller gets the same 404 from $op on $target as for a missing id', async ({ caller, target, op, input }) => {
    const client = clientOf(caller);

    const foreign = await client.op(op, input(idOf(target)));
    const missing = await client.op(op, input(MISSING_ID));

    expect(foreign.status).toBe(404);
    expect(comparable(foreign.body)).toEqual(comparable(missing.body));
  });
});

describe('[A2.34] [A6.17] the price preview stays inside the caller scope', () => {
  const pricingClients = new Map<CallerName, ApiClient>();

  beforeAll(async () => {
    await signInCallers(
      pricingClients,
      [...READ_ALL, 'BILLING_SHOWPRODUCTPRICE_READ', 'BILLING_SHOWPRODUCTPRICE_MARGIN_READ'],
      'pricing',
    );
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'Product').map(({ name: target }) => ({
      caller,
      target,
      inside: SCOPE[caller].includes(target),
    })),
  );

  it('covers every caller and service account', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(rows.filter((r) => r.inside))('$caller previews the price of $target', async ({ caller, target }) => {
    const res = await pricingClients.get(caller)!.op('GetAccountPricePreview', { accountId: idOf(target) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.AccountId).toBe(idOf(target));
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from GetAccountPricePreview on $target as for an id that does not exist',
    async ({ caller, target }) => {
      const client = pricingClients.get(caller)!;
      const foreign = await client.op('GetAccountPricePreview', { accountId: idOf(target) });
      const missing = await client.op('GetAccountPricePreview', { accountId: MISSING_ID });
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );
});

describe('[A2.33] the Orders page lists only the orders of subscriptions inside the caller scope', () => {
  const orderClients = new Map<CallerName, ApiClient>();
  const orderOf = new Map<string, string>();
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);

  beforeAll(async () => {
    // The jobs earlier blocks queued (sending credentials resets passwords, say) run now, not in the middle of these.
    await t.app.jobs.runDue({});
    for (const [i, target] of products.entries()) {
      const order = await insertOrder(t.db, {
        accountId: idOf(target),
        companyId: null,
        resellerId: null,
        serviceName: 'Isolation',
        serviceDisplayName: 'Orders isolation probe',
        quantity: 1,
        currency: 'EUR',
        monthlySelling: '1',
        setupSelling: '0',
        purchaseCurrency: 'EUR',
        monthlyPurchase: '1',
        setupPurchase: '0',
        status: 'UnderReview',
        placedBy: null,
        placedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
      orderOf.set(target, order.orderNumber);
    }
    for (const [i, { caller, root }] of CALLERS.entries()) {
      const user = await makeUser(t.db, {
        parentId: idOf(root),
        capabilities: [...READ_ALL, i % 2 === 0 ? 'ORDER_MANAGEMENT_READ' : 'CREDITCHECK_COMPANYORDERS_READ'],
        displayName: `${caller} (orders)`,
      });
      orderClients.set(caller, await new ApiClient(t.url).signIn(user.username));
    }
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    products.map((target) => ({ caller, target, inside: SCOPE[caller].includes(target) })),
  );

  it('covers every caller and subscription, inside and outside', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(CALLERS.map((c) => c.caller))('%s lists exactly the orders of its own subscriptions', async (caller) => {
    // Other blocks of this file place orders too (upgrades); this block's orders are of its own service.
    const res = await orderClients.get(caller)!.op('ListOrders', { pageSize: 100, search: 'Orders isolation probe' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = products.filter((p) => SCOPE[caller].includes(p)).map((p) => orderOf.get(p));
    expect(res.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber).sort()).toEqual(expected.sort());
  });

  it.each(rows.filter((r) => r.inside))('$caller lists the orders of $target', async ({ caller, target }) => {
    const res = await orderClients.get(caller)!.op('ListOrders', { accountId: idOf(target), pageSize: 100 });
    expect(res.status).toBe(200);
    expect(res.body.Items.map((o: { OrderNumber: string }) => o.OrderNumber)).toContain(orderOf.get(target));
    expect(res.body.Items.every((o: { AccountId: number }) => o.AccountId === idOf(target))).toBe(true);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from ListOrders for $target as for an id that does not exist',
    async ({ caller, target }) => {
      const client = orderClients.get(caller)!;
      const foreign = await client.op('ListOrders', { accountId: idOf(target) });
      const missing = await client.op('ListOrders', { accountId: MISSING_ID });
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );
});

describe('an order is reviewed only by an organisation above its customer (decision 0032)', () => {
  const reviewClients = new Map<string, ApiClient>();
  const reviewOf = new Map<string, string>();
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);
  /** The customer of each product is the company it sits under; only organisations strictly above it review. */
  const REVIEWERS: Record<string, CallerName[]> = {
    'C1a product': ['provider admin', 'R1 admin'],
    'C1b product': ['provider admin', 'R1 admin'],
    'C2 product': ['provider admin', 'R2 admin'],
  };

  beforeAll(async () => {
    await signInCallers(reviewClients, [...READ_ALL, 'ORDER_MANAGEMENT_READ', 'ORDER_MANAGEMENT_UPDATE'], 'review');
    for (const [i, target] of products.entries()) {
      const order = await insertOrder(t.db, {
        accountId: idOf(target),
        companyId: null,
        resellerId: null,
        serviceName: 'Isolation',
        serviceDisplayName: 'Order review isolation probe',
        quantity: 1,
        currency: 'EUR',
        monthlySelling: '1',
        setupSelling: '0',
        purchaseCurrency: 'EUR',
        monthlyPurchase: '1',
        setupPurchase: '0',
        status: 'UnderReview',
        placedBy: null,
        placedAt: new Date(Date.UTC(2026, 1, 1 + i)),
      });
      reviewOf.set(target, order.orderNumber);
    }
  });

  const refused = CALLERS.flatMap(({ caller }) =>
    products.filter((target) => !REVIEWERS[target]?.includes(caller)).map((target) => ({ caller, target })),
  );

  it('covers callers outside the scope and the customer itself', () => {
    expect(refused.some((r) => !SCOPE[r.caller].includes(r.target))).toBe(true);
    expect(refused.some((r) => SCOPE[r.caller].includes(r.target))).toBe(true);
  });

  it.each(refused)(
    '$caller gets the same 404 from ApproveOrder and DeclineOrder for the order of $target as for a missing order',
    async ({ caller, target }) => {
      const client = reviewClients.get(caller)!;
      const orderNumber = reviewOf.get(target)!;
      const approve = await client.op('ApproveOrder', { orderNumber });
      const decline = await client.op('DeclineOrder', { orderNumber, reason: 'Out of scope' });
      const missing = await client.op('ApproveOrder', { orderNumber: 'ORD-999999' });
      expect(missing.status).toBe(404);
      expect(approve.status).toBe(404);
      expect(decline.status).toBe(404);
      expect(comparable(approve.body)).toEqual(comparable(missing.body));
      expect(comparable(decline.body)).toEqual(comparable(missing.body));
    },
  );

  // Approved rather than declined: a decline terminates the subscription, which later blocks of this file still use.
  it.each(products)('the reseller above %s approves its order', async (target) => {
    const reviewer = REVIEWERS[target]![1]!;
    const res = await reviewClients.get(reviewer)!.op('ApproveOrder', { orderNumber: reviewOf.get(target) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.Status).toBe('Completed');
  });
});

describe('exchange rates stay with their provider, and only provider staff set them', () => {
  const rateClients = new Map<string, ApiClient>();
  const RATE_CAPABILITIES = [...READ_ALL, 'EXCHANGE_RATE_READ', 'EXCHANGE_RATE_UPDATE'];

  beforeAll(async () => {
    await signInCallers(rateClients, RATE_CAPABILITIES, 'rates');
    const otherProvider = await makeAccount(t.db, { type: 'Provider', parentId: null, displayName: 'Other provider' });
    const other = await makeUser(t.db, {
      parentId: otherProvider,
      capabilities: RATE_CAPABILITIES,
      displayName: 'other provider admin',
    });
    rateClients.set('other provider admin', await new ApiClient(t.url).signIn(other.username));
    expect(
      (await rateClients.get('provider admin')!.edit('UpdateExchangeRates', { rates: [{ currency: 'CHF', rate: '0.95' }] }))
        .status,
    ).toBe(200);
    expect(
      (await rateClients.get('other provider admin')!.edit('UpdateExchangeRates', { rates: [{ currency: 'CHF', rate: '0.5' }] }))
        .status,
    ).toBe(200);
  });

  const chfRate = async (who: string) => {
    const res = await rateClients.get(who)!.op('ListExchangeRates');
    expect(res.status).toBe(200);
    return res.body.Rates.find((r: { Currency: string }) => r.Currency === 'CHF').Rate;
  };

  it.each(CALLERS.map((c) => c.caller))("%s reads its own provider's rates, never another provider's", async (caller) => {
    expect(await chfRate(caller)).toBe('0.95');
  });

  it('the other provider reads only its own rates', async () => {
    expect(await chfRate('other provider admin')).toBe('0.5');
  });

  it.each(CALLERS.filter((c) => c.caller !== 'provider admin').map((c) => c.caller))(
    '%s cannot set the rates of the provider above it, even with EXCHANGE_RATE update',
    async (caller) => {
      const res = await rateClients.get(caller)!.edit('UpdateExchangeRates', { rates: [{ currency: 'CHF', rate: '9' }] });
      expect(res.status).toBe(403);
      expect(await chfRate('provider admin')).toBe('0.95');
    },
  );
});

describe('[A7.3] report page status and refresh stay inside the caller scope', () => {
  const reportClients = new Map<CallerName, ApiClient>();
  const PAGE = 'Isolation_report';

  beforeAll(async () => {
    for (const type of ['Company', 'Department', 'Product'] as const) {
      await t.db.query(
        `INSERT INTO account_report_pages (account_type, name, display_name, workgroup_id, report_id)
         VALUES ($1, $2, 'Isolation report', gen_random_uuid()::text, gen_random_uuid()::text)`,
        [type, PAGE],
      );
    }
    await signInCallers(reportClients, [...READ_ALL, 'ACCOUNT_REPORT_READ'], 'reports');
  });

  const send = async (client: ApiClient, method: 'GET' | 'POST', accountId: number) => {
    const action = method === 'GET' ? 'status' : 'refresh';
    const res = await fetch(`${t.url}/api/accounts/${accountId}/reports/${PAGE}/${action}`, {
      method,
      headers: { cookie: client.cookie ?? '' },
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => ['Company', 'Department', 'Product'].includes(a.type)).flatMap(({ name: target }) =>
      (['GET', 'POST'] as const).map((method) => ({ caller, target, method, inside: SCOPE[caller].includes(target) })),
    ),
  );

  it('covers every caller, account with a report page and route', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(rows.filter((r) => r.inside))(
    '$caller reads the report status of $target ($method)',
    async ({ caller, target, method }) => {
      const res = await send(reportClients.get(caller)!, method, idOf(target));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(['InProgress', 'Error', 'Ready']).toContain(res.body.status);
    },
  );

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from the report route ($method) on $target as for an id that does not exist',
    async ({ caller, target, method }) => {
      const client = reportClients.get(caller)!;
      const foreign = await send(client, method, idOf(target));
      const missing = await send(client, method, MISSING_ID);
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  it('starts no preparation, so waits for none, on an account outside the caller scope (decision 0058)', async () => {
    const foreign = rows.filter((r) => !r.inside && r.method === 'GET');
    expect(foreign.length).toBeGreaterThan(0);
    for (const { caller, target } of foreign) {
      const [user] = await t.db.query<{ id: number }>('SELECT id FROM accounts WHERE display_name = $1', [`${caller} (reports)`]);

      const res = await send(reportClients.get(caller)!, 'GET', idOf(target));

      expect(res.status).toBe(404);
      const [queued] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM jobs WHERE type = 'account-report.prepare' AND created_by = $1 AND account_id = $2",
        [user?.id, idOf(target)],
      );
      expect(queued?.n, `${caller} on ${target}`).toBe(0);
    }
  });
});

describe('[A7.13] the creation wizard creates only under parents inside the caller scope', () => {
  const creators = new Map<CallerName, ApiClient>();
  const CREATE_ALL = [
    ...['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((type) => `${type}_ACCOUNT_CREATE`),
    'MARKETPLACE_TC_ACCEPT_EXECUTE',
  ];
  /** Each operation with a user to create under a Company or Department parent. */
  const CREATE_OPERATIONS = [
    { op: 'GetDefaultAccountViewsForCreate', input: (parentId: number) => ({ accountType: 'Department', parentId }) },
    { op: 'GetAvailableCreateParents', input: (parentId: number) => ({ accountType: 'Department', parentId }) },
    {
      op: 'CreateAccount',
      input: (parentId: number) => ({
        accountType: 'Department',
        parentId,
        views: { Default: { Values: { DisplayName: 'Isolation department' } } },
      }),
    },
  ] as const;

  beforeAll(async () => {
    await signInCallers(creators, [...READ_ALL, ...CREATE_ALL], 'creator');
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'Company' || a.type === 'Department').flatMap(({ name: target }) =>
      CREATE_OPERATIONS.map((o) => ({ caller, target, op: o.op, input: o.input, inside: SCOPE[caller].includes(target) })),
    ),
  );

  it('covers every caller, possible parent and creation operation, inside and outside', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(rows.filter((r) => r.inside))('$caller may use $op under $target', async ({ caller, target, op, input }) => {
    const res = await creators.get(caller)!.op(op, input(idOf(target)));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op under $target as for a parent that does not exist',
    async ({ caller, target, op, input }) => {
      const client = creators.get(caller)!;

      const foreign = await client.op(op, input(idOf(target)));
      const missing = await client.op(op, input(MISSING_ID));

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  /** [A2.41] The subscription operations take a user as parent. */
  const PRODUCT_OPERATIONS = [
    { op: 'GetAvailableServicesForCreate', input: (parentId: number) => ({ parentId }) },
    {
      op: 'ValidateCreateOrderBottleneck',
      input: (parentId: number) => ({ parentId, productName: 'Any service', views: {} }),
    },
    { op: 'AcceptTermsAndConditions', input: (accountId: number) => ({ accountId, productName: 'Any service' }) },
  ] as const;
  const productRows = CALLERS.flatMap(({ caller }) =>
    TREE.filter((a) => a.type === 'User' && !SCOPE[caller].includes(a.name)).flatMap(({ name: target }) =>
      PRODUCT_OPERATIONS.map((o) => ({ caller, target, op: o.op, input: o.input })),
    ),
  );

  it.each(productRows)(
    '$caller gets the same 404 from $op for user $target as for one that does not exist',
    async ({ caller, target, op, input }) => {
      const client = creators.get(caller)!;

      const foreign = await client.op(op, input(idOf(target)));
      const missing = await client.op(op, input(MISSING_ID));

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  it('created nothing under a foreign parent', async () => {
    const rows = await t.db.query<{ parent_id: number; user_parent: number }>(
      `SELECT d.parent_id, u.parent_id AS user_parent FROM accounts d
       JOIN audit_log l ON l.account_id = d.id AND l.operation = 'CreateAccount'
       JOIN accounts u ON u.id = l.actor_id
       WHERE d.display_name = 'Isolation department'`,
    );

    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const parent = [...ids].find(([, id]) => id === row.parent_id)?.[0] ?? '';
      const root = CALLERS.find((c) => idOf(c.root) === row.user_parent)?.caller;
      expect(root && SCOPE[root].includes(parent), `${root} created under ${parent}`).toBe(true);
    }
  });
});

describe('[A7.12] the import wizard reaches only parents inside the caller scope', () => {
  const importers = new Map<CallerName, ApiClient>();
  const IMPORT_ALL = ['RESELLER', 'COMPANY', 'USER', 'PRODUCT'].map((type) => `${type}_ACCOUNT_CREATE`);
  /** Each operation with the type of parent it takes: a company or department for users, a user for services. */
  const IMPORT_OPERATIONS = [
    {
      op: 'GetAvailableMigrationParents',
      parents: ['Company', 'Department'],
      input: (id: number) => ({ accountType: 'User', accountIds: [id] }),
    },
    {
      op: 'GenerateExcelTemplate',
      parents: ['Company', 'Department'],
      input: (id: number) => ({ type: 'User', mode: 'CREATE', accountIds: [id] }),
    },
    { op: 'GetAvailableMigrationServicesForCompany', parents: ['User'], input: (id: number) => ({ accountId: id }) },
  ] as const;

  beforeAll(async () => {
    await signInCallers(importers, [...READ_ALL, ...IMPORT_ALL], 'importer');
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    IMPORT_OPERATIONS.flatMap((o) =>
      TREE.filter((a) => (o.parents as readonly string[]).includes(a.type)).map(({ name: target }) => ({
        caller,
        target,
        op: o.op,
        input: o.input,
        inside: SCOPE[caller].includes(target),
      })),
    ),
  );

  it('covers every caller, possible parent and import operation, inside and outside', () => {
    expect(rows.filter((r) => r.inside).length).toBeGreaterThan(0);
    expect(rows.filter((r) => !r.inside).length).toBeGreaterThan(0);
  });

  it.each(rows.filter((r) => r.inside))('$caller may use $op under $target', async ({ caller, target, op, input }) => {
    const res = await importers.get(caller)!.op(op, input(idOf(target)));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from $op under $target as for a parent that does not exist',
    async ({ caller, target, op, input }) => {
      const client = importers.get(caller)!;

      const foreign = await client.op(op, input(idOf(target)));
      const missing = await client.op(op, input(MISSING_ID));

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );

  it('lists only parents inside the scope when no account is given', async () => {
    for (const { caller, root } of CALLERS) {
      const res = await importers.get(caller)!.op('GetAvailableMigrationParents', { accountType: 'User', accountIds: [] });
      const offered = res.body.Items.map((i: { AccountId: number }) => i.AccountId);
      // Accounts other tests created are inside someone's scope too: check every offered one by its place in the tree.
      const outside = await t.db.query<{ id: number }>(
        `SELECT a.id FROM accounts a, accounts r WHERE r.id = $1 AND a.id = ANY($2) AND a.path NOT LIKE r.path || '%'`,
        [idOf(root), offered],
      );
      expect(offered.length, caller).toBeGreaterThan(0);
      expect(outside, `${caller} was offered accounts outside its scope`).toEqual([]);
    }
  });
});

describe('price lists stay with the organisation that owns them and the accounts they are assigned to', () => {
  const marketplaceClients = new Map<string, ApiClient>();
  const lists = new Map<string, number>();
  const OWNERS = ['P', 'R1', 'R2'] as const;
  beforeAll(async () => {
    await signInCallers(
      marketplaceClients,
      ['MARKETPLACE_READ', 'MARKETPLACE_UPDATE', 'MARKETPLACE_DELETE', 'MARKETPLACE_CREATE'],
      'price lists',
    );
    for (const owner of OWNERS) {
      const [row] = await t.db.query<{ id: number }>(
        'INSERT INTO marketplaces (owner_account_id, name) VALUES ($1, $2) RETURNING id',
        [idOf(owner), `List of ${owner}`],
      );
      lists.set(owner, row?.id as number);
    }
    // R1's list is assigned to its customer C1a: C1a reads it, never changes it.
    await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [
      lists.get('R1'),
      idOf('C1a'),
    ]);
  });

  const rows = CALLERS.flatMap(({ caller, root }) =>
    OWNERS.map((owner) => ({
      caller,
      owner,
      owns: SCOPE[caller].includes(owner),
      assigned: owner === 'R1' && root === 'C1a',
    })),
  );

  it.each(rows)('$caller and the list of $owner: owns $owns, assigned $assigned', async ({ caller, owner, owns, assigned }) => {
    const client = marketplaceClients.get(caller) as ApiClient;
    const id = lists.get(owner) as number;

    const listed = (await client.op('ListMarketplaces', { pageSize: 100 })).body.Items.map((m: { Id: number }) => m.Id);
    const read = await client.op('GetMarketplaceProperties', { id });
    const tiles = await client.op('ListMarketplaceServicesLite', { marketplaceId: id });
    const rename = await client.op('UpdateMarketplaceName', { id, name: `List of ${owner} by ${caller}`, version: 999 });
    const missing = await client.op('GetMarketplaceProperties', { id: MISSING_ID });

    expect(listed.includes(id)).toBe(owns || assigned);
    expect(read.status).toBe(owns || assigned ? 200 : 404);
    expect(tiles.status).toBe(owns || assigned ? 200 : 404);
    // Owners reach the version check (409 for the made-up version); assignees are refused; others see nothing.
    expect(rename.status).toBe(owns ? 409 : assigned ? 403 : 404);
    if (!owns && !assigned) expect(comparable(read.body)).toEqual(comparable(missing.body));
  });
});

describe('marketplace search reaches only the price lists assigned to or owned by the caller organisation (decision 0033)', () => {
  const browsers = new Map<string, ApiClient>();
  const lists = new Map<string, number>();
  const services = new Map<string, number>();
  /** Who may search each list: its owner's organisation, the provider, and the organisations it is assigned to. */
  const REACH: Record<string, CallerName[]> = {
    'R1 list': ['provider admin', 'R1 admin', 'C1a admin'],
    'R2 list': ['provider admin', 'R2 admin', 'C2 admin'],
  };

  beforeAll(async () => {
    await signInCallers(browsers, [...READ_ALL, 'MARKETPLACE_READ'], 'marketplace');
    const user = await makeUser(t.db, { parentId: idOf('P'), capabilities: SERVICE_TOOL_ALL });
    const admin = await new ApiClient(t.url).signIn(user.username);
    for (const name of ['R1 list', 'R2 list']) {
      services.set(name, (await createService(t.db, admin, serviceInput(`Search isolation ${name}`))).Id);
    }
    const list = async (name: string, owner: string, assignee: string) => {
      const [row] = await t.db.query<{ id: number }>(
        'INSERT INTO marketplaces (owner_account_id, name) VALUES ($1, $2) RETURNING id',
        [idOf(owner), `Search isolation ${name}`],
      );
      const id = row?.id as number;
      await t.db.query('INSERT INTO marketplace_services (marketplace_id, service_id) VALUES ($1, $2)', [id, services.get(name)]);
      await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [id, idOf(assignee)]);
      lists.set(name, id);
    };
    await list('R1 list', 'R1', 'C1a');
    await list('R2 list', 'R2', 'C2');
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    Object.entries(REACH).map(([list, reach]) => ({ caller, list, inside: reach.includes(caller) })),
  );

  it.each(rows.filter((r) => r.inside))('$caller may search the $list and open its service', async ({ caller, list }) => {
    const client = browsers.get(caller) as ApiClient;

    const res = await client.op('SearchServices', { options: { Source: { Type: 'Marketplace', Value: lists.get(list) } } });
    const info = await client.op('GetServiceInfo', { Id: services.get(list) });

    expect(res.status).toBe(200);
    expect(res.body.Services.map((s: { Id: number }) => s.Id)).toEqual([services.get(list)]);
    expect(info.status).toBe(200);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 for the $list and its service as for ones that do not exist',
    async ({ caller, list }) => {
      const client = browsers.get(caller) as ApiClient;
      const search = (Value: number) => client.op('SearchServices', { options: { Source: { Type: 'Marketplace', Value } } });

      const foreign = await search(lists.get(list) as number);
      const missing = await search(MISSING_ID);
      const foreignInfo = await client.op('GetServiceInfo', { Id: services.get(list) });
      const missingInfo = await client.op('GetServiceInfo', { Id: MISSING_ID });
      const global = await client.op('SearchServices', { options: { DisplayName: `Search isolation ${list}` } });

      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
      expect(foreignInfo.status).toBe(404);
      expect(comparable(foreignInfo.body)).toEqual(comparable(missingInfo.body));
      expect(global.body.Services).toEqual([]);
    },
  );

  it.each(MATRIX.filter((r) => r.op === 'LoadAccountById'))(
    '$caller searches what $target can buy only inside its scope',
    async ({ caller, target, inside }) => {
      const client = browsers.get(caller) as ApiClient;
      const search = (Value: number) =>
        client.op('SearchServices', { options: { Source: { Type: 'AvailableServicesForAccount', Value } } });

      const res = await search(idOf(target));

      if (inside) expect(res.status).toBe(200);
      else expect(comparable(res.body)).toEqual(comparable((await search(MISSING_ID)).body));
    },
  );
});

describe('[M7.17] vendor profiles stay with their vendor', () => {
  /** Vendors placed at three levels; each has its own administrator with the update capability. */
  const VENDORS = [
    { name: 'VP', parent: 'P' },
    { name: 'V1', parent: 'R1' },
    { name: 'V2', parent: 'R2' },
  ] as const;
  const profileClients = new Map<string, ApiClient>();
  const PROFILE_SCOPE: Record<string, string[]> = {
    'provider admin': ['VP', 'V1', 'V2'],
    'R1 admin': ['V1'],
    'R2 admin': ['V2'],
    'C1a admin': [],
    'C1b admin': [],
    'C2 admin': [],
    'VP admin': ['VP'],
    'V1 admin': ['V1'],
    'V2 admin': ['V2'],
  };

  beforeAll(async () => {
    for (const v of VENDORS) {
      const id = await makeAccount(t.db, { type: 'Company', parentId: idOf(v.parent), displayName: v.name });
      await t.db.query('UPDATE accounts SET is_vendor = true WHERE id = $1', [id]);
      ids.set(v.name, id);
    }
    const capabilities = [...READ_ALL, 'PRODUCT_OWNER_PROFILE_UPDATE'];
    await signInCallers(profileClients, capabilities, 'vendor profile');
    for (const v of VENDORS) {
      const user = await makeUser(t.db, { parentId: idOf(v.name), capabilities, displayName: `${v.name} admin` });
      profileClients.set(`${v.name} admin`, await new ApiClient(t.url).signIn(user.username));
    }
  });

  const rows = Object.entries(PROFILE_SCOPE).flatMap(([caller, inside]) =>
    VENDORS.map(({ name: vendor }) => ({ caller, vendor, inside: inside.includes(vendor) })),
  );

  it.each(rows.filter((r) => r.inside))('$caller reads and saves the profile of $vendor', async ({ caller, vendor }) => {
    const client = profileClients.get(caller)!;

    const read = await client.op('GetProductOwnerProfile', { AccountId: idOf(vendor) });
    const saved = await client.op('SetProductOwnerProfile', {
      AccountId: idOf(vendor),
      Description: `Saved by ${caller}`,
      Icon: null,
      Version: read.body.Version,
    });

    expect(read.status).toBe(200);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 for the profile of $vendor as for an account that does not exist',
    async ({ caller, vendor }) => {
      const client = profileClients.get(caller)!;
      const attempt = (id: number) => [
        client.op('GetProductOwnerProfile', { AccountId: id }),
        client.op('SetProductOwnerProfile', { AccountId: id, Description: 'Taken over', Icon: null, Version: 1 }),
      ];

      const foreign = await Promise.all(attempt(idOf(vendor)));
      const missing = await Promise.all(attempt(MISSING_ID));

      for (const [i, res] of foreign.entries()) {
        expect(res.status).toBe(404);
        expect(comparable(res.body)).toEqual(comparable(missing[i]?.body));
      }
    },
  );

  it('every caller of the provider reads every vendor public profile (what buyers see beside services)', async () => {
    for (const [caller, client] of profileClients) {
      for (const { name } of VENDORS) {
        const res = await client.op('GetVendorProfile', { OwnerId: idOf(name) });
        expect(res.status, `${caller} reading ${name}`).toBe(200);
      }
    }
  });
});

describe('price list prices stay with the organisation that owns the list (decision 0033)', () => {
  const pricers = new Map<string, ApiClient>();
  const lists = new Map<string, number>();
  const OWNERS = ['P', 'R1', 'R2'] as const;
  const PRICE_OPS: { op: string; input: (id: number) => unknown }[] = [
    { op: 'GetMarketplaceServicePrices', input: (id) => ({ marketplaceId: id, serviceId: 1 }) },
    {
      op: 'UpdateMarketplaceServicePrices',
      input: (id) => ({
        marketplaceId: id,
        serviceId: 1,
        version: 1,
        OverridePriceProtection: false,
        PriceProtectionLengthInDays: null,
        Charges: [],
      }),
    },
    { op: 'ExportMarketplacePricesToExcel', input: (id) => ({ marketplaceId: id, filter: {} }) },
    { op: 'GetUpdatedMarketplacePricesFromExcel', input: (id) => ({ marketplaceId: id, fileUrl: `${'0'.repeat(32)}.xlsx` }) },
    {
      op: 'UpdateMarketplaceServiceCharges',
      input: (id) => ({
        marketplaceId: id,
        version: 1,
        chargeItems: [{ ServiceId: 1, PriceableItem: 'x', Currency: 'EUR', CustomPrice: '1' }],
      }),
    },
    { op: 'ListMarketplacePricingRules', input: (id) => ({ marketplaceId: id }) },
    { op: 'PreviewMarketplacePricingRules', input: (id) => ({ marketplaceId: id, Rules: [] }) },
    { op: 'SaveMarketplacePricingRules', input: (id) => ({ marketplaceId: id, version: 1, PricingMode: 'legacy', Rules: [] }) },
    { op: 'SetMarketplaceMarkup', input: (id) => ({ marketplaceId: id, version: 1, Enabled: true, MarkupPercent: '5' }) },
    { op: 'GetMarketplaceTermsReview', input: (id) => ({ marketplaceId: id }) },
    { op: 'GetPriceExportFilterOptions', input: (id) => ({ marketplaceId: id }) },
  ];
  const rows = CALLERS.flatMap(({ caller, root }) =>
    OWNERS.filter((owner) => !chainOf(owner).includes(root)).flatMap((owner) => PRICE_OPS.map((o) => ({ caller, owner, ...o }))),
  );

  beforeAll(async () => {
    await signInCallers(pricers, ['MARKETPLACE_READ', 'MARKETPLACE_UPDATE', 'DYNAMIC_PRICING_MANAGEMENT_EXECUTE'], 'pricer');
    for (const owner of OWNERS) {
      const [row] = await t.db.query<{ id: number }>(
        `INSERT INTO marketplaces (owner_account_id, name) VALUES ($1, $2) RETURNING id`,
        [idOf(owner), `Isolation prices ${owner}`],
      );
      lists.set(owner, row?.id as number);
    }
  });

  it.each(rows)(
    '$caller gets the same 404 from $op on the list of $owner as for a missing list',
    async ({ caller, owner, input, op }) => {
      const client = pricers.get(caller) as ApiClient;

      const foreign = await client.op(op, input(lists.get(owner) as number));
      const missing = await client.op(op, input(MISSING_ID));

      expect(foreign.status, JSON.stringify(foreign.body)).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );
});

describe('every dataset of the embed host holds only the caller subtree, and a foreign account is not found (decision analytics-access)', () => {
  const readers = new Map<string, ApiClient>();
  const products = ['C1a product', 'C1b product', 'C2 product'];
  beforeAll(async () => {
    const { seedDemoReports } = await import('../../src/domains/reports/index.js');
    await seedDemoReports(t.db);
    // Every capability a dataset asks for, so only the scope decides.
    await signInCallers(readers, [...READ_ALL, 'CREDITCHECK_COMPANYORDERS_READ', 'ORDER_MANAGEMENT_READ'], 'datasets');
    for (const name of products)
      await t.db.query(
        `INSERT INTO orders (account_id, service_name, service_display_name, quantity, currency, monthly_purchase,
                             setup_purchase, status, placed_at)
         VALUES ($1, 'Dataset Isolation', 'Dataset Isolation', 1, 'EUR', 1, 0, 'Completed', now())`,
        [idOf(name)],
      );
  });

  /** Every dataset of the three demo reports, read with the caller's token (limited to `accountId` when given). */
  async function allDatasets(caller: CallerName, accountId?: number) {
    const reports = await import('../../src/domains/reports/index.js');
    const cookie = (readers.get(caller) as ApiClient).cookie ?? '';
    const merged: Record<string, Record<string, unknown>[]> = {};
    const statuses: number[] = [];
    for (const reportId of [reports.DEMO_REPORT_ID, reports.DEMO_SUBSCRIPTIONS_REPORT_ID, reports.DEMO_ORDERS_REPORT_ID]) {
      const base = `${t.url}/api/powerbi/workgroups/${reports.DEMO_WORKGROUP_ID}/reports/${reportId}`;
      const token = await fetch(`${base}${accountId === undefined ? '' : `/accounts/${accountId}`}/token`, {
        headers: { cookie },
      });
      statuses.push(token.status);
      if (token.status !== 200) continue;
      const { embedToken } = (await token.json()) as { embedToken: string };
      const data = await fetch(`${t.url}/api/embed/data?reportId=${reportId}&groupId=${reports.DEMO_WORKGROUP_ID}`, {
        headers: { authorization: `Bearer ${embedToken}` },
      });
      const body = (await data.json()) as { datasets: Record<string, Record<string, unknown>[]>; denied: string[] };
      expect(body.denied).toEqual([]);
      Object.assign(merged, body.datasets);
    }
    return { statuses, datasets: merged };
  }

  it.each(CALLERS.map(({ caller }) => ({ caller })))(
    '$caller reads accounts, subscriptions and orders of its own subtree only',
    async ({ caller }) => {
      const { datasets } = await allDatasets(caller);
      const names = (ids: number[]) => TREE.map((a) => a.name).filter((n) => ids.includes(idOf(n)));
      const linked = (rows: Record<string, unknown>[] | undefined) =>
        (rows ?? []).map((r) => Number(String(r.Link).replace('/#/Account/View/', '')));

      for (const name of names((datasets.accounts ?? []).map((r) => Number(r.Id)))) expect(SCOPE[caller]).toContain(name);
      for (const name of names((datasets.subscriptions ?? []).map((r) => Number(r.Id)))) expect(SCOPE[caller]).toContain(name);
      for (const name of names(linked(datasets.orders))) expect(SCOPE[caller]).toContain(name);
      expect(names(linked(datasets.orders)).sort()).toEqual(products.filter((p) => SCOPE[caller].includes(p)).sort());
      const root = CALLERS.find((c) => c.caller === caller)?.root as string;
      const [inside] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM accounts WHERE starts_with(path, (SELECT path FROM accounts WHERE id = $1))`,
        [idOf(root)],
      );
      const counted = (datasets.accountCounts ?? []).reduce((sum, r) => sum + Number(r.Count), 0);
      expect(counted).toBeLessThanOrEqual(inside?.n ?? 0);
      for (const row of datasets.revenue ?? []) expect(['', ...SCOPE[caller]]).toContain(String(row.Company));
    },
  );

  it.each(
    CALLERS.flatMap(({ caller }) =>
      ['C1a product', 'C2 product'].filter((p) => !SCOPE[caller].includes(p)).map((target) => ({ caller, target })),
    ),
  )('$caller gets no token for the datasets of $target, as for a missing account', async ({ caller, target }) => {
    const foreign = await allDatasets(caller, idOf(target));
    const missing = await allDatasets(caller, MISSING_ID);

    expect(foreign.statuses).toEqual([404, 404, 404]);
    expect(missing.statuses).toEqual([404, 404, 404]);
    expect(foreign.datasets).toEqual({});
  });
});

describe("credit limits and the reseller's credit setting stay inside the caller scope (decision 0046)", () => {
  const CREDIT_CAPS = [...READ_ALL, 'FIELDS_CREDITLIMIT_READ', 'FIELDS_CREDITLIMIT_UPDATE'];
  const creditClients = new Map<string, ApiClient>();

  beforeAll(async () => {
    await signInCallers(creditClients, CREDIT_CAPS, 'credit');
  });

  it.each([
    { caller: 'R2 admin', target: 'R1' },
    { caller: 'R1 admin', target: 'R2' },
    { caller: 'C1a admin', target: 'C1b' },
    { caller: 'C2 admin', target: 'C1a' },
  ] as const)('$caller reads and sets no credit of $target: the same 404 as a missing account', async ({ caller, target }) => {
    const client = creditClients.get(caller) as ApiClient;
    const read = await client.op('GetCreditLimitRecords', { accountId: idOf(target) });
    const readMissing = await client.op('GetCreditLimitRecords', { accountId: MISSING_ID });
    const set = await client.op('UpdateCreditLimitPolicy', {
      accountId: idOf(target),
      OrdersWithoutLimit: 'Reviewed',
      Version: 0,
    });
    const setMissing = await client.op('UpdateCreditLimitPolicy', {
      accountId: MISSING_ID,
      OrdersWithoutLimit: 'Reviewed',
      Version: 0,
    });

    expect(read.status).toBe(404);
    expect(comparable(read.body)).toEqual(comparable(readMissing.body));
    expect(set.status).toBe(404);
    expect(comparable(set.body)).toEqual(comparable(setMissing.body));
  });

  it("a company reads its own limit but never another company's review credit", async () => {
    const own = await (creditClients.get('C1a admin') as ApiClient).op('GetCreditLimitRecords', { accountId: idOf('C1a') });
    const review = await (creditClients.get('C2 admin') as ApiClient).op('ValidateCreateOrderBottleneck', {
      parentId: idOf('C1a user'),
      productName: 'Anything',
      views: {},
    });

    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ OwnOrganisation: true, CanEdit: false, Items: [] });
    expect(review.status).toBe(404);
  });
});

describe('the ordering wizard reaches only customers inside the caller scope, even when the request is edited (issue 15)', () => {
  const buyers = new Map<string, ApiClient>();
  const COMPANIES = ['C1a', 'C1b', 'C2'] as const;
  const SERVICE = 'Isolation Order';
  const orderViews = {
    Default: { Values: { DisplayName: 'Isolated order' } },
    Product: { Values: { Quantity: '1' } },
    Service: { Values: { Plan: 'Basic', Seats: '1' } },
  };
  beforeAll(async () => {
    await signInCallers(
      buyers,
      [...READ_ALL, 'PRODUCT_ACCOUNT_CREATE', 'MARKETPLACE_TC_ACCEPT_EXECUTE', 'COMPANY_ACCOUNT_CREATE'],
      'ordering',
    );
    const tool = await makeUser(t.db, { parentId: idOf('P'), capabilities: SERVICE_TOOL_ALL, displayName: 'ordering tool' });
    const service = await createService(t.db, await new ApiClient(t.url).signIn(tool.username), serviceInput(SERVICE));
    // The provider's list reaches every customer: only the scope decides.
    const [list] = await t.db.query<{ id: number }>(
      'INSERT INTO marketplaces (owner_account_id, name, is_propagation_enabled) VALUES ($1, $2, true) RETURNING id',
      [idOf('P'), 'Ordering isolation list'],
    );
    await t.db.query("INSERT INTO marketplace_services (marketplace_id, service_id, status) VALUES ($1, $2, 'Added')", [
      list?.id,
      service.Id,
    ]);
    await t.db.query('INSERT INTO marketplace_assignments (marketplace_id, account_id) VALUES ($1, $2)', [list?.id, idOf('P')]);
  });

  it.each(CALLERS.map(({ caller, root }) => ({ caller, root })))(
    '$caller is offered exactly the customers inside its scope',
    async ({ caller, root }) => {
      const res = await (buyers.get(caller) as ApiClient).op('GetVisibleCompaniesForService', { productName: SERVICE });

      expect(res.status).toBe(200);
      const offered: number[] = res.body.Items.map((i: { ChildAccountId: number }) => i.ChildAccountId);
      const known = COMPANIES.map(idOf);
      const expected = COMPANIES.filter((c) => SCOPE[caller].includes(c)).map(idOf);
      expect(offered.filter((id) => known.includes(id)).sort()).toEqual(expected.sort());
      // Companies that other describe blocks made are offered only from inside the caller's subtree too.
      const [rootRow] = await t.db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [idOf(root)]);
      const outside = await t.db.query('SELECT id FROM accounts WHERE id = ANY($1::int[]) AND NOT starts_with(path, $2)', [
        offered,
        rootRow?.path,
      ]);
      expect(outside).toEqual([]);
    },
  );

  const rows = CALLERS.flatMap(({ caller }) =>
    COMPANIES.map((company) => ({ caller, company, inScope: SCOPE[caller].includes(company) })),
  );

  it.each(rows)('$caller ordering for $company: in scope $inScope', async ({ caller, company, inScope }) => {
    const client = buyers.get(caller) as ApiClient;
    const accountId = idOf(company);
    const before = await t.db.query('SELECT id FROM accounts WHERE parent_id = $1', [accountId]);

    const read = await client.op('GetMarketServiceForAccount', { accountId, serviceName: SERVICE });
    const accept = await client.op('AcceptTermsForMarketplaceService', { accountId, serviceName: SERVICE });
    const placed = await client.op('PlaceOrder', {
      requestId: crypto.randomUUID(),
      customerId: accountId,
      productName: SERVICE,
      views: orderViews,
    });
    const missingRead = await client.op('GetMarketServiceForAccount', { accountId: MISSING_ID, serviceName: SERVICE });
    const missingPlace = await client.op('PlaceOrder', {
      requestId: crypto.randomUUID(),
      customerId: MISSING_ID,
      productName: SERVICE,
      views: orderViews,
    });

    expect(read.status).toBe(inScope ? 200 : 404);
    expect(accept.status).toBe(inScope ? 200 : 404);
    expect(placed.status, JSON.stringify(placed.body)).toBe(inScope ? 200 : 404);
    const after = await t.db.query('SELECT id FROM accounts WHERE parent_id = $1', [accountId]);
    expect(after.length).toBe(before.length + (inScope ? 1 : 0));
    if (!inScope) {
      expect(comparable(read.body)).toEqual(comparable(missingRead.body));
      expect(comparable(placed.body)).toEqual(comparable(missingPlace.body));
    }
  });
});

describe('GetOrder opens only an order of a subscription inside the caller scope (decision 0045)', () => {
  const detailClients = new Map<CallerName, ApiClient>();
  const orderOf = new Map<string, string>();
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);

  beforeAll(async () => {
    // The jobs earlier blocks queued (sending credentials resets passwords, say) run now, not in the middle of these.
    await t.app.jobs.runDue({});
    for (const [i, target] of products.entries()) {
      const order = await insertOrder(t.db, {
        accountId: idOf(target),
        companyId: null,
        resellerId: null,
        serviceName: 'Isolation',
        serviceDisplayName: 'Order detail isolation probe',
        quantity: 1,
        currency: 'EUR',
        monthlySelling: '1',
        setupSelling: '0',
        purchaseCurrency: 'EUR',
        monthlyPurchase: '1',
        setupPurchase: '0',
        status: 'Completed',
        placedBy: null,
        placedAt: new Date(Date.UTC(2026, 1, 1 + i)),
      });
      orderOf.set(target, order.orderNumber);
    }
    for (const [i, { caller, root }] of CALLERS.entries()) {
      const user = await makeUser(t.db, {
        parentId: idOf(root),
        capabilities: [...READ_ALL, i % 2 === 0 ? 'ORDER_MANAGEMENT_READ' : 'CREDITCHECK_COMPANYORDERS_READ'],
        displayName: `${caller} (order detail)`,
      });
      detailClients.set(caller, await new ApiClient(t.url).signIn(user.username));
    }
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    products.map((target) => ({ caller, target, inside: SCOPE[caller].includes(target) })),
  );

  it.each(rows.filter((r) => r.inside))('$caller opens the order of $target', async ({ caller, target }) => {
    const res = await detailClients.get(caller)!.op('GetOrder', { orderNumber: orderOf.get(target) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.AccountId).toBe(idOf(target));
  });

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from GetOrder for the order of $target as for a missing order',
    async ({ caller, target }) => {
      const client = detailClients.get(caller)!;
      const foreign = await client.op('GetOrder', { orderNumber: orderOf.get(target) });
      const missing = await client.op('GetOrder', { orderNumber: 'ORD-999999' });
      expect(missing.status).toBe(404);
      expect(foreign.status).toBe(404);
      expect(comparable(foreign.body)).toEqual(comparable(missing.body));
    },
  );
});

describe('price protection reset reaches only subscriptions inside the caller scope (decision 0047)', () => {
  const resetters = new Map<string, ApiClient>();
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);
  const users = TREE.filter((a) => a.type === 'User').map((a) => a.name);

  beforeAll(async () => {
    await signInCallers(resetters, [...READ_ALL, 'ACCOUNT_RESETPRICEPROTECTION_READ'], 'price protection');
    for (const name of products)
      await t.db.query(
        `INSERT INTO price_protections (account_id, ends_at, version, updated_at) VALUES ($1, now() + interval '30 days', 1, now())
         ON CONFLICT (account_id) DO NOTHING`,
        [idOf(name)],
      );
  });

  const rows = CALLERS.flatMap(({ caller }) =>
    [...products, ...users].map((target) => ({ caller, target, inside: SCOPE[caller].includes(target) })),
  );

  it.each(rows.filter((r) => !r.inside))(
    '$caller gets the same 404 from GetSubscriptionInfoForReset and ResetPriceProtection on $target as for a missing account',
    async ({ caller, target }) => {
      const client = resetters.get(caller) as ApiClient;
      const [before] = await t.db.query<{ ends_at: Date }>('SELECT ends_at FROM price_protections WHERE account_id = $1', [
        idOf(target),
      ]);
      const read = await client.op('GetSubscriptionInfoForReset', { accountId: idOf(target) });
      const readMissing = await client.op('GetSubscriptionInfoForReset', { accountId: MISSING_ID });
      const reset = await client.op('ResetPriceProtection', { accountId: idOf(target), DateTo: '2099-01-01 00:00', Version: 1 });
      const resetMissing = await client.op('ResetPriceProtection', {
        accountId: MISSING_ID,
        DateTo: '2099-01-01 00:00',
        Version: 1,
      });

      expect(read.status).toBe(404);
      expect(comparable(read.body)).toEqual(comparable(readMissing.body));
      expect(reset.status).toBe(404);
      expect(comparable(reset.body)).toEqual(comparable(resetMissing.body));
      const [after] = await t.db.query<{ ends_at: Date }>('SELECT ends_at FROM price_protections WHERE account_id = $1', [
        idOf(target),
      ]);
      expect(after?.ends_at).toEqual(before?.ends_at);
    },
  );

  it.each(rows.filter((r) => r.inside && products.includes(r.target)))(
    '$caller lists $target as a price protection reset target',
    async ({ caller, target }) => {
      const res = await (resetters.get(caller) as ApiClient).op('GetSubscriptionInfoForReset', { accountId: idOf(target) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.Items.map((i: { AccountId: number }) => i.AccountId)).toEqual([idOf(target)]);
    },
  );
});

describe('discounts stay with the organisation directly above the account (decision 0048)', () => {
  const DISCOUNT_CAPS = [...READ_ALL, 'DISCOUNT_TOOL_READ', 'DISCOUNT_TOOL_UPDATE'];
  const discountClients = new Map<string, ApiClient>();

  beforeAll(async () => {
    await signInCallers(discountClients, DISCOUNT_CAPS, 'discount');
  });

  it.each([
    { caller: 'R2 admin', target: 'C1a' },
    { caller: 'R1 admin', target: 'C2' },
    { caller: 'C1a admin', target: 'C1b' },
  ] as const)('$caller reads and saves no discount of $target: the same 404 as a missing account', async ({ caller, target }) => {
    const client = discountClients.get(caller) as ApiClient;
    const change = { discounts: [{ ProductName: 'Anything', DiscountItems: [] }] };
    const read = await client.op('GetServiceDiscounts', { accountId: idOf(target) });
    const readMissing = await client.op('GetServiceDiscounts', { accountId: MISSING_ID });
    const save = await client.op('UpdateServiceDiscounts', { accountId: idOf(target), ...change });
    const saveMissing = await client.op('UpdateServiceDiscounts', { accountId: MISSING_ID, ...change });

    expect(read.status).toBe(404);
    expect(comparable(read.body)).toEqual(comparable(readMissing.body));
    expect(save.status).toBe(404);
    expect(comparable(save.body)).toEqual(comparable(saveMissing.body));
  });

  it('R1 reads the discounts of its own company C1a', async () => {
    const res = await (discountClients.get('R1 admin') as ApiClient).op('GetServiceDiscounts', { accountId: idOf('C1a') });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ AccountId: idOf('C1a'), Items: [] });
  });
});

describe("the Discount tab's add-service search reaches only accounts inside the caller scope (decision 0048)", () => {
  const DISCOUNT_SEARCH_CAPS = [...READ_ALL, 'DISCOUNT_TOOL_READ'];
  const searchClients = new Map<string, ApiClient>();
  const source = (accountId: number) => ({
    options: { Source: { Type: 'AvailableServicesForAccountDiscount', Value: accountId } },
  });

  beforeAll(async () => {
    await signInCallers(searchClients, DISCOUNT_SEARCH_CAPS, 'discount-search');
  });

  it.each([
    { caller: 'R2 admin', target: 'C1a' },
    { caller: 'R1 admin', target: 'C2' },
    { caller: 'C1a admin', target: 'C1b' },
  ] as const)('$caller searches no services for $target: the same 404 as a missing account', async ({ caller, target }) => {
    const client = searchClients.get(caller) as ApiClient;
    for (const op of ['SearchServices', 'GetSearchServicesMetadata']) {
      const found = await client.op(op, source(idOf(target)));
      const missing = await client.op(op, source(MISSING_ID));
      expect(found.status).toBe(404);
      expect(comparable(found.body)).toEqual(comparable(missing.body));
    }
  });

  it('R1 searches the services of its own company C1a', async () => {
    const res = await (searchClients.get('R1 admin') as ApiClient).op('SearchServices', source(idOf('C1a')));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ Page: 1, Limit: 10 });
  });
});

describe('special deals reach only subscriptions inside the caller scope (decision 0049)', () => {
  const DEAL_CAPS = [...READ_ALL, 'SPECIAL_DEAL_EXECUTE'];
  const dealClients = new Map<string, ApiClient>();

  beforeAll(async () => {
    await signInCallers(dealClients, DEAL_CAPS, 'deal');
  });

  it.each([
    { caller: 'R2 admin', target: 'C1a product' },
    { caller: 'R1 admin', target: 'C2 product' },
    { caller: 'C1a admin', target: 'C1b product' },
  ] as const)(
    '$caller reads and saves no special deal of $target: the same 404 as a missing account',
    async ({ caller, target }) => {
      const client = dealClients.get(caller) as ApiClient;
      const deal = (accountId: number) => ({ deals: [{ chargeStreamId: '1-2', targetAccountId: accountId, discountItems: [] }] });
      for (const op of ['GetAccountChargeStreams', 'GetSpecialDealDiscount'] as const) {
        const read = await client.op(op, { accountId: idOf(target) });
        const readMissing = await client.op(op, { accountId: MISSING_ID });
        expect(read.status).toBe(404);
        expect(comparable(read.body)).toEqual(comparable(readMissing.body));
      }
      const save = await client.op('SaveSpecialDealDiscount', deal(idOf(target)));
      const saveMissing = await client.op('SaveSpecialDealDiscount', deal(MISSING_ID));
      expect(save.status).toBe(404);
      expect(comparable(save.body)).toEqual(comparable(saveMissing.body));
    },
  );

  it('[A2.29] R1, directly above C1a, is refused; the provider sells on the stream into R1', async () => {
    expect(
      (await (dealClients.get('R1 admin') as ApiClient).op('GetAccountChargeStreams', { accountId: idOf('C1a product') })).status,
    ).toBe(403);
    const res = await (dealClients.get('provider admin') as ApiClient).op('GetAccountChargeStreams', {
      accountId: idOf('C1a product'),
    });
    expect(res.status).toBe(200);
    expect(res.body.Items.map((s: { ChargeStreamId: string }) => s.ChargeStreamId)).toEqual([`${idOf('P')}-${idOf('R1')}`]);
  });
});

describe('quotes stay with their organisation and the organisations above it (issue 17, decision 0050)', () => {
  const QUOTE_CAPS = [
    ...READ_ALL,
    'SALESQUOTE_READ',
    'SALESQUOTE_DELETE',
    'QUOTATION_TOOL_READ',
    'QUOTATION_TOOL_UPDATE',
    'QUOTATION_TOOL_DELETE',
  ];
  const quoteClients = new Map<string, ApiClient>();
  let quoteId = 0;

  beforeAll(async () => {
    await signInCallers(quoteClients, QUOTE_CAPS, 'quote');
    const now = new Date();
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO quotes (owner_account_id, author_id, company_name, name, number_of_users, price_template_name, currency,
         status, valid_until, latest_revision, created_at, updated_at)
       VALUES ($1, $2, 'Prospect', 'C1a quote', 5, 'List', 'EUR', 'draft', '2099-01-01', 1, $3, $3) RETURNING id`,
      [idOf('C1a'), idOf('C1a user'), now],
    );
    quoteId = row?.id ?? 0;
    await t.db.query(
      `INSERT INTO quote_revisions (quote_id, revision, author_id, company_name, name, number_of_users, price_template_name,
         currency, valid_until, lines, created_at)
       VALUES ($1, 1, $2, 'Prospect', 'C1a quote', 5, 'List', 'EUR', '2099-01-01', '[]', $3)`,
      [quoteId, idOf('C1a user'), now],
    );
  });

  const ids = (body: { Items: { Id: number }[] }) => body.Items.map((q) => q.Id);

  it.each(['R2 admin', 'C1b admin', 'C2 admin'] as const)(
    '%s neither lists nor opens, exports, changes or deletes a C1a quote: the same 404 as a missing quote',
    async (caller) => {
      const client = quoteClients.get(caller) as ApiClient;
      const load = await client.op('LoadQuote', { id: quoteId });
      const loadMissing = await client.op('LoadQuote', { id: MISSING_ID });
      const pdf = await client.op('ExportSalesQuoteToPdf', { id: quoteId, revision: null });
      const del = await client.op('DeleteQuote', { ids: [quoteId] });
      const archive = await client.op('ArchiveQuote', { ids: [quoteId], archived: true });

      expect(load.status).toBe(404);
      expect(comparable(load.body)).toEqual(comparable(loadMissing.body));
      expect(pdf.status).toBe(404);
      expect(del.status).toBe(404);
      expect(archive.status).toBe(404);
      expect(ids((await client.op('ListCustomerQuotes', {})).body)).not.toContain(quoteId);
      expect(ids((await client.op('ListQuotes', {})).body)).not.toContain(quoteId);
    },
  );

  it('R1 lists the C1a quote among its customer quotes and may read but not delete it; C1a has it as its own', async () => {
    const r1 = quoteClients.get('R1 admin') as ApiClient;
    const c1a = quoteClients.get('C1a admin') as ApiClient;

    expect(ids((await r1.op('ListCustomerQuotes', {})).body)).toContain(quoteId);
    expect((await r1.op('LoadQuote', { id: quoteId })).body).toMatchObject({ Id: quoteId, IsOwn: false });
    expect((await r1.op('DeleteQuote', { ids: [quoteId] })).status).toBe(404);
    expect(ids((await c1a.op('ListQuotes', {})).body)).toContain(quoteId);
  });
});

describe('tenant isolation of the landing dashboards (decision 0051)', () => {
  const DASHBOARD_CAPS = [...READ_ALL, 'DASHBOARD_MANAGER_READ', 'DASHBOARD_MANAGER_UPDATE', 'CUSTOM_LANDING_PAGE_EXECUTE'];
  const dashClients = new Map<string, ApiClient>();
  const layout = { rows: [{ height: '100%', items: [{ id: 'a1', width: '100%', height: '100%' }] }] };
  let r1Dashboard: { id: number; Version: number } & Record<string, unknown>;

  beforeAll(async () => {
    await signInCallers(dashClients, DASHBOARD_CAPS, 'dashboards');
    const r1 = dashClients.get('R1 admin') as ApiClient;
    const made = await r1.op('CreateDashboard', { title: 'R1 landing', layout, visibleTo: ['Company'] });
    const published = await r1.op('UpdateDashboard', {
      id: made.body.id,
      title: 'R1 landing',
      layout,
      content: { a1: { type: 'text', html: '<p>R1 only</p>' } },
      visibleTo: ['Company'],
      published: true,
      Version: made.body.Version,
    });
    r1Dashboard = published.body;
  });

  it.each(['R2 admin', 'C1a admin', 'C2 admin'] as const)(
    '%s neither lists nor opens, changes or deletes an R1 dashboard: the same 404 as a missing one',
    async (caller) => {
      const client = dashClients.get(caller) as ApiClient;
      const get = await client.op('GetDashboard', { id: r1Dashboard.id });
      const missing = await client.op('GetDashboard', { id: MISSING_ID });
      const save = await client.op('UpdateDashboard', { ...r1Dashboard, title: 'Taken over' });
      const del = await client.op('DeleteDashboard', { id: r1Dashboard.id });
      const list = await client.op('ListDashboards', {});

      expect(get.status).toBe(404);
      expect(comparable(get.body)).toEqual(comparable(missing.body));
      expect(save.status).toBe(404);
      expect(del.status).toBe(404);
      expect((list.body?.dashboards ?? []).map((d: { id: number }) => d.id)).not.toContain(r1Dashboard.id);
    },
  );

  it("lands R1's company users on R1's dashboard and R2's on none of R1's", async () => {
    const c1a = dashClients.get('C1a admin') as ApiClient;
    const c2 = dashClients.get('C2 admin') as ApiClient;

    expect((await c1a.op('GetMyDashboard', {})).body).toMatchObject({ id: r1Dashboard.id, title: 'R1 landing' });
    const other = await c2.op('GetMyDashboard', {});
    expect(other.status).toBe(404);
    expect(other.body.code).toBe('NO_LANDING_DASHBOARD');
  });

  it('the provider, above R1, opens the R1 dashboard', async () => {
    const provider = dashClients.get('provider admin') as ApiClient;

    expect((await provider.op('GetDashboard', { id: r1Dashboard.id })).status).toBe(200);
  });
});

describe('notification choices (decision 0053)', () => {
  const NOTIFY_CAPS = [...READ_ALL, 'NOTIFICATIONS_READ', 'NOTIFICATIONS_UPDATE'];
  const notifyClients = new Map<string, ApiClient>();
  const USERS = ['C1a user', 'C1b user', 'C2 user'];

  beforeAll(async () => {
    await signInCallers(notifyClients, NOTIFY_CAPS, 'notifications');
  });

  it.each(CALLERS.map((c) => c.caller))(
    "%s reads and changes the choices of the users in its scope only; another tenant's user is the same 404 as a missing one",
    async (caller) => {
      const client = notifyClients.get(caller) as ApiClient;
      const missingGet = await client.op('GetUserNotifications', { accountId: MISSING_ID });
      const kinds = [{ Kind: 'OrderPlaced', Enabled: true }];
      for (const name of USERS) {
        const get = await client.op('GetUserNotifications', { accountId: idOf(name) });
        const save = await client.op('SaveUserNotifications', { accountId: idOf(name), kinds });
        if (SCOPE[caller].includes(name)) {
          expect(get.status, `${caller} reads ${name}`).toBe(200);
          expect(save.status, `${caller} saves ${name}`).toBe(200);
        } else {
          expect(get.status, `${caller} reads ${name}`).toBe(404);
          expect(comparable(get.body)).toEqual(comparable(missingGet.body));
          expect(save.status, `${caller} saves ${name}`).toBe(404);
        }
      }
    },
  );
});

describe('finding things (decision 0054): the global search and the children list stay inside the caller scope', () => {
  const findClients = new Map<string, ApiClient>();
  const companies = ['C1a', 'C1b', 'C2'];
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);
  const organisations = TREE.filter((a) => a.type !== 'Department' && a.type !== 'User' && a.type !== 'Product');
  const orderOf = new Map<string, string>();

  beforeAll(async () => {
    await signInCallers(findClients, [...READ_ALL, 'ORDER_MANAGEMENT_READ', 'MARKETPLACE_READ'], 'find');
    // Names of this block's own: other blocks rename the tree's accounts.
    for (const company of companies) {
      await makeAccount(t.db, { type: 'Department', parentId: idOf(company), displayName: `Findme ${company}` });
    }
    for (const [i, product] of products.entries()) {
      const order = await insertOrder(t.db, {
        accountId: idOf(product),
        companyId: null,
        resellerId: null,
        serviceName: 'Finding',
        serviceDisplayName: 'Finding isolation probe',
        quantity: 1,
        currency: 'EUR',
        monthlySelling: '1',
        setupSelling: '0',
        purchaseCurrency: 'EUR',
        monthlyPurchase: '1',
        setupPurchase: '0',
        status: 'Completed',
        placedBy: null,
        placedAt: new Date(Date.UTC(2026, 1, 1 + i)),
      });
      orderOf.set(product, order.orderNumber);
    }
  });

  it.each(CALLERS.map((c) => c.caller))('%s finds only the accounts and orders of its own scope', async (caller) => {
    const client = findClients.get(caller) as ApiClient;

    const accounts = await client.op('GlobalSearch', { text: 'Findme', limit: 10 });
    const orders = await client.op('GlobalSearch', { text: 'Finding isolation probe', limit: 10 });

    expect(accounts.status).toBe(200);
    const expectedAccounts = companies.filter((c) => SCOPE[caller].includes(c)).map((c) => `Findme ${c}`);
    expect(accounts.body.Accounts.Items.map((a: { DisplayName: string }) => a.DisplayName).sort()).toEqual(
      expectedAccounts.sort(),
    );
    const expectedOrders = products.filter((p) => SCOPE[caller].includes(p)).map((p) => orderOf.get(p));
    expect(orders.body.Orders.Items.map((o: { OrderNumber: string }) => o.OrderNumber).sort()).toEqual(expectedOrders.sort());
  });

  it.each(
    CALLERS.flatMap(({ caller }) =>
      organisations.map(({ name }) => ({ caller, target: name, inside: SCOPE[caller].includes(name) })),
    ),
  )('$caller lists the children of $target only inside its scope (inside: $inside)', async ({ caller, target, inside }) => {
    const client = findClients.get(caller) as ApiClient;

    const res = await client.op('ListChildAccounts', { id: idOf(target) });
    const missing = await client.op('ListChildAccounts', { id: MISSING_ID });

    if (inside) {
      expect(res.status).toBe(200);
    } else {
      expect(res.status).toBe(404);
      expect(comparable(res.body)).toEqual(comparable(missing.body));
    }
  });
});

describe('help: support details and the chat assistant (decision 0052)', () => {
  const HELP_CAPS = ['SUPPORT_CONTACT_DETAILS_READ', 'SUPPORT_CONTACT_DETAILS_UPDATE', 'CHAT_BOT_READ'];
  const helpClients = new Map<string, ApiClient>();
  const blank = Object.fromEntries(
    [
      'SupportTechnicalEmail',
      'SupportPhoneNumber',
      'SupportWorkingDaysRegular',
      'SupportWorkingHoursRegular',
      'SupportWorkingDaysOthers',
      'SupportWorkingHoursOthers',
      'SupportBillingWorkingDays',
      'SupportBillingWorkingHours',
      'SupportBillingPhoneNumber',
      'SupportBillingEmail',
      'SupportSalesPhoneNumber',
      'SupportSalesEmail',
      'SupportUrl',
      'SupportButtonText',
      'Imprint',
    ].map((field) => [field, '']),
  );
  const helpOf = (caller: CallerName) => helpClients.get(caller) as ApiClient;

  beforeAll(async () => {
    await signInCallers(helpClients, HELP_CAPS, 'help');
    for (const [caller, root, email] of [
      ['R1 admin', 'R1', 'support@r1.example'],
      ['R2 admin', 'R2', 'support@r2.example'],
    ] as const) {
      await helpOf(caller).op('UpdateSupportDetails', {
        AccountId: idOf(root),
        Version: 0,
        ...blank,
        SupportTechnicalEmail: email,
      });
    }
  });

  it.each([
    ['R2 admin', 'R1'],
    ['R1 admin', 'R2'],
    ['C1a admin', 'R1'],
  ] as const)("%s neither reads nor changes %s's support details: the same 404 as a missing account", async (caller, target) => {
    const load = await helpOf(caller).op('LoadSupportDetails', { AccountId: idOf(target) });
    const update = await helpOf(caller).op('UpdateSupportDetails', { AccountId: idOf(target), Version: 1, ...blank });
    const missing = await helpOf(caller).op('LoadSupportDetails', { AccountId: MISSING_ID });

    expect(load.status).toBe(404);
    expect(update.status).toBe(404);
    expect(comparable(load.body)).toEqual(comparable(missing.body));
  });

  it.each([
    ['C1a admin', 'R1', 'support@r1.example'],
    ['C1b admin', 'R1', 'support@r1.example'],
    ['C2 admin', 'R2', 'support@r2.example'],
  ] as const)("%s's support panel shows its own reseller %s, never the other one", async (caller, reseller, email) => {
    const res = await helpOf(caller).op('GetSupportDetails', {});

    expect(res.body).toMatchObject({ AccountId: idOf(reseller), Details: { SupportTechnicalEmail: email } });
  });

  it("a chat token of R1's admin is refused to R2's admin", async () => {
    const token = (await helpOf('R1 admin').op('GetChatBotToken', {})).body.Token;

    const res = await helpOf('R2 admin').op('AskChatBot', { Token: token, Question: 'orders' });

    expect(res.status).toBe(403);
  });
});

describe('server reports count only the orders and subscriptions of the caller scope (decision 0056)', () => {
  const reportClients = new Map<CallerName, ApiClient>();
  const orderOf = new Map<string, string>();
  const products = TREE.filter((a) => a.type === 'Product').map((a) => a.name);
  const PROBE = 'Server reports isolation probe';

  beforeAll(async () => {
    // The jobs earlier blocks queued (sending credentials resets passwords, say) run now, not in the middle of these.
    await t.app.jobs.runDue({});
    for (const [i, target] of products.entries()) {
      const order = await insertOrder(t.db, {
        accountId: idOf(target),
        companyId: null,
        resellerId: null,
        serviceName: 'ReportsIsolation',
        serviceDisplayName: PROBE,
        quantity: 1,
        currency: 'EUR',
        monthlySelling: '1',
        setupSelling: '0',
        purchaseCurrency: 'EUR',
        monthlyPurchase: '1',
        setupPurchase: '0',
        status: 'Completed',
        placedBy: null,
        placedAt: new Date(Date.UTC(2021, 0, 1 + i)),
      });
      orderOf.set(target, order.orderNumber);
    }
    await signInCallers(reportClients, [...READ_ALL, 'ORDER_MANAGEMENT_READ'], 'server reports');
  });

  it.each(CALLERS.map((c) => c.caller))('%s runs Orders by Date over exactly its own subscriptions', async (caller) => {
    const client = reportClients.get(caller)!;
    const parameters = { From: '2021-01-01', To: '2021-01-31' };
    const ex = await client.op('ExecuteReport', { name: 'OrdersByDate', parameters, flag: true });
    expect(ex.status, JSON.stringify(ex.body)).toBe(200);
    await t.app.jobs.runDue({});
    const res = await client.op('GetReportResult', { name: 'OrdersByDate', pageSize: 100 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const service = res.body.Columns.findIndex((c: { CellName: string }) => c.CellName === 'Service');
    const numbers = res.body.Rows.filter((r: unknown[]) => r[service] === PROBE).map((r: unknown[]) => r[0]);
    const expected = products.filter((p) => SCOPE[caller].includes(p)).map((p) => orderOf.get(p));
    expect(numbers.sort()).toEqual(expected.sort());
  });

  it.each(CALLERS.map((c) => c.caller))('%s counts exactly its own subscriptions by service', async (caller) => {
    const client = reportClients.get(caller)!;
    expect((await client.op('ExecuteReport', { name: 'SubscriptionsByServiceAndVendor', flag: true })).status).toBe(200);
    await t.app.jobs.runDue({});
    const res = await client.op('GetReportResult', { name: 'SubscriptionsByServiceAndVendor', pageSize: 100 });
    const total = res.body.Rows.reduce((s: number, r: unknown[]) => s + (r[5] as number), 0);
    // Earlier blocks add subscriptions to the tree: the report's total is compared with SQL over the caller's subtree.
    const root = CALLERS.find((c) => c.caller === caller)!.root;
    const [counted] = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM accounts WHERE account_type = 'Product'
          AND starts_with(path, (SELECT path FROM accounts WHERE id = $1))`,
      [idOf(root)],
    );
    expect(total).toBe(counted?.n);
    expect(total).toBeGreaterThanOrEqual(products.filter((p) => SCOPE[caller].includes(p)).length);
  });
});
