import {
  CREATE_PARENT_TYPES,
  type CreateParentItem,
  decideCreateParent,
  IMPORT_MAX_ROWS,
  IMPORT_ONLY_XLSM,
  IMPORT_TYPES,
  type ImportRecord,
  type ImportType,
  type ImportValidation,
  importableTypes,
  importCapabilityKey,
  type Job,
  refusalMessage,
  XLSM_CONTENT_TYPE,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { DomainError, notFound, validationFailed } from '../../platform/errors/domain-error.js';
import { type FileStorage, findStoredFile, findUploadedAt, type StoredFileReferences } from '../../platform/files/index.js';
import { enqueueJob, loadJob } from '../../platform/jobs/index.js';
import type { Caller } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { serviceFieldDefinitions, toParentItem } from '../account-creation/index.js';
import * as accounts from '../accounts/index.js';
import { findOrderableService, listOrderableServices, type OrderableService } from '../catalogue/index.js';
import { hasAcceptedServiceTerms } from '../terms/index.js';
import * as repo from './account-import.repository.js';
import {
  cellText,
  decideHeader,
  decideRows,
  isUploadExpired,
  type TemplateColumn,
  templateColumns,
  templateFileName,
} from './account-import.rules.js';
import { readTemplate, writeTemplate } from './account-import.workbook.js';

export const IMPORT_JOB_TYPE = 'imports.accounts';

const TYPE_LABELS: Readonly<Record<ImportType, string>> = {
  User: 'users',
  Product: 'services',
  Company: 'companies',
  Reseller: 'resellers',
};

/** The service of a service import: one the portal sells; its own fields become template columns. */
async function loadService(db: Queryable, productName: string | null, field: string): Promise<OrderableService> {
  const name = productName?.trim() ?? '';
  if (name === '') throw validationFailed([{ field, message: 'Choose a service' }]);
  const service = await findOrderableService(db, name);
  if (!service) throw validationFailed([{ field, message: `${name} is not a service you can order` }]);
  return service;
}

/** The fields of the imported type, with a service's own fields for a service import. */
async function importDefinitions(db: Queryable, type: ImportType, service: OrderableService | null) {
  const definitions = await accounts.listFieldDefinitions(db, type);
  return service ? [...definitions, ...serviceFieldDefinitions(service.fields)] : definitions;
}

/** [A2.46] [A7.12] GetAvailableMigrationServicesForCompany: the services a service import can subscribe to. */
export async function listMigrationServices(
  db: Queryable,
  caller: Caller,
  input: { accountId: number; text: string; limit: number },
) {
  await loadParent(db, caller, 'Product', input.accountId, 'accountId');
  const services = await listOrderableServices(db, input.text, input.limit);
  return {
    Items: services.map((s) => ({
      ServiceName: s.serviceName,
      DisplayName: s.displayName,
      ShortDescription: s.shortDescription,
      HasTerms: s.terms !== null,
    })),
  };
}

function requireImportCapability(caller: Caller, type: ImportType) {
  const key = importCapabilityKey(type);
  if (!caller.capabilities.has(key)) throw new DomainError('FORBIDDEN', refusalMessage([key]));
}

/** An account the caller named: inside its scope, or it looks missing (the guard checked the first one already). */
async function loadInScope(db: Queryable, caller: Caller, id: number) {
  const row = await accounts.findById(db, id);
  if (!row || !isInScope(caller.scope.rootPath, row.path)) throw notFound();
  return row;
}

/** The parent of an import: in scope and able to hold the type. */
async function loadParent(db: Queryable, caller: Caller, type: ImportType, parentId: number, field: string) {
  const parent = await loadInScope(db, caller, parentId);
  const decision = decideCreateParent({ accountType: type, parentType: parent.account_type, parentState: parent.state });
  if (!decision.ok) throw validationFailed([{ field, message: decision.message }]);
  return parent;
}

/** [A2.46], [A5.13] The types the caller may import. */
export function listImportTypes(caller: Caller): { Types: ImportType[] } {
  return { Types: importableTypes(caller.capabilities) };
}

/** [A7.12] GetAvailableMigrationParents: the possible parents of the type below the given accounts or in the scope. */
export async function listMigrationParents(
  db: Queryable,
  caller: Caller,
  input: { accountIds: readonly number[]; accountType: ImportType; limit: number },
): Promise<{ Items: CreateParentItem[] }> {
  requireImportCapability(caller, input.accountType);
  const roots =
    input.accountIds.length === 0
      ? [caller.scope.rootPath]
      : await Promise.all(input.accountIds.map(async (id) => (await loadInScope(db, caller, id)).path));
  const items = new Map<number, CreateParentItem>();
  for (const path of roots) {
    const rows = await accounts.searchInScope(db, path, '', CREATE_PARENT_TYPES[input.accountType], input.limit);
    for (const r of rows) items.set(r.id, toParentItem(r, true));
  }
  return { Items: [...items.values()].slice(0, input.limit) };
}

/** [A7.12] GenerateExcelTemplate: the .xlsm template of the type under the parent. */
export async function generateTemplate(
  db: Queryable,
  caller: Caller,
  input: { type: ImportType; productName: string | null; accountIds: readonly number[] },
) {
  requireImportCapability(caller, input.type);
  const parent = await loadParent(db, caller, input.type, input.accountIds[0] ?? 0, 'accountIds.0');
  const service = input.type === 'Product' ? await loadService(db, input.productName, 'productName') : null;
  const columns = templateColumns(await importDefinitions(db, input.type, service));
  const data = await writeTemplate({
    columns,
    settings: { type: input.type, parentId: parent.id, mode: 'CREATE', productName: service?.serviceName ?? null },
    typeLabel: service ? `${TYPE_LABELS[input.type]} of ${service.displayName}` : TYPE_LABELS[input.type],
    parentName: parent.display_name,
  });
  return {
    FileName: templateFileName({ type: input.type, parentName: parent.display_name }),
    ContentType: XLSM_CONTENT_TYPE,
    Content: data.toString('base64'),
  };
}

export interface CheckedTemplate {
  validation: ImportValidation;
  type: ImportType;
  parentId: number;
  productName: string | null;
  columns: (TemplateColumn | null)[];
  rows: ReturnType<typeof decideRows>['rows'];
  uploadName: string;
}

async function readStream(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * [A3.9] Reads the caller's upload (a .xlsm of its own, not expired [A5.10]) and validates it: the template's type
 * and parent (capability, scope, parent rules), the header, then every row with CreateAccount's rules.
 */
export async function checkTemplate(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  input: { url: string; field: string; now: Date; checkExpiry: boolean },
): Promise<CheckedTemplate> {
  const urlError = (message: string) => validationFailed([{ field: input.field, message }], message);
  const stored = await findStoredFile(db, input.url);
  // Someone else's upload looks exactly like one that does not exist.
  if (!stored || stored.uploaded_by !== caller.userId) throw notFound('File');
  if (!stored.original_name.toLowerCase().endsWith('.xlsm')) throw urlError(IMPORT_ONLY_XLSM);
  if (input.checkExpiry) {
    const uploadedAt = await findUploadedAt(db, stored.name);
    if (!uploadedAt || isUploadExpired({ uploadedAt, now: input.now })) {
      throw urlError('The uploaded template has expired; upload it again');
    }
  }
  const stream = await storage.read(stored.name);
  if (!stream) throw notFound('File');
  const template = await readTemplate(await readStream(stream), cellText, IMPORT_MAX_ROWS);
  if (!template) throw urlError('This file is not an import template; download the template in this wizard');
  const type = (IMPORT_TYPES as readonly string[]).includes(template.settings.Type ?? '')
    ? (template.settings.Type as ImportType)
    : null;
  const parentId = Number(template.settings.ParentAccountId);
  if (!type || !Number.isInteger(parentId) || parentId <= 0 || template.settings.Mode !== 'CREATE') {
    throw urlError('This file is not an import template; download the template in this wizard');
  }
  if (template.rows.at(-1)?.cells[0] === '__too_many__') throw urlError(`An import holds at most ${IMPORT_MAX_ROWS} rows`);
  requireImportCapability(caller, type);
  const parent = await loadParent(db, caller, type, parentId, input.field);
  let service: OrderableService | null = null;
  if (type === 'Product') {
    try {
      service = await loadService(db, template.settings.ProductName ?? null, input.field);
    } catch (error) {
      if (error instanceof DomainError) throw urlError(error.fields[0]?.message ?? error.message);
      throw error;
    }
  }
  const definitions = await importDefinitions(db, type, service);
  const header = decideHeader({ header: template.header, columns: templateColumns(definitions) });
  // [A5.11] A service with terms is ordered only once its company accepted their current revision.
  if (service?.terms) {
    const organisation = await accounts.findOrganisation(db, parent.path);
    const accepted =
      organisation !== null &&
      (await hasAcceptedServiceTerms(db, {
        companyId: organisation.id,
        serviceName: service.serviceName,
        revision: service.terms.revision,
      }));
    if (!accepted) header.errors.push(`Accept the terms and conditions of ${service.displayName} first`);
  }
  const content = [template.header, ...template.rows.map((r) => r.cells)];
  const base = {
    AccountType: type,
    ParentAccountId: parent.id,
    ParentDisplayName: parent.display_name,
    ProductName: service?.serviceName ?? null,
    FileName: stored.original_name,
    Content: content,
  };
  if (header.errors.length > 0) {
    return {
      validation: { ...base, Errors: [{ Row: 1, ErrorDetails: header.errors.join('; ') }] },
      type,
      parentId: parent.id,
      productName: base.ProductName,
      columns: header.columns,
      rows: [],
      uploadName: stored.name,
    };
  }
  const usernameColumn = header.columns.findIndex((c) => c?.key === 'Default.Username');
  const taken = new Set<string>();
  if (usernameColumn >= 0) {
    const names = [...new Set(template.rows.map((r) => r.cells[usernameColumn] ?? '').filter((u) => u !== ''))];
    for (const name of names) if (await accounts.isUsernameTaken(db, name, 0)) taken.add(name.toLowerCase());
  }
  const decision = decideRows({ definitions, columns: header.columns, rows: template.rows, takenUsernames: taken });
  if (decision.rows.length === 0 && decision.errors.length === 0) {
    decision.errors.push({ Row: 2, ErrorDetails: 'The file has no rows to import' });
  }
  return {
    validation: { ...base, Errors: decision.errors },
    type,
    parentId: parent.id,
    productName: base.ProductName,
    columns: header.columns,
    rows: decision.rows,
    uploadName: stored.name,
  };
}

/** [A7.12] CreateImport: validates again, then records the import and queues its job in the caller's transaction. */
export async function startImport(
  db: Queryable,
  storage: FileStorage,
  caller: Caller,
  input: { uploadUrl: string; name: string },
  now: Date,
): Promise<{ Import: ImportRecord; Job: Job }> {
  const checked = await checkTemplate(db, storage, caller, { url: input.uploadUrl, field: 'uploadUrl', now, checkExpiry: true });
  const count = checked.validation.Errors.length;
  if (count > 0) throw validationFailed([{ field: 'uploadUrl', message: `The uploaded file contains ${count} error(s)` }]);
  const importId = await repo.insertImport(db, {
    name: input.name,
    accountType: checked.type,
    parentId: checked.parentId,
    uploadName: checked.uploadName,
    fileName: checked.validation.FileName,
    rowCount: checked.rows.length,
    createdBy: caller.userId,
  });
  const jobId = await enqueueJob(db, {
    type: IMPORT_JOB_TYPE,
    payload: { importId },
    createdBy: caller.userId,
    accountId: checked.parentId,
    maxAttempts: 3,
  });
  await repo.setImportJob(db, importId, jobId);
  return { Import: await getImportRecord(db, caller, importId), Job: await loadJob(db, jobId) };
}

/** [A3.9] GetImport: the importer's own record, or one whose parent is inside the caller's scope. */
export async function getImportRecord(db: Queryable, caller: Caller, importId: number): Promise<ImportRecord> {
  const row = await repo.findImport(db, importId);
  if (!row) throw notFound('Import');
  if (row.created_by !== caller.userId) {
    const parent = await accounts.findById(db, row.parent_id);
    if (!parent || !isInScope(caller.scope.rootPath, parent.path)) throw notFound('Import');
  }
  return repo.toRecord(row);
}

/** Import records' templates, for the orphan upload sweep (platform/files). */
export const importTemplateReferences: StoredFileReferences = { owner: 'account-import', sql: repo.TEMPLATE_FILE_NAMES_SQL };
