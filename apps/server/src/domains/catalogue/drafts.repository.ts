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
  version: number;
}

const COLUMNS = 'id, draft_key, data, added_at, version';

export async function findDraft(db: Queryable, userId: number, key: string): Promise<DraftRow | null> {
  const [row] = await db.query<DraftRow>(`SELECT ${COLUMNS} FROM service_drafts WHERE user_id = $1 AND draft_key = $2`, [
    userId,
    key,
  ]);
  return row ?? null;
}

/**
 * Stores the draft over the version its window read (decision 0036), in the statement that writes: version 0 adds
 * one only where the user has none under the key, any other replaces only the draft still at that version. Null when
 * the version was stale: nothing was written.
 */
export async function saveDraftAt(
  db: Queryable,
  d: { userId: number; key: string; serviceId: number | null; data: ServiceDocument; now: Date; version: number },
): Promise<DraftRow | null> {
  const values = [d.userId, d.key, d.serviceId, JSON.stringify(d.data), d.now];
  const [row] =
    d.version === 0
      ? await db.query<DraftRow>(
          `INSERT INTO service_drafts (user_id, draft_key, service_id, data, added_at) VALUES ($1, $2, $3, $4::jsonb, $5)
           ON CONFLICT (user_id, draft_key) DO NOTHING RETURNING ${COLUMNS}`,
          values,
        )
      : await db.query<DraftRow>(
          `UPDATE service_drafts SET service_id = $3, data = $4::jsonb, added_at = $5, version = nextval('service_draft_versions')
           WHERE user_id = $1 AND draft_key = $2 AND version = $6 RETURNING ${COLUMNS}`,
          [...values, d.version],
        );
  return row ?? null;
}

/**
 * Removes the user's draft under a key; true when there was one. With a version (decision 0036), only the draft
 * still at that version goes.
 */
export async function deleteDraft(db: Queryable, userId: number, key: string, version?: number): Promise<boolean> {
  const rows =
    version === undefined
      ? await db.query<{ id: string }>('DELETE FROM service_drafts WHERE user_id = $1 AND draft_key = $2 RETURNING id', [
          userId,
          key,
        ])
      : await db.query<{ id: string }>(
          'DELETE FROM service_drafts WHERE user_id = $1 AND draft_key = $2 AND version = $3 RETURNING id',
          [userId, key, version],
        );
  return rows.length > 0;
}
