import type { ServiceDocument } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';

/**
 * SQL of the service tool's drafts [S3.7]. A draft belongs to one user: every query names the user, so
 * nobody reads or removes another's draft. Edit drafts also name their service, which the service
 * layer has already found inside the caller's scope.
 */

export interface DraftRow {
  id: string;
  draft_key: string;
  data: ServiceDocument;
  added_at: Date;
}

export async function findDraft(db: Queryable, userId: number, key: string): Promise<DraftRow | null> {
  const [row] = await db.query<DraftRow>(
    'SELECT id, draft_key, data, added_at FROM service_drafts WHERE user_id = $1 AND draft_key = $2',
    [userId, key],
  );
  return row ?? null;
}

/** Stores the draft, replacing the user's previous one under the same key. */
export async function upsertDraft(
  db: Queryable,
  d: { userId: number; key: string; serviceId: number | null; data: ServiceDocument; now: Date },
): Promise<DraftRow> {
  const [row] = await db.query<DraftRow>(
    `INSERT INTO service_drafts (user_id, draft_key, service_id, data, added_at) VALUES ($1, $2, $3, $4::jsonb, $5)
     ON CONFLICT (user_id, draft_key) DO UPDATE SET service_id = EXCLUDED.service_id, data = EXCLUDED.data, added_at = EXCLUDED.added_at
     RETURNING id, draft_key, data, added_at`,
    [d.userId, d.key, d.serviceId, JSON.stringify(d.data), d.now],
  );
  if (!row) throw new Error('draft upsert returned no row');
  return row;
}

/** Removes the user's draft under a key; true when there was one. */
export async function deleteDraft(db: Queryable, userId: number, key: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM service_drafts WHERE user_id = $1 AND draft_key = $2 RETURNING id', [
    userId,
    key,
  ]);
  return rows.length > 0;
}
