import type { Queryable } from '../../platform/db/db.js';

export interface ProfileRow {
  account_id: number;
  description: string;
  icon_file_id: string | null;
  version: number;
}

const COLUMNS = 'account_id, description, icon_file_id, version';

/** A vendor's saved profile, or null while nothing was saved. */
export async function findProfile(db: Queryable, accountId: number): Promise<ProfileRow | null> {
  const [row] = await db.query<ProfileRow>(`SELECT ${COLUMNS} FROM product_owner_profiles WHERE account_id = $1`, [accountId]);
  return row ?? null;
}

/** The first save of a profile (version 1); null when another save created it first. */
export async function insertProfile(
  db: Queryable,
  row: { accountId: number; description: string; iconFileId: string | null; updatedBy: number | null; now: Date },
): Promise<ProfileRow | null> {
  const [saved] = await db.query<ProfileRow>(
    `INSERT INTO product_owner_profiles (account_id, description, icon_file_id, version, updated_by, updated_at)
     VALUES ($1, $2, $3, 1, $4, $5)
     ON CONFLICT (account_id) DO NOTHING
     RETURNING ${COLUMNS}`,
    [row.accountId, row.description, row.iconFileId, row.updatedBy, row.now],
  );
  return saved ?? null;
}

/** Saves over `version`, which becomes version + 1; null when the saved version is no longer `version`. */
export async function updateProfile(
  db: Queryable,
  row: {
    accountId: number;
    version: number;
    description: string;
    iconFileId: string | null;
    updatedBy: number | null;
    now: Date;
  },
): Promise<ProfileRow | null> {
  const [saved] = await db.query<ProfileRow>(
    `UPDATE product_owner_profiles
     SET description = $3, icon_file_id = $4, version = version + 1, updated_by = $5, updated_at = $6
     WHERE account_id = $1 AND version = $2
     RETURNING ${COLUMNS}`,
    [row.accountId, row.version, row.description, row.iconFileId, row.updatedBy, row.now],
  );
  return saved ?? null;
}

/** The vendor whose profile shows a stored file as its logo, or null. */
export async function findProfileByIcon(db: Queryable, name: string): Promise<{ account_id: number } | null> {
  const [row] = await db.query<{ account_id: number }>(
    'SELECT account_id FROM product_owner_profiles WHERE icon_file_id = $1 LIMIT 1',
    [name],
  );
  return row ?? null;
}

/** The stored files vendors' profiles show as logos: the orphan upload sweep never removes them. */
export const LOGO_FILE_NAMES_SQL = 'SELECT icon_file_id FROM product_owner_profiles';
