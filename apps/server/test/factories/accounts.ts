import type { AccountType } from '@portal/contracts';
import { insertAccount } from '../../src/domains/accounts/index.js';
import { hashPassword } from '../../src/domains/auth/index.js';
import type { Queryable } from '../../src/platform/db/db.js';

export const TEST_PASSWORD = 'Test-password-1';
let cachedHash: Promise<string> | null = null;
let counter = 0;

export async function makeAccount(
  db: Queryable,
  a: {
    type: AccountType;
    parentId: number | null;
    displayName?: string;
    currency?: string;
  },
) {
  counter++;
  return insertAccount(db, {
    type: a.type,
    parentId: a.parentId,
    displayName: a.displayName ?? `${a.type} ${counter}`,
    currency: a.currency ?? (['Company', 'Reseller', 'Provider'].includes(a.type) ? 'EUR' : null),
  });
}

/** A user under parentId holding a role with exactly these capabilities. */
export async function makeUser(
  db: Queryable,
  a: {
    parentId: number;
    capabilities: string[];
    username?: string;
    displayName?: string;
  },
) {
  counter++;
  const username = a.username ?? `user${counter}.${Date.now().toString(36)}`;
  const id = await insertAccount(db, {
    type: 'User',
    parentId: a.parentId,
    displayName: a.displayName ?? `Test User ${counter}`,
    username,
    email: `${username}@example.com`,
    firstName: 'Test',
    lastName: `User ${counter}`,
  });
  cachedHash ??= hashPassword(TEST_PASSWORD);
  await db.query('INSERT INTO user_credentials (account_id, password_hash) VALUES ($1, $2)', [id, await cachedHash]);
  const [role] = await db.query<{ id: number }>('INSERT INTO roles (name) VALUES ($1) RETURNING id', [`role-${username}`]);
  if (role && a.capabilities.length > 0) {
    await db.query('INSERT INTO role_capabilities (role_id, capability) SELECT $1, unnest($2::text[])', [
      role.id,
      a.capabilities,
    ]);
  }
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, role?.id]);
  return { id, username };
}

export const READ_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_READ`);
export const UPDATE_ALL = ['RESELLER', 'COMPANY', 'DEPARTMENT', 'USER', 'PRODUCT'].map((t) => `${t}_ACCOUNT_UPDATE`);
