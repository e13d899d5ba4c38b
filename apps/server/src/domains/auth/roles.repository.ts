import type { Queryable } from '../../platform/db/db.js';

export interface RoleRow {
  id: number;
  name: string;
  description: string | null;
}

/** The roles of these names that exist in this installation. */
export async function findRolesByName(db: Queryable, names: readonly string[]): Promise<RoleRow[]> {
  if (names.length === 0) return [];
  return db.query<RoleRow>('SELECT id, name, description FROM roles WHERE name = ANY($1::text[])', [names]);
}

/** Gives a user a role (once). */
export async function grantRole(db: Queryable, userId: number, roleId: number): Promise<void> {
  await db.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, roleId]);
}
