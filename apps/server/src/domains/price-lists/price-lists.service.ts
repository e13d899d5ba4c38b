/**
 * Price lists ("my marketplaces") [M1.5] (decision 0033): what the caller's organisation owns, its services,
 * copies and assignments. Every edit locks the list, checks the version the user saw and moves it on.
 */
import type {
  CopyMarketplace,
  CreateMarketplace,
  ListMarketplaceAssignees,
  ListMarketplaceServicesLite,
  ListMarketplaces,
  Marketplace,
  MarketplaceServiceStatus,
  OperationInput,
  UpdateMarketplaceProperties,
  UpdateMarketplaceServices,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, forbidden, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller } from '../../platform/operations/types.js';
import * as repo from './price-lists.repository.js';
import {
  assignmentDecision,
  canOwnPriceLists,
  copiedPrice,
  type Decision,
  isStale,
  pageWindow,
  refusedFlagChanges,
  removalStatus,
  renameDecision,
} from './price-lists.rules.js';

const WHAT = 'Price list';

const scopeOf = (caller: Caller): repo.Scope => ({ rootId: caller.scope.rootId, rootPath: caller.scope.rootPath });

export function toMarketplace(row: repo.MarketplaceRow, caller: Caller): Marketplace {
  return {
    Id: row.id,
    Name: row.name,
    AssigneeCount: row.assignee_count,
    ServiceCount: row.service_count,
    Priority: row.priority,
    PricingMode: row.pricing_mode,
    IsAutoSrpSyncEnabled: row.is_auto_srp_sync_enabled,
    IsAutoAddEnabled: row.is_auto_add_enabled,
    IsPropagationEnabled: row.is_propagation_enabled,
    MarkupPercent: row.markup_percent,
    OwnerAccountId: row.owner_account_id,
    OwnerName: row.owner_name,
    IsOwn: row.owner_path.startsWith(caller.scope.rootPath),
    Version: row.version,
    UpdatedBy: row.updated_by_name,
    UpdatedAt: row.updated_at.toISOString(),
  };
}

function refuse(decision: Decision): void {
  if (!decision.ok) throw validationFailed([{ field: decision.field, message: decision.message }]);
}

/** A list the caller may read: owned inside its scope or assigned to its organisation; otherwise 404. */
async function getVisible(db: Queryable, caller: Caller, id: number): Promise<repo.MarketplaceRow> {
  const row = await repo.findVisible(db, scopeOf(caller), id);
  if (!row) throw notFound(WHAT);
  return row;
}

/** A list the caller may change, locked, at the version the user saw; 409 with the current list when stale. */
async function getForEdit(db: Queryable, caller: Caller, id: number, version: number | null): Promise<repo.MarketplaceRow> {
  await repo.lockForUpdate(db, id);
  const row = await getVisible(db, caller, id);
  if (!row.owner_path.startsWith(caller.scope.rootPath)) {
    throw forbidden('Only the organisation that owns this price list can change it');
  }
  if (version !== null && isStale({ seen: version, current: row.version })) {
    throw staleVersion('price list', toMarketplace(row, caller), 'version');
  }
  return row;
}

/** The price list as GetMarketplace reads it now: also what a stale edit's 409 carries as `current` (decision 0036). */
export async function current(db: Queryable, caller: Caller, id: number): Promise<Marketplace> {
  return toMarketplace(await getVisible(db, caller, id), caller);
}

async function assertNameFree(db: Queryable, ownerId: number, name: string, exceptId: number | null, field: string) {
  if (await repo.nameTaken(db, ownerId, name, exceptId)) {
    throw validationFailed([{ field, message: 'A price list with this name already exists' }]);
  }
}

export async function listMarketplaces(db: Queryable, caller: Caller, input: OperationInput<typeof ListMarketplaces>) {
  const { rows, total } = await repo.listVisible(db, scopeOf(caller), { ...pageWindow(input), search: input.search });
  return { Items: rows.map((r) => toMarketplace(r, caller)), Total: total, Page: input.page, PageSize: input.pageSize };
}

export async function getMarketplaceProperties(db: Queryable, caller: Caller, id: number) {
  return current(db, caller, id);
}

export async function createMarketplace(
  db: Queryable,
  caller: Caller,
  input: OperationInput<typeof CreateMarketplace>,
  now: Date,
) {
  if (!canOwnPriceLists(caller.scope.rootType)) throw forbidden('Only a provider or a reseller keeps price lists');
  await assertNameFree(db, caller.scope.rootId, input.Name, null, 'Name');
  const id = await repo.insert(db, {
    ownerId: caller.scope.rootId,
    name: input.Name,
    priority: input.Priority,
    pricingMode: input.PricingMode,
    by: caller.userId,
    now,
  });
  return current(db, caller, id);
}

export async function updateMarketplaceName(
  db: Queryable,
  caller: Caller,
  input: { id: number; name: string; version: number },
  now: Date,
) {
  const row = await getForEdit(db, caller, input.id, input.version);
  refuse(renameDecision({ current: row.name, next: input.name }));
  await assertNameFree(db, row.owner_account_id, input.name, row.id, 'name');
  await repo.update(db, row.id, { name: input.name }, caller.userId, now);
  return { before: { Name: row.name }, after: await current(db, caller, row.id) };
}

export async function updateMarketplaceProperties(
  db: Queryable,
  caller: Caller,
  input: OperationInput<typeof UpdateMarketplaceProperties>,
  now: Date,
) {
  const row = await getForEdit(db, caller, input.id, input.version);
  const refused = refusedFlagChanges({
    input,
    current: {
      IsAutoSrpSyncEnabled: row.is_auto_srp_sync_enabled,
      IsPropagationEnabled: row.is_propagation_enabled,
      IsAutoAddEnabled: row.is_auto_add_enabled,
    },
    capabilities: caller.capabilities,
  });
  if (refused.length > 0) throw new DomainError('FORBIDDEN', 'You do not have permission to change this setting', refused);
  await repo.update(
    db,
    row.id,
    {
      is_auto_srp_sync_enabled: input.IsAutoSrpSyncEnabled,
      is_propagation_enabled: input.IsPropagationEnabled,
      is_auto_add_enabled: input.IsAutoAddEnabled,
      priority: input.Priority,
      pricing_mode: input.PricingMode,
    },
    caller.userId,
    now,
  );
  return { before: toMarketplace(row, caller), after: await current(db, caller, row.id) };
}

export async function copyMarketplace(db: Queryable, caller: Caller, input: OperationInput<typeof CopyMarketplace>, now: Date) {
  const source = await getVisible(db, caller, input.id);
  if (!source.owner_path.startsWith(caller.scope.rootPath)) throw forbidden('Only the owner of this price list can copy it');
  if (!canOwnPriceLists(caller.scope.rootType)) throw forbidden('Only a provider or a reseller keeps price lists');
  // The copy belongs to the source's owner, next to it (the provider copying a reseller's list copies it for the reseller).
  await assertNameFree(db, source.owner_account_id, input.newName, null, 'newName');
  const id = await repo.insert(db, {
    ownerId: source.owner_account_id,
    name: input.newName,
    priority: source.priority,
    pricingMode: source.pricing_mode,
    isAutoSrpSyncEnabled: source.is_auto_srp_sync_enabled,
    isAutoAddEnabled: source.is_auto_add_enabled,
    isPropagationEnabled: source.is_propagation_enabled,
    by: caller.userId,
    now,
  });
  const content = await repo.listServicesForCopy(db, source.id);
  await repo.insertCopy(
    db,
    id,
    {
      ...content,
      prices: content.prices.map((p) => ({ ...p, custom_price: copiedPrice({ price: p.custom_price, margin: input.margin }) })),
    },
    caller.userId,
    now,
  );
  return { Id: id, from: source.id, name: input.newName, margin: input.margin };
}

export async function deleteMarketplace(db: Queryable, caller: Caller, input: { id: number; version: number }) {
  const row = await getForEdit(db, caller, input.id, input.version);
  await repo.remove(db, row.id);
  return { Id: row.id, before: toMarketplace(row, caller) };
}

export async function updateMarketplaceServices(
  db: Queryable,
  caller: Caller,
  input: OperationInput<typeof UpdateMarketplaceServices>,
  now: Date,
) {
  const row = await getForEdit(db, caller, input.marketplaceId, input.version);
  const statuses = await repo.serviceStatuses(db, row.id, input.services);
  const results: { ServiceId: number; Status: MarketplaceServiceStatus }[] = [];
  if (input.flag) {
    const owner = await repo.findAccount(db, row.owner_account_id);
    const addable = await repo.addableServices(db, { id: row.owner_account_id, type: owner?.account_type ?? '' }, input.services);
    const refused = input.services
      .map((id, i) => ({ id, field: `services.${i}` }))
      .filter((s) => !addable.has(s.id) && statuses.get(s.id) !== 'Added');
    if (refused.length > 0) {
      throw validationFailed(
        refused.map((s) => ({ field: s.field, message: `Service ${s.id} cannot be added to this price list` })),
      );
    }
    await repo.upsertAdded(db, row.id, input.services, caller.userId, now);
    for (const id of input.services) results.push({ ServiceId: id, Status: 'Added' });
  } else {
    const missing = input.services.map((id, i) => ({ id, field: `services.${i}` })).filter((s) => !statuses.has(s.id));
    if (missing.length > 0) {
      throw validationFailed(missing.map((s) => ({ field: s.field, message: `Service ${s.id} is not in this price list` })));
    }
    for (const id of input.services) {
      const isUsed = (await repo.assigneesUsingService(db, row.id, id)).length > 0;
      results.push({ ServiceId: id, Status: removalStatus({ isUsed }) });
    }
    const ids = (status: MarketplaceServiceStatus) => results.filter((r) => r.Status === status).map((r) => r.ServiceId);
    if (ids('Hidden').length > 0) await repo.setHidden(db, row.id, ids('Hidden'));
    if (ids('Deleted').length > 0) await repo.deleteServices(db, row.id, ids('Deleted'));
  }
  await repo.update(db, row.id, {}, caller.userId, now);
  return { Services: results, Marketplace: await current(db, caller, row.id) };
}

export async function checkForMarketplaceServiceInstances(
  db: Queryable,
  caller: Caller,
  input: { serviceId: number; marketplaceId: number },
) {
  const row = await getVisible(db, caller, input.marketplaceId);
  // Other assignees are other tenants: only the owner's side learns who uses a service.
  if (!row.owner_path.startsWith(caller.scope.rootPath)) throw forbidden('Only the owner of this price list can see who uses it');
  const assignees = await repo.assigneesUsingService(db, row.id, input.serviceId);
  return {
    IsServiceUsed: assignees.length > 0,
    ServiceAssignees: assignees.map((a) => ({ AccountId: a.account_id, CompanyName: a.display_name })),
  };
}

export async function listMarketplaceServicesLite(
  db: Queryable,
  caller: Caller,
  input: OperationInput<typeof ListMarketplaceServicesLite>,
) {
  const row = await getVisible(db, caller, input.marketplaceId);
  const { rows, total } = await repo.listServices(db, row.id, { ...pageWindow(input), search: input.search });
  return {
    Items: rows.map((s) => ({
      ServiceId: s.service_id,
      ServiceName: s.service_name,
      DisplayName: s.display_name,
      ShortDescription: s.short_description,
      Icon: s.icon,
      Category: s.category,
      OwnerAccountId: s.owner_account_id,
      OwnerName: s.owner_name,
      Status: s.status,
    })),
    Total: total,
    Page: input.page,
    PageSize: input.pageSize,
  };
}

export async function getAvailableMarketplacesForServices(db: Queryable, caller: Caller, ids: number[]) {
  const rows = await repo.marketplacesHolding(db, caller.scope.rootPath, ids);
  return [...new Set(ids)].map((serviceId) => ({
    ServiceId: serviceId,
    Marketplaces: rows.filter((r) => r.service_id === serviceId).map((r) => ({ Id: r.id, Name: r.name, Status: r.status })),
  }));
}

export async function listMarketplaceAssignees(
  db: Queryable,
  caller: Caller,
  input: OperationInput<typeof ListMarketplaceAssignees>,
) {
  const row = await getVisible(db, caller, input.marketplaceId);
  // An assignee that is not the owner sees only the assignees inside its own scope (itself), never other tenants.
  const within = row.owner_path.startsWith(caller.scope.rootPath) ? null : caller.scope.rootPath;
  const { rows, total } = await repo.listAssignees(db, row.id, pageWindow(input), within);
  return {
    Items: rows.map((a) => ({
      AccountId: a.account_id,
      DisplayName: a.display_name,
      AccountType: a.account_type,
      AssignedAt: a.assigned_at.toISOString(),
    })),
    Total: total,
    Page: input.page,
    PageSize: input.pageSize,
  };
}

/** The assignee picker's choices. */
export async function listAssigneeCandidates(db: Queryable, caller: Caller, input: { marketplaceId: number; search: string }) {
  const row = await getVisible(db, caller, input.marketplaceId);
  if (!row.owner_path.startsWith(caller.scope.rootPath)) throw forbidden('Only the owner of this price list can assign it');
  const rows = await repo.listCandidates(db, {
    id: row.id,
    ownerPath: row.owner_path,
    scopePath: caller.scope.rootPath,
    search: input.search,
    limit: 20,
  });
  return rows.map((r) => ({ AccountId: r.id, DisplayName: r.display_name, AccountType: r.account_type }));
}

export async function assignMarketplace(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; accountId: number; version: number },
  now: Date,
) {
  const row = await getForEdit(db, caller, input.marketplaceId, input.version);
  const target = await repo.findAccount(db, input.accountId);
  if (!target) throw notFound();
  refuse(
    assignmentDecision({
      ownerPath: row.owner_path,
      target: { type: target.account_type, path: target.path, state: target.state },
      isAssigned: await repo.isAssigned(db, row.id, target.id),
    }),
  );
  await repo.insertAssignment(db, row.id, target.id, caller.userId, now);
  await repo.update(db, row.id, {}, caller.userId, now);
  return { assignee: target.display_name, after: await current(db, caller, row.id) };
}

export async function unassignMarketplace(
  db: Queryable,
  caller: Caller,
  input: { marketplaceId: number; accountId: number; version: number },
  now: Date,
) {
  const row = await getForEdit(db, caller, input.marketplaceId, input.version);
  if (!(await repo.isAssigned(db, row.id, input.accountId))) {
    throw validationFailed([{ field: 'accountId', message: 'The price list is not assigned to this account' }]);
  }
  await repo.deleteAssignment(db, row.id, input.accountId);
  await repo.update(db, row.id, {}, caller.userId, now);
  return current(db, caller, row.id);
}
