import { randomUUID } from 'node:crypto';
import {
  allowedServiceAreas,
  applyPodRule,
  blankServiceDocument,
  type CreateServiceInputSchema,
  type CreationResult,
  type Currency,
  cleanServiceForSend,
  type Datacenter,
  DESCRIPTION_TYPES,
  type DescriptionGroup,
  type DescriptionType,
  type FieldError,
  IMPORTED_FROM_OTHER_INSTANCE,
  type ListServicesOutput,
  normalizeServiceDocument,
  remoteDataSourceErrors,
  replaceGeneratedFieldIds,
  SERVICE_AREA_CAPABILITY,
  SERVICE_AREA_PROPERTIES,
  SERVICE_AREAS,
  SERVICE_CREATION_STARTED,
  SERVICE_STATUS_PROMOTED,
  SERVICE_UPDATED,
  type Service,
  type ServiceArea,
  type ServiceCategory,
  type ServiceDescription,
  type ServiceDocument,
  ServiceDocumentSchema,
  type ServiceState,
  type ServiceSummary,
  type UpdateServiceInput,
  validateEditLocks,
  validateImport,
  validateServiceDocument,
} from '@portal/contracts';
import type { z } from 'zod';
import { loadConfig } from '../../platform/config/config.js';
import type { Db, Queryable } from '../../platform/db/db.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import { refusalOfUrl } from '../../platform/http/outgoing.js';
import { enqueueJob } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { findById as findAccount } from '../accounts/index.js';
import {
  cannotCreate,
  cannotUpdate,
  creationFailed,
  importRejected,
  invalidService,
  remoteDataSourceForbidden,
  serviceNameTaken,
  serviceNotFound,
  stillCreating,
  tagCreateForbidden,
} from './catalogue.errors.js';
import * as repo from './catalogue.repository.js';
import {
  applyUpdate,
  assignBillingIds,
  type CurrentGroup,
  canonicalTags,
  containsPattern,
  definitionOf,
  foreignRuleIds,
  isMajorTermsChange,
  planDescriptionGroup,
  stripUnauthorizedAreas,
  unknownTags,
} from './catalogue.rules.js';
import { fileReferenceErrors } from './files.service.js';
import { saveProvisioningPasswords, withoutProvisioningPasswords } from './provisioning-passwords.js';

const can = (caller: Caller, key: string) => caller.capabilities.has(key);
const CREATE_CAPABILITIES = ['MY_SERVICES_CREATE', ...SERVICE_AREAS.map((area) => `${SERVICE_AREA_CAPABILITY[area]}_CREATE`)];
/** [M6.3] Any one of MY_SERVICES_CREATE or the SERVICE_TOOL_* create capabilities. */
export const canCreate = (caller: Caller) => CREATE_CAPABILITIES.some((key) => can(caller, key));

/** This instance's pod id: POD_ID when configured, otherwise the id the database was created with. */
export async function podId(db: Queryable): Promise<string> {
  return loadConfig().podId ?? (await repo.findStoredPodId(db));
}

// --- mapping ---------------------------------------------------------------------------------

/** The input a service still being created (or whose creation failed) was stored with, when it is readable. */
function pendingOf(row: repo.ServiceRow): ServiceDocument | null {
  if (row.state === 'Active' || !row.pending) return null;
  const parsed = ServiceDocumentSchema.safeParse(row.pending);
  return parsed.success ? parsed.data : null;
}

function toSummary(row: repo.ServiceRow): ServiceSummary {
  return {
    Id: row.id,
    ServiceName: row.service_name,
    DisplayName: row.display_name,
    ShortDescription: row.short_description,
    Category: row.category,
    CategoryDisplayName: row.category_display_name,
    Tags: pendingOf(row)?.Tags ?? row.tags,
    Icon: row.icon,
    State: row.state,
    ServiceStatus: row.service_status,
    Owner: { OwnerId: row.owner_account_id, OwnerName: row.owner_name },
    CreateDate: row.created_at.toISOString(),
    ModifyDate: row.updated_at.toISOString(),
  };
}

function toDescriptions(rows: readonly repo.DescriptionRow[]): ServiceDescription[] {
  return rows.map((r) => ({
    Type: r.description_type,
    Title: r.title,
    Content: r.content,
    LocalizationLanguageCode: r.language_code,
    DescriptionGroupId: r.group_id,
    IsMajorChange: r.is_major_change,
  }));
}

/** The stored service as the editable document. A service still being created answers with its pending input. */
async function documentOf(db: Queryable, row: repo.ServiceRow): Promise<ServiceDocument> {
  const pending = pendingOf(row);
  if (pending) return pending;
  return {
    ...row.definition,
    ServiceName: row.service_name,
    DisplayName: row.display_name,
    ShortDescription: row.short_description,
    Category: row.category,
    Tags: row.tags,
    Icon: row.icon,
    Descriptions: toDescriptions(await repo.listServiceDescriptions(db, row.id)),
    Datacenter: row.datacenter,
    DefaultLanguage: row.default_language,
    ServiceStatus: row.service_status,
    IsComplexProduct: row.is_complex_product,
    pod_id: row.pod_id,
  };
}

/** [S6.3] The properties of areas the caller may not read come back as they would for a new service. */
function blankUnreadable(doc: ServiceDocument, readable: readonly ServiceArea[]): ServiceDocument {
  const blank = blankServiceDocument();
  const out: Record<string, unknown> = { ...doc };
  for (const area of SERVICE_AREAS) {
    if (area === 'Info' || readable.includes(area)) continue;
    for (const property of SERVICE_AREA_PROPERTIES[area]) out[property] = blank[property];
  }
  return out as ServiceDocument;
}

async function toService(db: Queryable, caller: Caller, row: repo.ServiceRow): Promise<Service> {
  const readable = allowedServiceAreas(caller.capabilities, 'READ');
  const editable = allowedServiceAreas(caller.capabilities, 'UPDATE', row.service_status);
  // Provisioning passwords are never sent back (decision 0035): the editor leaves the field empty to keep them.
  const doc = withoutProvisioningPasswords(blankUnreadable(await documentOf(db, row), readable));
  const groups = readable.includes('Description') ? await repo.listServiceGroups(db, row.id) : [];
  return {
    ...doc,
    Id: row.id,
    State: row.state,
    StateMessage: row.state_message,
    Owner: { OwnerId: row.owner_account_id, OwnerName: row.owner_name },
    CategoryDisplayName: row.category_display_name,
    CreateDate: row.created_at.toISOString(),
    ModifyDate: row.updated_at.toISOString(),
    Version: row.version,
    UpdatedBy: row.updated_by_name,
    LatestTermsRevisionId: row.terms_revision,
    // Only a created service can be edited.
    EditableAreas: row.state === 'Active' ? editable : [],
    ReadableAreas: ['Info', ...readable.filter((a) => a !== 'Info')],
    CanEditRemoteDataSource: can(caller, 'SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE'),
    CanCreateTags: can(caller, 'SERVICE_TOOL_TAG_CREATE'),
    DescriptionGroups: groups.map((g) => ({
      Type: g.description_type,
      DescriptionGroupId: g.group_id,
      IsOriginal: g.is_original,
      OtherServices: g.other_members,
    })),
  };
}

export async function getInScope(db: Queryable, caller: Caller, name: string): Promise<repo.ServiceRow> {
  const row = await repo.findByName(db, caller.scope.rootPath, name);
  if (!row) throw serviceNotFound();
  return row;
}

// --- lookups [S7.1], [S6.3] -------------------------------------------------------------------

/** [S7.1] ListServices: the caller's services (a provider: all), paged; empty without SERVICE_TOOL_INFO_READ [S6.3]. */
export async function listServices(
  db: Queryable,
  caller: Caller,
  input: {
    Search: string;
    Category: string | null;
    OwnerAccountId: number | null;
    OrderBy: 'DisplayName' | 'CreateDate' | 'ModifyDate';
    Descending: boolean;
    Page: number;
    Limit: number;
  },
): Promise<ListServicesOutput> {
  const empty = { Services: [], Total: 0, Page: input.Page, Limit: input.Limit };
  if (!can(caller, 'SERVICE_TOOL_INFO_READ')) return empty;
  const search = input.Search.trim();
  const filter = {
    scopePath: caller.scope.rootPath,
    search: search ? containsPattern(search) : null,
    category: input.Category,
    ownerAccountId: input.OwnerAccountId,
  };
  const [rows, total] = await Promise.all([
    repo.listServices(db, filter, {
      orderBy: input.OrderBy,
      descending: input.Descending,
      limit: input.Limit,
      offset: (input.Page - 1) * input.Limit,
    }),
    repo.countServices(db, filter),
  ]);
  return { Services: rows.map(toSummary), Total: total, Page: input.Page, Limit: input.Limit };
}

export async function listCategories(db: Queryable, caller: Caller): Promise<ServiceCategory[]> {
  if (!can(caller, 'SERVICE_TOOL_INFO_READ')) return [];
  const rows = await repo.listCategories(db);
  return rows.map((r) => ({ ServiceCategoryName: r.name, ServiceCategoryDisplayName: r.display_name }));
}

export async function listTags(db: Queryable, caller: Caller): Promise<{ TagValue: string }[]> {
  if (!can(caller, 'SERVICE_TOOL_INFO_READ')) return [];
  return (await repo.listTags(db)).map((TagValue) => ({ TagValue }));
}

export async function listCurrencies(db: Queryable, caller: Caller): Promise<Currency[]> {
  if (!can(caller, 'SERVICE_TOOL_BILLING_READ')) return [];
  return (await repo.listCurrencies(db)).map((r) => ({ CurrencyCode: r.code, DisplayName: r.display_name }));
}

export async function listDatacenters(db: Queryable, caller: Caller): Promise<Datacenter[]> {
  if (!can(caller, 'SERVICE_TOOL_PROVISIONING_READ')) return [];
  return (await repo.listDatacenters(db)).map((r) => ({ Name: r.name, DisplayName: r.display_name }));
}

/** [S2.11] Groups of the caller's other services a text can link to, with their (visible) members. */
export async function possibleDescriptionGroups(
  db: Queryable,
  caller: Caller,
  input: { ServiceName: string | null; ProductDescriptionType: DescriptionType },
): Promise<DescriptionGroup[]> {
  if (!can(caller, 'SERVICE_TOOL_DESCRIPTION_READ')) return [];
  const except = input.ServiceName === null ? null : (await getInScope(db, caller, input.ServiceName)).id;
  const rows = await repo.listVisibleGroupMembers(db, caller.scope.rootPath, input.ProductDescriptionType, except);
  const groups = new Map<string, DescriptionGroup>();
  for (const r of rows) {
    const group = groups.get(r.group_id) ?? {
      DescriptionGroupId: r.group_id,
      DescriptionGroupServices: [],
      ProductDescriptionType: input.ProductDescriptionType,
      Languages: r.languages,
    };
    group.DescriptionGroupServices.push({
      ProductName: r.service_name,
      DisplayName: r.display_name,
      OriginalProduct: r.is_original,
    });
    groups.set(r.group_id, group);
  }
  return [...groups.values()];
}

/** [S7.2] GetServiceDescriptions: empty without SERVICE_TOOL_DESCRIPTION_READ [S6.3]. */
export async function serviceDescriptions(db: Queryable, caller: Caller, name: string): Promise<ServiceDescription[]> {
  if (!can(caller, 'SERVICE_TOOL_DESCRIPTION_READ')) return [];
  const row = await getInScope(db, caller, name);
  return pendingOf(row)?.Descriptions ?? toDescriptions(await repo.listServiceDescriptions(db, row.id));
}

/** [S7.2] GetService. */
export async function getService(db: Queryable, caller: Caller, name: string): Promise<Service> {
  return toService(db, caller, await getInScope(db, caller, name));
}

// --- checks shared by create and update ----------------------------------------------------------

/** References to the catalogue's lists and other services: category, data center, currencies, names, groups. */
/**
 * An Http provisioning URL whose host is written out (not a {{variable}}) must not be an internal address the
 * server may not call (OUTGOING_ALLOW), checked without connecting; the call itself is checked again.
 */
function endpointErrors(doc: ServiceDocument): FieldError[] {
  return doc.ProvisioningActions.flatMap((action, i) => {
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(action.ProvisioningHttp?.RequestUrlTemplate?.trim() ?? '')?.[0];
    if (!origin || origin.includes('{{')) return [];
    const refused = refusalOfUrl(origin);
    return refused
      ? [
          {
            field: `ProvisioningActions.${i}.ProvisioningHttp.RequestUrlTemplate`,
            message: `The server may not call this address: ${refused}`,
          },
        ]
      : [];
  });
}

async function referenceErrors(
  db: Queryable,
  caller: Caller,
  doc: ServiceDocument,
  p: { checkDependencies: boolean; checkParents: boolean },
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  const [categories, datacenters] = await Promise.all([repo.listCategories(db), repo.listDatacenters(db)]);
  if (doc.Category && !categories.some((c) => c.name === doc.Category)) {
    errors.push({ field: 'Category', message: 'Choose one of the available categories' });
  }
  if (doc.Datacenter && !datacenters.some((d) => d.name === doc.Datacenter)) {
    errors.push({ field: 'Datacenter', message: 'Choose one of the available data centers' });
  }
  const names = [
    ...(p.checkDependencies ? doc.Dependencies : []),
    ...(p.checkParents ? doc.Parents.flatMap((x) => (x.ParentProductName ? [x.ParentProductName] : [])) : []),
  ];
  const existing = await repo.existingServiceNames(db, names);
  if (p.checkDependencies) {
    doc.Dependencies.forEach((d, i) => {
      if (!existing.has(d.toLowerCase()))
        errors.push({ field: `Dependencies.${i}`, message: `There is no service named '${d}'` });
    });
  }
  if (p.checkParents) {
    doc.Parents.forEach((x, i) => {
      if (x.ParentProductName && !existing.has(x.ParentProductName.toLowerCase())) {
        errors.push({ field: `Parents.${i}.ParentProductName`, message: `There is no service named '${x.ParentProductName}'` });
      }
    });
  }
  for (const [i, d] of doc.Descriptions.entries()) {
    if (d.DescriptionGroupId === null) continue;
    if (!(await repo.isGroupVisible(db, caller.scope.rootPath, d.Type, d.DescriptionGroupId))) {
      errors.push({ field: `Descriptions.${i}.DescriptionGroupId`, message: 'This description group does not exist' });
    }
  }
  return errors;
}

/** [S6.4] New tags need SERVICE_TOOL_TAG_CREATE; known ones take their stored spelling. */
async function checkTags(db: Queryable, caller: Caller, tags: readonly string[]): Promise<{ tags: string[]; added: string[] }> {
  const known = await repo.listTags(db);
  const added = unknownTags(tags, known);
  if (added.length > 0 && !can(caller, 'SERVICE_TOOL_TAG_CREATE')) {
    throw tagCreateForbidden(
      tags.flatMap((t, i) =>
        added.includes(t) ? [{ field: `Tags.${i}`, message: `'${t}' is not one of the available tags` }] : [],
      ),
    );
  }
  return { tags: canonicalTags(tags, known), added };
}

/** [S6.4] Changing a remote data source needs SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE (the rule the form applies too). */
function checkRemoteDataSources(caller: Caller, stored: Pick<ServiceDocument, 'Fields'>, next: ServiceDocument) {
  const errors = remoteDataSourceErrors(stored, next, can(caller, 'SERVICE_TOOL_REMOTE_DATASOURCE_UPDATE'));
  if (errors.length > 0) throw remoteDataSourceForbidden(errors);
}

const columnsOf = (doc: ServiceDocument) => ({
  serviceName: doc.ServiceName,
  displayName: doc.DisplayName,
  shortDescription: doc.ShortDescription,
  category: doc.Category,
  icon: doc.Icon,
  serviceStatus: doc.ServiceStatus,
  isComplexProduct: doc.IsComplexProduct,
  defaultLanguage: doc.DefaultLanguage,
  datacenter: doc.Datacenter,
  definition: definitionOf(doc),
  podId: doc.pod_id,
});

const ORGANISATIONS = ['Provider', 'Reseller', 'Company'];

/** The owner: the caller's organisation, or a vendor (or the provider) inside its scope. */
async function resolveOwner(db: Queryable, caller: Caller, requested: number | null): Promise<number> {
  const id = requested ?? caller.scope.rootId;
  const account = await findAccount(db, id);
  const allowed =
    account !== null &&
    isInScope(caller.scope.rootPath, account.path) &&
    ORGANISATIONS.includes(account.account_type) &&
    (account.id === caller.scope.rootId || account.is_vendor || account.account_type === 'Provider');
  if (!allowed) {
    throw invalidService([{ field: 'OwnerAccountId', message: 'Choose your own organisation or a vendor you manage' }]);
  }
  return id;
}

// --- create [S7.3], [S1.1] ----------------------------------------------------------------------

/** The durable job that finishes a created service (catalogue.job.ts). */
export const CREATE_SERVICE_JOB_TYPE = 'catalogue.create-service';
/** Attempts of the creation job before the service is marked Failed. */
const CREATION_ATTEMPTS = 5;

type CreateInput = z.infer<typeof CreateServiceInputSchema>;

/**
 * [S7.3] CreateService: checks everything a save checks, claims the name, stores the service in state
 * Creating and queues the `catalogue.create-service` job that carries out `finishCreation`.
 */
export async function createService(
  db: Queryable,
  caller: Caller,
  input: CreateInput,
  now: Date,
): Promise<{
  result: { Id: number; ServiceName: string; State: ServiceState; JobId: string; Title: string; Message: string };
  ownerId: number;
}> {
  if (!canCreate(caller)) throw cannotCreate();
  const { OwnerAccountId, ...raw } = input;
  const ownerId = await resolveOwner(db, caller, OwnerAccountId);
  let doc = replaceGeneratedFieldIds(normalizeServiceDocument(raw));
  // The provider decides what is Promoted; the service is created on this pod.
  doc = {
    ...doc,
    ServiceStatus: caller.scope.rootType === 'Provider' ? doc.ServiceStatus : null,
    pod_id: await podId(db),
  };
  const currencies = (await repo.listCurrencies(db)).map((c) => c.code);
  const errors = [
    ...validateServiceDocument(doc, { mode: 'create', currencies }),
    ...endpointErrors(doc),
    ...(await referenceErrors(db, caller, doc, { checkDependencies: true, checkParents: true })),
    ...(await fileReferenceErrors(db, caller, doc, null)),
  ];
  if ((await repo.existingServiceNames(db, [doc.ServiceName])).size > 0) {
    errors.unshift({ field: 'ServiceName', message: 'A service with this name already exists' });
  }
  if (errors.length > 0) throw invalidService(errors);
  checkRemoteDataSources(caller, { Fields: [] }, doc);
  const tags = await checkTags(db, caller, doc.Tags);
  doc = { ...doc, Tags: tags.tags };

  // The passwords of Http actions are stored sealed apart from the document (decision 0035).
  const stored = withoutProvisioningPasswords(doc);
  let id: number;
  try {
    id = await repo.insertCreating(db, {
      ...columnsOf(stored),
      ownerAccountId: ownerId,
      pending: stored,
      createdBy: caller.userId,
      now,
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw serviceNameTaken();
    throw error;
  }
  await saveProvisioningPasswords(db, id, doc.ProvisioningActions);
  // [S1.1] The creation step runs as a durable job, queued in this transaction: it runs only if the service is stored.
  const jobId = await enqueueJob(db, {
    type: CREATE_SERVICE_JOB_TYPE,
    payload: { serviceId: id },
    createdBy: caller.userId,
    accountId: ownerId,
    maxAttempts: CREATION_ATTEMPTS,
  });
  return {
    result: {
      Id: id,
      ServiceName: doc.ServiceName,
      State: 'Creating',
      JobId: jobId,
      ...titleMessage(SERVICE_CREATION_STARTED),
    },
    ownerId,
  };
}

const titleMessage = (m: { title: string; message: string }) => ({ Title: m.title, Message: m.message });

/**
 * [S1.1] The creation step, run by the `catalogue.create-service` job: gives the fees their ids and
 * priceable items, writes tags, description groups and suggested retail prices, and makes the service
 * Active, in one transaction; `commit` (the job's succeedIn) joins that transaction so the job and the
 * service finish together. 'skipped' when the service is no longer Creating (an earlier attempt made it).
 * A failure throws: the job retries with its backoff and, when it gives up, `failCreation` marks the
 * service Failed.
 */
export async function finishCreation(
  db: Db,
  id: number,
  now: Date,
  commit: (tx: Queryable, result: CreationResult) => Promise<void>,
): Promise<CreationResult> {
  return db.transaction(async (tx) => {
    const claimed = await repo.claimCreating(tx, id);
    const row = await repo.findById(tx, id);
    if (!claimed || !row) {
      const skipped: CreationResult = { ServiceId: id, ServiceName: row?.service_name ?? null, State: row?.state ?? null };
      await commit(tx, skipped);
      return skipped;
    }
    const doc = ServiceDocumentSchema.parse(claimed.pending);
    const billing = assignBillingIds(doc.BillingRules, { serviceId: id, nextSeq: row.priceable_item_seq, newId: randomUUID });
    const final: ServiceDocument = { ...doc, BillingRules: billing.rules };
    await repo.insertTags(tx, final.Tags);
    await repo.replaceServiceTags(tx, id, final.Tags);
    for (const type of DESCRIPTION_TYPES) {
      const problems = await writeDescriptions(tx, id, type, final.Descriptions, null, '/', now);
      // The group chosen at create time is gone: the texts start a group of their own.
      if (problems.length > 0) {
        const own = final.Descriptions.map((d) => (d.Type === type ? { ...d, DescriptionGroupId: null } : d));
        await writeDescriptions(tx, id, type, own, null, '/', now);
      }
    }
    await repo.replaceSuggestedRetailPrices(tx, id, final.BillingRules);
    await repo.updateColumns(tx, id, { ...columnsOf(final), updatedBy: null, now, priceableItemSeq: billing.nextSeq });
    await repo.markActive(tx, id, now);
    const done: CreationResult = { ServiceId: id, ServiceName: row.service_name, State: 'Active' };
    await commit(tx, done);
    return done;
  });
}

/** The creation job gave up: the service is Failed with the reason; its name stays taken. */
export async function failCreation(db: Queryable, id: number, reason: string): Promise<void> {
  await repo.markCreationFailed(db, id, reason);
}

/**
 * Saves the texts of one type: keeps, starts or links the description group [S2.11], [S4.8], and
 * starts a new terms revision on a major change [S3.4].
 */
async function writeDescriptions(
  db: Queryable,
  serviceId: number,
  type: DescriptionType,
  descriptions: readonly ServiceDescription[],
  current: CurrentGroup | null,
  scopePath: string,
  now: Date,
): Promise<FieldError[]> {
  const requested = descriptions.find((d) => d.Type === type && d.DescriptionGroupId !== null)?.DescriptionGroupId ?? null;
  const visible = requested !== null && (await repo.isGroupVisible(db, scopePath, type, requested));
  const decision = planDescriptionGroup({ type, descriptions, current, isVisibleGroup: (g) => g === requested && visible });
  const at = descriptions.findIndex((d) => d.Type === type);
  if (!decision.ok)
    return [{ field: at >= 0 ? `Descriptions.${at}.DescriptionGroupId` : 'Descriptions', message: decision.message }];
  const plan = decision.plan;
  if (plan.kind === 'clear') {
    if (plan.leave) await repo.leaveGroup(db, serviceId, type, plan.leave.groupId);
    return [];
  }
  let groupId: string;
  if (plan.kind === 'create') {
    groupId = await repo.insertGroup(db, type, serviceId);
    await repo.setServiceGroup(db, serviceId, type, groupId);
  } else {
    groupId = plan.groupId;
    if (plan.kind === 'link') {
      if (plan.leave) await repo.leaveGroup(db, serviceId, type, plan.leave.groupId);
      await repo.setServiceGroup(db, serviceId, type, groupId);
    }
  }
  if (type === 'TermsAndConditions' && plan.kind !== 'create') {
    if (isMajorTermsChange(await repo.listGroupDescriptions(db, groupId), plan.descriptions))
      await repo.bumpTermsRevision(db, groupId);
  }
  await repo.replaceGroupDescriptions(db, groupId, plan.descriptions, now);
  return [];
}

// --- update [S7.3], [S6.2], [S4.6] --------------------------------------------------------------

/**
 * [S7.3] UpdateService: removes the areas the caller may not update (PROMOTED context for a Promoted
 * service) and Parents [S6.2], lays the rest over the stored service, checks every rule and the
 * edit-mode locks [S4.6], then writes.
 */
export async function updateService(
  db: Queryable,
  caller: Caller,
  input: UpdateServiceInput,
  now: Date,
): Promise<{
  result: { Service: Service; IgnoredAreas: ServiceArea[]; Title: string; Message: string };
  ownerId: number;
  before: ServiceDocument;
  after: ServiceDocument;
}> {
  const found = await getInScope(db, caller, input.ServiceName);
  if (found.state === 'Creating') throw stillCreating();
  if (found.state === 'Failed') throw creationFailed(found.state_message);
  await repo.lockService(db, found.id);
  const row = (await repo.findById(db, found.id)) ?? found;

  const allowed = allowedServiceAreas(caller.capabilities, 'UPDATE', row.service_status);
  if (allowed.length === 0) throw cannotUpdate(row.service_status === SERVICE_STATUS_PROMOTED);
  if (isStaleVersion({ seen: input.Version, current: row.version }))
    throw staleVersion('service', await toService(db, caller, row));
  const { ServiceName: _name, Version: _version, ServiceStatus, ...sent } = input;
  const { update, ignoredAreas } = stripUnauthorizedAreas(sent, allowed);

  const stored = await documentOf(db, row);
  let next = replaceGeneratedFieldIds(normalizeServiceDocument(ServiceDocumentSchema.parse(applyUpdate(stored, update))));
  // Only the provider promotes services; the service name is fixed.
  next = {
    ...next,
    ServiceName: stored.ServiceName,
    ServiceStatus: caller.scope.rootType === 'Provider' && ServiceStatus !== undefined ? ServiceStatus : stored.ServiceStatus,
  };

  const currencies = (await repo.listCurrencies(db)).map((c) => c.code);
  const errors: FieldError[] = [
    ...foreignRuleIds(stored.BillingRules, next.BillingRules).map((i) => ({
      field: `BillingRules.${i}.Id`,
      message: 'This fee does not belong to the service; leave the id empty for a new fee',
    })),
    ...validateServiceDocument(next, { mode: 'edit', existingFieldIds: stored.Fields.map((f) => f.Id), currencies }),
    ...endpointErrors(next),
    ...validateEditLocks(stored, next),
    ...(await referenceErrors(db, caller, next, { checkDependencies: false, checkParents: false })),
    ...(await fileReferenceErrors(db, caller, next, stored)),
  ];
  if (errors.length > 0) throw invalidService(errors);
  checkRemoteDataSources(caller, stored, next);
  const tags = await checkTags(db, caller, next.Tags);
  next = { ...next, Tags: tags.tags };

  const billing = assignBillingIds(next.BillingRules, { serviceId: row.id, nextSeq: row.priceable_item_seq, newId: randomUUID });
  next = { ...next, BillingRules: billing.rules };

  await repo.insertTags(db, tags.added);
  await repo.replaceServiceTags(db, row.id, next.Tags);
  if (update.Descriptions !== undefined) {
    const groups = await repo.listServiceGroups(db, row.id);
    const descriptionErrors: FieldError[] = [];
    for (const type of DESCRIPTION_TYPES) {
      const g = groups.find((x) => x.description_type === type);
      const current = g ? { groupId: g.group_id, otherMembers: g.other_members, isOriginal: g.is_original } : null;
      descriptionErrors.push(
        ...(await writeDescriptions(db, row.id, type, next.Descriptions, current, caller.scope.rootPath, now)),
      );
    }
    if (descriptionErrors.length > 0) throw invalidService(descriptionErrors);
  }
  await repo.replaceSuggestedRetailPrices(db, row.id, next.BillingRules);
  // A typed provisioning password replaces the stored one, an empty one keeps it; both stay out of the document.
  if (update.ProvisioningActions !== undefined) await saveProvisioningPasswords(db, row.id, next.ProvisioningActions);
  next = withoutProvisioningPasswords(next);
  await repo.updateColumns(db, row.id, { ...columnsOf(next), updatedBy: caller.userId, now, priceableItemSeq: billing.nextSeq });

  const saved = await repo.findById(db, row.id);
  if (!saved) throw new Error('service vanished during update');
  const after = await documentOf(db, saved);
  return {
    result: { Service: await toService(db, caller, saved), IgnoredAreas: ignoredAreas, ...titleMessage(SERVICE_UPDATED) },
    ownerId: row.owner_account_id,
    before: stored,
    after,
  };
}

// --- export and import [S4.1], [S5.2] -----------------------------------------------------------

/**
 * A service as a JSON document for another instance: stamped with this pod id; description group
 * links, the Promoted status and HTTP passwords do not travel.
 */
export async function exportService(db: Queryable, caller: Caller, name: string): Promise<ServiceDocument> {
  const row = await getInScope(db, caller, name);
  const readable = allowedServiceAreas(caller.capabilities, 'READ');
  const doc = blankUnreadable(await documentOf(db, row), readable);
  return {
    ...doc,
    ServiceStatus: null,
    pod_id: await podId(db),
    Descriptions: doc.Descriptions.map((d) => ({ ...d, DescriptionGroupId: null })),
    ProvisioningActions: doc.ProvisioningActions.map((a) =>
      a.ProvisioningHttp ? { ...a, ProvisioningHttp: { ...a.ProvisioningHttp, AuthPassword: '' } } : a,
    ),
  };
}

/**
 * [S4.1], [S5.2] ImportService: an exported service checked and cleaned, ready to open in the create
 * window. Duplicate or reserved field names refuse it with the spec's messages; from another pod its
 * icon, screenshots and downloads are cleared and [S8.3] is returned to show.
 */
export async function importService(
  db: Queryable,
  caller: Caller,
  raw: unknown,
): Promise<{ Service: ServiceDocument; IsFromOtherInstance: boolean; Messages: string[] }> {
  if (!canCreate(caller)) throw cannotCreate();
  const cleaned = cleanServiceForSend(raw);
  const parsed = ServiceDocumentSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw importRejected(
      ['The file is not a service exported from the service tool'],
      parsed.error.issues.slice(0, 20).map((i) => ({ field: ['Service', ...i.path.map(String)].join('.'), message: i.message })),
    );
  }
  const messages = validateImport(parsed.data.Fields);
  if (messages.length > 0) throw importRejected(messages);
  const { doc, isFromOtherInstance } = applyPodRule(parsed.data, await podId(db));
  const service = normalizeServiceDocument({
    ...doc,
    ServiceStatus: null,
    Descriptions: doc.Descriptions.map((d) => ({ ...d, DescriptionGroupId: null })),
  });
  return {
    Service: service,
    IsFromOtherInstance: isFromOtherInstance,
    Messages: isFromOtherInstance ? [IMPORTED_FROM_OTHER_INSTANCE] : [],
  };
}
