/**
 * Landing dashboards (decision 0051): the dashboard manager's records [M3.6] [M7.1]-[M7.5] and the landing lookup
 * [M7.6]. A dashboard belongs to an organisation (provider or reseller); a caller reaches those of the organisations
 * inside its scope, and anything else answers the same 404 as a missing dashboard.
 */
import {
  type CreateDashboardInputSchema,
  DASHBOARD_HTML_MAX,
  DASHBOARDS_PER_OWNER_MAX,
  type Dashboard,
  type DashboardList,
  nextDashboardTitle,
  type UpdateDashboardInputSchema,
} from '@portal/contracts';
import type { z } from 'zod';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { AuditEntry, Caller } from '../../platform/operations/types.js';
import { isInScope, pathIds } from '../../platform/tenancy/scope.js';
import { findLocation, findNearestOfType } from '../accounts/index.js';
import * as repo from './dashboards.repository.js';
import { audienceOf, dashboardAction, sanitizeContent } from './dashboards.rules.js';

export const DASHBOARD_NOT_FOUND = 'Dashboard';
export const OWNER_TYPES = ['Provider', 'Reseller'] as const;
export const NOT_AN_OWNER_MESSAGE = 'Only the provider and resellers design landing dashboards';
export const NO_LANDING_MESSAGE = 'No dashboard is published for you';

type CreateInput = z.infer<typeof CreateDashboardInputSchema>;
type UpdateInput = z.infer<typeof UpdateDashboardInputSchema>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toDashboard(row: repo.DashboardRow): Dashboard {
  return {
    id: row.id,
    title: row.title,
    layout: row.layout,
    content: row.content,
    visibleTo: row.visible_to,
    published: row.published,
    Version: row.version,
    OwnerAccountId: row.owner_account_id,
    OwnerDisplayName: row.owner_display_name,
    CreatedBy: row.created_by_name,
    CreatedAt: iso(row.created_at),
    UpdatedBy: row.updated_by_name,
    UpdatedAt: iso(row.updated_at),
  };
}

/** What the audit row keeps of a dashboard (its html included: the row is the only trace of a deleted one). */
function auditState(d: Pick<Dashboard, 'title' | 'layout' | 'content' | 'visibleTo' | 'published'>) {
  return { title: d.title, layout: d.layout, content: d.content, visibleTo: d.visibleTo, published: d.published };
}

/** A dashboard of an organisation inside the caller's scope, or 404. */
async function dashboardInScope(db: Queryable, caller: Caller, id: number): Promise<repo.DashboardRow> {
  const row = await repo.findDashboard(db, id);
  if (!row || !isInScope(caller.scope.rootPath, row.owner_path)) throw notFound(DASHBOARD_NOT_FOUND);
  return row;
}

/** [M7.2] The caller organisation's dashboards, published and drafts. */
export async function listDashboards(db: Queryable, caller: Caller): Promise<DashboardList> {
  const rows = await repo.listOwnedDashboards(db, caller.scope.rootId);
  return { dashboards: rows.map(toDashboard) };
}

/** [M7.3] */
export async function getDashboard(db: Queryable, caller: Caller, id: number): Promise<Dashboard> {
  return toDashboard(await dashboardInScope(db, caller, id));
}

/** [M7.1] [M4.8] A draft with empty content, owned by the caller's organisation; 'My Dashboard N' without a title. */
export async function createDashboard(
  db: Queryable,
  caller: Caller,
  parsed: CreateInput,
  now: Date,
): Promise<{ result: Dashboard; audit: AuditEntry }> {
  if (!(OWNER_TYPES as readonly string[]).includes(caller.scope.rootType)) throw forbidden(NOT_AN_OWNER_MESSAGE);
  const ownerId = caller.scope.rootId;
  const titles = await repo.lockOwnerTitles(db, ownerId);
  if (titles.length >= DASHBOARDS_PER_OWNER_MAX) {
    throw new DomainError('CONFLICT', `An organisation keeps at most ${DASHBOARDS_PER_OWNER_MAX} dashboards; delete one first`);
  }
  const id = await repo.insertDashboard(db, {
    ownerId,
    title: parsed.title ?? nextDashboardTitle(titles),
    layout: parsed.layout,
    visibleTo: parsed.visibleTo,
    userId: caller.userId,
    now,
  });
  const result = toDashboard(await dashboardInScope(db, caller, id));
  return { result, audit: { accountId: ownerId, after: { action: 'create', id, ...auditState(result) } } };
}

/**
 * [M7.5] [M4.7] Saves the whole dashboard over the Version the caller read; `published` publishes or unpublishes.
 * Text widgets are sanitised before they are stored. A stale Version answers 409 CONFLICT with `current`.
 */
export async function updateDashboard(
  db: Queryable,
  caller: Caller,
  parsed: UpdateInput,
  now: Date,
): Promise<{ result: Dashboard; audit: AuditEntry }> {
  const row = await dashboardInScope(db, caller, parsed.id);
  const before = toDashboard(row);
  if (row.version !== parsed.Version) throw staleVersion('dashboard', before);
  const content = sanitizeContent(parsed.content);
  const tooLong = Object.entries(content).filter(([, widget]) => widget.type === 'text' && widget.html.length > DASHBOARD_HTML_MAX);
  if (tooLong.length > 0) {
    throw validationFailed(
      tooLong.map(([slot]) => ({ field: `content.${slot}.html`, message: `Keep the text under ${DASHBOARD_HTML_MAX} characters` })),
    );
  }
  const saved = await repo.updateDashboard(db, {
    id: row.id,
    version: parsed.Version,
    title: parsed.title,
    layout: parsed.layout,
    content,
    visibleTo: parsed.visibleTo,
    published: parsed.published,
    userId: caller.userId,
    now,
  });
  if (!saved) throw staleVersion('dashboard', toDashboard(await dashboardInScope(db, caller, row.id)));
  const result = toDashboard(await dashboardInScope(db, caller, row.id));
  return {
    result,
    audit: {
      accountId: row.owner_account_id,
      before: { id: row.id, ...auditState(before) },
      after: { action: dashboardAction(before, result), id: row.id, ...auditState(result) },
    },
  };
}

/** [M7.4] Deletes a dashboard; its audit row keeps what it held. */
export async function deleteDashboard(
  db: Queryable,
  caller: Caller,
  id: number,
): Promise<{ result: { id: number; deleted: true }; audit: AuditEntry }> {
  const row = await dashboardInScope(db, caller, id);
  await repo.deleteDashboard(db, row.id);
  return {
    result: { id: row.id, deleted: true },
    audit: { accountId: row.owner_account_id, before: { id: row.id, ...auditState(toDashboard(row)) }, after: { action: 'delete', id: row.id } },
  };
}

/**
 * [M7.6] [M4.10] The caller's landing dashboard: among the organisations above the signed-in user, the nearest one
 * that published a dashboard for the user's audience (the most recently updated if it published several).
 */
export async function getMyDashboard(db: Queryable, caller: Caller): Promise<Dashboard> {
  const none = () => new DomainError('NO_LANDING_DASHBOARD', NO_LANDING_MESSAGE);
  const user = await findLocation(db, caller.userId);
  if (!user) throw none();
  const nearest = await findNearestOfType(db, user.path, ['Company', 'Reseller', 'Provider']);
  const audience = audienceOf(nearest?.account_type ?? null);
  if (!audience) throw none();
  const above = pathIds(user.path).filter((id) => id !== user.id);
  const row = await repo.findNearestPublished(db, above, audience);
  if (!row) throw none();
  return toDashboard(row);
}
