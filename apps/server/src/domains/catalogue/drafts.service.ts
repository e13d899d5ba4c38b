import { SERVICE_STATUS_PROMOTED, type ServiceDocument, type ServiceDraft, serviceDraftKey } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller } from '../../platform/operations/types.js';
import { cannotCreate, cannotUpdate } from './catalogue.errors.js';
import { canCreate, getInScope } from './catalogue.service.js';
import * as repo from './drafts.repository.js';
import { draftPermission } from './drafts.rules.js';
import { withoutProvisioningPasswords } from './provisioning-passwords.js';

/**
 * The window a draft belongs to, checked: the create window needs the create right; an edit window's
 * service must be inside the caller's scope (else the same 404 as a missing one) and updatable by it.
 * The key uses the stored spelling of the service name [S4.2].
 */
async function draftTarget(
  db: Queryable,
  caller: Caller,
  serviceName: string | null,
): Promise<{ key: string; serviceId: number | null; ownerId: number }> {
  const row = serviceName === null ? null : await getInScope(db, caller, serviceName);
  const permission = draftPermission({
    serviceName: row?.service_name ?? null,
    canCreate: canCreate(caller),
    granted: caller.capabilities,
    serviceStatus: row?.service_status ?? null,
  });
  if (!permission.allowed) {
    throw permission.reason === 'create' ? cannotCreate() : cannotUpdate(row?.service_status === SERVICE_STATUS_PROMOTED);
  }
  return {
    key: serviceDraftKey(row?.service_name ?? null),
    serviceId: row?.id ?? null,
    ownerId: row?.owner_account_id ?? caller.scope.rootId,
  };
}

const toDraft = (row: repo.DraftRow): ServiceDraft => ({
  Id: Number(row.id),
  Key: row.draft_key,
  Data: row.data,
  Added: row.added_at.toISOString(),
  Version: row.version,
});

/**
 * Decision 0036: a draft save or dismiss over a version that is no longer the draft's. `current` is the draft as
 * GetServiceDraft reads it now; when there is none any more (dismissed, or deleted by saving the service in another
 * window) it is Version 0 with Data and Added null, so keeping one's values saves the draft anew.
 */
async function staleDraft(db: Queryable, caller: Caller, key: string): Promise<never> {
  const row = await repo.findDraft(db, caller.userId, key);
  throw staleVersion('draft', row ? toDraft(row) : { Id: null, Key: key, Data: null, Added: null, Version: 0 });
}

/** [S4.2] GetServiceDraft: the caller's own draft of this window, or null. */
export async function getDraft(
  db: Queryable,
  caller: Caller,
  serviceName: string | null,
): Promise<{ Draft: ServiceDraft | null }> {
  const target = await draftTarget(db, caller, serviceName);
  const row = await repo.findDraft(db, caller.userId, target.key);
  return { Draft: row ? toDraft(row) : null };
}

/** [S4.2], [S9.4] SaveServiceDraft: stores the form as the caller's draft of this window, stamped now. */
export async function saveDraft(
  db: Queryable,
  caller: Caller,
  input: { ServiceName: string | null; Data: ServiceDocument; Version: number },
  now: Date,
): Promise<{ result: Omit<ServiceDraft, 'Data'>; ownerId: number }> {
  const target = await draftTarget(db, caller, input.ServiceName);
  const row = await repo.saveDraftAt(db, {
    userId: caller.userId,
    key: target.key,
    serviceId: target.serviceId,
    // A draft never keeps a provisioning password (decision 0035): it is typed again, or the stored one is kept.
    data: withoutProvisioningPasswords(input.Data),
    now,
    version: input.Version,
  });
  if (!row) return staleDraft(db, caller, target.key);
  const { Data: _data, ...result } = toDraft(row);
  return { result, ownerId: target.ownerId };
}

/**
 * [S4.2] DeleteServiceDraft (dismiss): removes the caller's draft of this window if it is still the version the
 * window offered (decision 0036); a draft saved since answers 409 and stays. No draft at all: nothing to dismiss.
 */
export async function deleteDraft(
  db: Queryable,
  caller: Caller,
  input: { ServiceName: string | null; Version: number },
): Promise<{ result: { Deleted: boolean }; key: string; ownerId: number }> {
  const target = await draftTarget(db, caller, input.ServiceName);
  const deleted = await repo.deleteDraft(db, caller.userId, target.key, input.Version);
  if (!deleted && (await repo.findDraft(db, caller.userId, target.key))) await staleDraft(db, caller, target.key);
  return { result: { Deleted: deleted }, key: target.key, ownerId: target.ownerId };
}

/**
 * [S4.2] Drafts are deleted after a successful save: called by CreateService and UpdateService in
 * their own transaction, so a failed save keeps the draft.
 */
export async function deleteDraftAfterSave(db: Queryable, caller: Caller, serviceName: string | null): Promise<void> {
  await repo.deleteDraft(db, caller.userId, serviceDraftKey(serviceName));
}
