import type { DashboardAudience, DashboardContent, DashboardLayout } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

export interface DashboardRow {
  id: number;
  owner_account_id: number;
  owner_display_name: string;
  owner_path: string;
  title: string;
  layout: DashboardLayout;
  content: DashboardContent;
  visible_to: DashboardAudience[];
  published: boolean;
  version: number;
  created_by_name: string | null;
  created_at: Date | string;
  updated_by_name: string | null;
  updated_at: Date | string;
}

const SELECT = `SELECT d.id, d.owner_account_id, o.display_name AS owner_display_name, o.path AS owner_path, d.title,
    d.layout, d.content, d.visible_to, d.published, d.version,
    (SELECT display_name FROM accounts WHERE id = d.created_by) AS created_by_name, d.created_at,
    (SELECT display_name FROM accounts WHERE id = d.updated_by) AS updated_by_name, d.updated_at
  FROM landing_dashboards d JOIN accounts o ON o.id = d.owner_account_id`;

/** One dashboard with its owner's path (the service checks the caller's scope), or null. */
export async function findDashboard(db: Queryable, id: number): Promise<DashboardRow | null> {
  const [row] = await db.query<DashboardRow>(`${SELECT} WHERE d.id = $1`, [id]);
  return row ?? null;
}

/** An organisation's dashboards, most recently updated first. */
export async function listOwnedDashboards(db: Queryable, ownerId: number): Promise<DashboardRow[]> {
  return db.query<DashboardRow>(`${SELECT} WHERE d.owner_account_id = $1 ORDER BY d.updated_at DESC, d.id DESC`, [ownerId]);
}

/** The titles of an organisation's dashboards, with a lock on the owner so two creates count one after the other. */
export async function lockOwnerTitles(db: Queryable, ownerId: number): Promise<string[]> {
  await db.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [ownerId]);
  const rows = await db.query<{ title: string }>('SELECT title FROM landing_dashboards WHERE owner_account_id = $1', [ownerId]);
  return rows.map((row) => row.title);
}

export async function insertDashboard(
  db: Queryable,
  row: { ownerId: number; title: string; layout: DashboardLayout; visibleTo: DashboardAudience[]; userId: number; now: Date },
): Promise<number> {
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO landing_dashboards (owner_account_id, title, layout, content, visible_to, published, version,
       created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3::jsonb, '{}'::jsonb, $4::text[], false, 1, $5, $6, $5, $6) RETURNING id`,
    [row.ownerId, row.title, JSON.stringify(row.layout), row.visibleTo, row.userId, row.now],
  );
  if (!inserted) throw new Error('landing_dashboards insert returned no row');
  return inserted.id;
}

/** Saves over `version`, which becomes version + 1; false when the saved version is no longer `version`. */
export async function updateDashboard(
  db: Queryable,
  row: {
    id: number;
    version: number;
    title: string;
    layout: DashboardLayout;
    content: DashboardContent;
    visibleTo: DashboardAudience[];
    published: boolean;
    userId: number;
    now: Date;
  },
): Promise<boolean> {
  const saved = await db.query<{ id: number }>(
    `UPDATE landing_dashboards
     SET title = $3, layout = $4::jsonb, content = $5::jsonb, visible_to = $6::text[], published = $7,
         version = version + 1, updated_by = $8, updated_at = $9
     WHERE id = $1 AND version = $2 RETURNING id`,
    [
      row.id,
      row.version,
      row.title,
      JSON.stringify(row.layout),
      JSON.stringify(row.content),
      row.visibleTo,
      row.published,
      row.userId,
      row.now,
    ],
  );
  return saved.length > 0;
}

export async function deleteDashboard(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM landing_dashboards WHERE id = $1', [id]);
}

/**
 * [M7.6] The landing dashboard among `ownerIds` (the organisations above a user) for `audience`: the nearest owner
 * (deepest in the tree) first, then the most recently updated.
 */
export async function findNearestPublished(
  db: Queryable,
  ownerIds: readonly number[],
  audience: DashboardAudience,
): Promise<DashboardRow | null> {
  const [row] = await db.query<DashboardRow>(
    `${SELECT} WHERE d.owner_account_id = ANY($1::int[]) AND d.published AND $2 = ANY(d.visible_to)
     ORDER BY o.depth DESC, d.updated_at DESC, d.id DESC LIMIT 1`,
    [ownerIds, audience],
  );
  return row ?? null;
}
