import type {
  BillingRule,
  DescriptionType,
  ProvisioningAction,
  ServiceDescription,
  ServiceDocument,
  ServiceState,
} from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import type { Definition } from './catalogue.rules.js';

/**
 * SQL of the service catalogue. Every read that returns services takes the caller's scope (the path
 * of its organisation) and keeps only services whose owner lies inside it; the owner's path and name
 * are read from `accounts` (read only), so a moved owner keeps its services in scope.
 */

export interface ServiceRow {
  id: number;
  service_name: string;
  display_name: string;
  short_description: string;
  category: string | null;
  category_display_name: string | null;
  icon: string | null;
  owner_account_id: number;
  owner_name: string;
  state: ServiceState;
  state_message: string | null;
  service_status: string | null;
  is_complex_product: boolean;
  default_language: string;
  datacenter: string | null;
  definition: Definition;
  pending: ServiceDocument | null;
  pod_id: string | null;
  priceable_item_seq: number;
  created_at: Date;
  updated_at: Date;
  /** Decision 0036: moves on with every saved edit; with who saved last. */
  version: number;
  updated_by_name: string | null;
  tags: string[];
  terms_revision: number | null;
}

const SERVICE_COLUMNS = `s.id, s.service_name, s.display_name, s.short_description, s.category,
  c.display_name AS category_display_name, s.icon, s.owner_account_id, o.display_name AS owner_name, s.state,
  s.state_message, s.service_status, s.is_complex_product, s.default_language, s.datacenter, s.definition, s.pending,
  s.pod_id, s.priceable_item_seq, s.created_at, s.updated_at, s.version,
  (SELECT u.display_name FROM accounts u WHERE u.id = s.updated_by) AS updated_by_name,
  COALESCE(ARRAY(SELECT t.tag FROM service_tag_links t WHERE t.service_id = s.id ORDER BY t.position), '{}') AS tags,
  (SELECT g.terms_revision FROM service_description_groups sg JOIN description_groups g ON g.id = sg.group_id
    WHERE sg.service_id = s.id AND sg.description_type = 'TermsAndConditions') AS terms_revision`;

const FROM_SERVICES = `FROM services s JOIN accounts o ON o.id = s.owner_account_id
  LEFT JOIN service_categories c ON c.name = s.category`;

/** The owner's path lies inside the scope: a range on the C-collated path (index friendly). */
const IN_SCOPE = (from: number) => `o.path >= $${from} AND o.path < $${from + 1}`;
const scopeParams = (scopePath: string) => [scopePath, pathUpperBound(scopePath)];

export async function findByName(db: Queryable, scopePath: string, name: string): Promise<ServiceRow | null> {
  const [row] = await db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES} WHERE lower(s.service_name) = lower($1) AND ${IN_SCOPE(2)}`,
    [name, ...scopeParams(scopePath)],
  );
  return row ?? null;
}

export async function findById(db: Queryable, id: number): Promise<ServiceRow | null> {
  const [row] = await db.query<ServiceRow>(`SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES} WHERE s.id = $1`, [id]);
  return row ?? null;
}

/** Serialises writers of one service until the transaction ends. */
export async function lockService(db: Queryable, id: number): Promise<void> {
  await db.query('SELECT id FROM services WHERE id = $1 FOR UPDATE', [id]);
}

export interface ListFilter {
  scopePath: string;
  search: string | null;
  category: string | null;
  ownerAccountId: number | null;
}

function listWhere(f: ListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = scopeParams(f.scopePath);
  const clauses = [IN_SCOPE(1)];
  if (f.search) {
    params.push(f.search);
    clauses.push(`(s.display_name ILIKE $${params.length} OR s.service_name ILIKE $${params.length})`);
  }
  if (f.category) {
    params.push(f.category);
    clauses.push(`s.category = $${params.length}`);
  }
  if (f.ownerAccountId !== null) {
    params.push(f.ownerAccountId);
    clauses.push(`s.owner_account_id = $${params.length}`);
  }
  return { where: clauses.join(' AND '), params };
}

const ORDER = {
  DisplayName: 'lower(s.display_name)',
  CreateDate: 's.created_at',
  ModifyDate: 's.updated_at',
} as const;

export async function listServices(
  db: Queryable,
  f: ListFilter,
  page: { orderBy: keyof typeof ORDER; descending: boolean; limit: number; offset: number },
): Promise<ServiceRow[]> {
  const { where, params } = listWhere(f);
  const direction = page.descending ? 'DESC' : 'ASC';
  return db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES} WHERE ${where}
     ORDER BY ${ORDER[page.orderBy]} ${direction}, s.id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
}

export async function countServices(db: Queryable, f: ListFilter): Promise<number> {
  const { where, params } = listWhere(f);
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM services s JOIN accounts o ON o.id = s.owner_account_id WHERE ${where}`,
    params,
  );
  return row?.n ?? 0;
}

/** Which of these service names exist anywhere in the catalogue (service names are public identifiers). */
export async function existingServiceNames(db: Queryable, names: readonly string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.query<{ name: string }>(
    'SELECT lower(service_name) AS name FROM services WHERE lower(service_name) = ANY($1::text[])',
    [names.map((n) => n.toLowerCase())],
  );
  return new Set(rows.map((r) => r.name));
}

export async function listCategories(db: Queryable) {
  return db.query<{ name: string; display_name: string }>(
    'SELECT name, display_name FROM service_categories ORDER BY sort, name',
  );
}

export async function listTags(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ value: string }>('SELECT value FROM service_tags ORDER BY lower(value)');
  return rows.map((r) => r.value);
}

export async function insertTags(db: Queryable, tags: readonly string[]): Promise<void> {
  if (tags.length === 0) return;
  await db.query('INSERT INTO service_tags (value) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [tags]);
}

export async function replaceServiceTags(db: Queryable, serviceId: number, tags: readonly string[]): Promise<void> {
  await db.query('DELETE FROM service_tag_links WHERE service_id = $1', [serviceId]);
  if (tags.length === 0) return;
  await db.query(
    `INSERT INTO service_tag_links (service_id, tag, position)
     SELECT $1, t.tag, t.position FROM unnest($2::text[]) WITH ORDINALITY AS t(tag, position)`,
    [serviceId, tags],
  );
}

export async function listCurrencies(db: Queryable) {
  return db.query<{ code: string; display_name: string }>('SELECT code, display_name FROM currencies ORDER BY sort, code');
}

export async function listDatacenters(db: Queryable) {
  return db.query<{ name: string; display_name: string }>('SELECT name, display_name FROM datacenters ORDER BY sort, name');
}

export async function findStoredPodId(db: Queryable): Promise<string> {
  const [row] = await db.query<{ pod_id: string }>('SELECT pod_id FROM catalogue_instance');
  if (!row) throw new Error('catalogue_instance has no row; run the migrations');
  return row.pod_id;
}

export interface ServiceColumns {
  serviceName: string;
  displayName: string;
  shortDescription: string;
  category: string | null;
  icon: string | null;
  serviceStatus: string | null;
  isComplexProduct: boolean;
  defaultLanguage: string;
  datacenter: string | null;
  definition: Definition;
  podId: string | null;
}

/** Inserts a service in state Creating with the validated input its creation step will carry out. */
export async function insertCreating(
  db: Queryable,
  s: ServiceColumns & { ownerAccountId: number; pending: ServiceDocument; createdBy: number; now: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO services (service_name, display_name, short_description, category, icon, owner_account_id, state,
       service_status, is_complex_product, default_language, datacenter, definition, pending, pod_id,
       created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'Creating', $7, $8, $9, $10, $11::jsonb, $12::jsonb, $14, $15, $13, $15, $13)
     RETURNING id`,
    [
      s.serviceName,
      s.displayName,
      s.shortDescription,
      s.category,
      s.icon,
      s.ownerAccountId,
      s.serviceStatus,
      s.isComplexProduct,
      s.defaultLanguage,
      s.datacenter,
      JSON.stringify(s.definition),
      JSON.stringify(s.pending),
      s.now,
      s.podId,
      s.createdBy,
    ],
  );
  if (!row) throw new Error('service insert returned no row');
  return row.id;
}

export async function updateColumns(
  db: Queryable,
  id: number,
  s: ServiceColumns & { updatedBy: number | null; now: Date; priceableItemSeq: number },
): Promise<void> {
  await db.query(
    `UPDATE services SET display_name = $2, short_description = $3, category = $4, icon = $5, service_status = $6,
       is_complex_product = $7, default_language = $8, datacenter = $9, definition = $10::jsonb, pod_id = $11,
       updated_by = COALESCE($12, updated_by), updated_at = $13, priceable_item_seq = $14, version = version + 1
     WHERE id = $1`,
    [
      id,
      s.displayName,
      s.shortDescription,
      s.category,
      s.icon,
      s.serviceStatus,
      s.isComplexProduct,
      s.defaultLanguage,
      s.datacenter,
      JSON.stringify(s.definition),
      s.podId,
      s.updatedBy,
      s.now,
      s.priceableItemSeq,
    ],
  );
}

// --- asynchronous creation -------------------------------------------------------------------

/**
 * Locks a service still being created for the creation job's transaction; null when it is no longer
 * Creating (created already, or failed) or its input is gone.
 */
export async function claimCreating(db: Queryable, id: number): Promise<{ pending: ServiceDocument } | null> {
  const [row] = await db.query<{ pending: ServiceDocument | null }>(
    `SELECT pending FROM services WHERE id = $1 AND state = 'Creating' FOR UPDATE`,
    [id],
  );
  return row?.pending ? { pending: row.pending } : null;
}

export async function markActive(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(`UPDATE services SET state = 'Active', state_message = NULL, pending = NULL, updated_at = $2 WHERE id = $1`, [
    id,
    now,
  ]);
}

/** The creation job gave up: the service is Failed with the reason (its name stays claimed). */
export async function markCreationFailed(db: Queryable, id: number, message: string): Promise<void> {
  await db.query(`UPDATE services SET state = 'Failed', state_message = $2 WHERE id = $1 AND state = 'Creating'`, [
    id,
    message.slice(0, 1000),
  ]);
}

// --- description groups -----------------------------------------------------------------------

export interface ServiceGroupRow {
  description_type: DescriptionType;
  group_id: string;
  is_original: boolean;
  other_members: number;
}

/** The groups a service's texts are in, with whether it is the original and how many others share each. */
export async function listServiceGroups(db: Queryable, serviceId: number): Promise<ServiceGroupRow[]> {
  return db.query<ServiceGroupRow>(
    `SELECT sg.description_type, sg.group_id::text AS group_id, (g.original_service_id = sg.service_id) AS is_original,
            (SELECT count(*)::int FROM service_description_groups x WHERE x.group_id = sg.group_id AND x.service_id <> sg.service_id)
              AS other_members
     FROM service_description_groups sg JOIN description_groups g ON g.id = sg.group_id WHERE sg.service_id = $1`,
    [serviceId],
  );
}

export interface DescriptionRow {
  description_type: DescriptionType;
  group_id: string;
  language_code: string;
  title: string;
  content: string;
  is_major_change: boolean;
}

/** The descriptions of several services in one statement, by service id. */
export async function listServicesDescriptions(
  db: Queryable,
  serviceIds: readonly number[],
): Promise<Map<number, DescriptionRow[]>> {
  const byService = new Map<number, DescriptionRow[]>(serviceIds.map((id) => [id, []]));
  if (serviceIds.length === 0) return byService;
  const rows = await db.query<DescriptionRow & { service_id: number }>(
    `SELECT sg.service_id, sg.description_type, sg.group_id::text AS group_id, d.language_code, d.title, d.content,
            d.is_major_change
     FROM service_description_groups sg JOIN descriptions d ON d.group_id = sg.group_id
     WHERE sg.service_id = ANY ($1::int[]) ORDER BY sg.description_type, d.language_code`,
    [serviceIds],
  );
  for (const { service_id, ...row } of rows) byService.get(service_id)?.push(row);
  return byService;
}

export async function listServiceDescriptions(db: Queryable, serviceId: number): Promise<DescriptionRow[]> {
  return db.query<DescriptionRow>(
    `SELECT sg.description_type, sg.group_id::text AS group_id, d.language_code, d.title, d.content, d.is_major_change
     FROM service_description_groups sg JOIN descriptions d ON d.group_id = sg.group_id
     WHERE sg.service_id = $1 ORDER BY sg.description_type, d.language_code`,
    [serviceId],
  );
}

export async function listGroupDescriptions(db: Queryable, groupId: string) {
  return db.query<{ language: string; title: string; content: string }>(
    'SELECT language_code AS language, title, content FROM descriptions WHERE group_id = $1::uuid',
    [groupId],
  );
}

export async function insertGroup(db: Queryable, type: DescriptionType, originalServiceId: number): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO description_groups (description_type, original_service_id) VALUES ($1, $2) RETURNING id::text AS id',
    [type, originalServiceId],
  );
  if (!row) throw new Error('description group insert returned no row');
  return row.id;
}

export async function setServiceGroup(db: Queryable, serviceId: number, type: DescriptionType, groupId: string) {
  await db.query(
    `INSERT INTO service_description_groups (service_id, description_type, group_id) VALUES ($1, $2, $3::uuid)
     ON CONFLICT (service_id, description_type) DO UPDATE SET group_id = EXCLUDED.group_id`,
    [serviceId, type, groupId],
  );
}

/** Takes a service out of a group; a group nobody uses any more is deleted with its texts. */
export async function leaveGroup(db: Queryable, serviceId: number, type: DescriptionType, groupId: string) {
  await db.query(
    'DELETE FROM service_description_groups WHERE service_id = $1 AND description_type = $2 AND group_id = $3::uuid',
    [serviceId, type, groupId],
  );
  await db.query(
    `DELETE FROM description_groups g WHERE g.id = $1::uuid
       AND NOT EXISTS (SELECT 1 FROM service_description_groups x WHERE x.group_id = g.id)`,
    [groupId],
  );
}

/** The group's texts become exactly these languages. */
export async function replaceGroupDescriptions(
  db: Queryable,
  groupId: string,
  descriptions: readonly ServiceDescription[],
  now: Date,
): Promise<void> {
  await db.query('DELETE FROM descriptions WHERE group_id = $1::uuid AND NOT (language_code = ANY($2::text[]))', [
    groupId,
    descriptions.map((d) => d.LocalizationLanguageCode),
  ]);
  for (const d of descriptions) {
    await db.query(
      `INSERT INTO descriptions (group_id, language_code, title, content, is_major_change, updated_at)
       VALUES ($1::uuid, $2, $3, $4, $5, $6)
       ON CONFLICT (group_id, language_code) DO UPDATE SET title = EXCLUDED.title, content = EXCLUDED.content,
         is_major_change = EXCLUDED.is_major_change, updated_at = EXCLUDED.updated_at`,
      [groupId, d.LocalizationLanguageCode, d.Title, d.Content, d.IsMajorChange, now],
    );
  }
  await db.query('UPDATE description_groups SET updated_at = $2 WHERE id = $1::uuid', [groupId, now]);
}

export async function bumpTermsRevision(db: Queryable, groupId: string): Promise<void> {
  await db.query('UPDATE description_groups SET terms_revision = terms_revision + 1 WHERE id = $1::uuid', [groupId]);
}

export interface GroupMemberRow {
  group_id: string;
  service_name: string;
  display_name: string;
  is_original: boolean;
  languages: string[];
}

/**
 * Members of the groups of one type that have at least one service in the caller's scope, listing only
 * members in scope (other owners' service names stay hidden), leaving out the groups of `exceptServiceId`.
 */
export async function listVisibleGroupMembers(
  db: Queryable,
  scopePath: string,
  type: DescriptionType,
  exceptServiceId: number | null,
): Promise<GroupMemberRow[]> {
  return db.query<GroupMemberRow>(
    `SELECT sg.group_id::text AS group_id, s.service_name, s.display_name, (g.original_service_id = s.id) AS is_original,
            COALESCE(ARRAY(SELECT d.language_code FROM descriptions d WHERE d.group_id = sg.group_id ORDER BY d.language_code), '{}')
              AS languages
     FROM service_description_groups sg
     JOIN description_groups g ON g.id = sg.group_id
     JOIN services s ON s.id = sg.service_id
     JOIN accounts o ON o.id = s.owner_account_id
     WHERE sg.description_type = $3 AND ${IN_SCOPE(1)}
       AND ($4::int IS NULL OR sg.group_id NOT IN (SELECT x.group_id FROM service_description_groups x
                                                  WHERE x.service_id = $4 AND x.description_type = $3))
     ORDER BY sg.group_id, lower(s.display_name), s.id`,
    [...scopeParams(scopePath), type, exceptServiceId],
  );
}

/** A group of this type with at least one member service in the caller's scope. */
export async function isGroupVisible(db: Queryable, scopePath: string, type: DescriptionType, groupId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/.test(groupId)) return false;
  const rows = await db.query(
    `SELECT 1 FROM service_description_groups sg JOIN services s ON s.id = sg.service_id
       JOIN accounts o ON o.id = s.owner_account_id
     WHERE sg.group_id = $3::uuid AND sg.description_type = $4 AND ${IN_SCOPE(1)} LIMIT 1`,
    [...scopeParams(scopePath), groupId, type],
  );
  return rows.length > 0;
}

// --- suggested retail prices -----------------------------------------------------------------

export async function replaceSuggestedRetailPrices(db: Queryable, serviceId: number, rules: readonly BillingRule[]) {
  await db.query('DELETE FROM service_suggested_retail_prices WHERE service_id = $1', [serviceId]);
  for (const rule of rules) {
    for (const srp of rule.SuggestedRetailPrices) {
      await db.query(
        `INSERT INTO service_suggested_retail_prices (service_id, rule_id, priceable_item_id, charge_type, currency, charge)
         VALUES ($1, $2, $3, $4, $5, $6::numeric)`,
        [serviceId, rule.Id, rule.PriceableItemId, rule.ChargeType, srp.Currency, srp.Charge],
      );
    }
  }
}

// --- demo seed ---------------------------------------------------------------------------------

/** Demo seed only: organisation ids by display name. */
export async function findOrganisationsByName(db: Queryable, names: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; display_name: string }>(
    `SELECT id, display_name FROM accounts WHERE account_type IN ('Provider', 'Company', 'Reseller') AND display_name = ANY($1::text[])`,
    [names],
  );
  return new Map(rows.map((r) => [r.display_name, r.id]));
}

export async function countAllServices(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM services');
  return row?.n ?? 0;
}

/**
 * The provisioning action of the active service with this name [S3.6], whoever owns it: a Product
 * account refers to its service by name (the provisioning domain carries the action out). Its Basic-auth
 * password comes sealed, apart from the action (`openProvisioningPassword` opens it just before the call).
 */
export async function findProvisioningAction(
  db: Queryable,
  serviceName: string,
  action: string,
): Promise<{ serviceDisplayName: string; action: ProvisioningAction; sealedPassword: string | null } | null> {
  const [row] = await db.query<{ display_name: string; action: ProvisioningAction | null; sealed_password: string | null }>(
    `SELECT s.display_name,
            (SELECT a FROM jsonb_array_elements(s.definition -> 'ProvisioningActions') a WHERE a ->> 'Action' = $2 LIMIT 1) AS action,
            (SELECT p.auth_password FROM service_provisioning_passwords p WHERE p.service_id = s.id AND p.action = $2) AS sealed_password
     FROM services s WHERE lower(s.service_name) = lower($1) AND s.state = 'Active'`,
    [serviceName, action],
  );
  return row?.action ? { serviceDisplayName: row.display_name, action: row.action, sealedPassword: row.sealed_password } : null;
}

/** [A7.2] The service that shows an uploaded file (icon, screenshot or download), if any, with its owner. */
export async function findServiceByFile(db: Queryable, name: string): Promise<{ id: number; owner_account_id: number } | null> {
  const list = JSON.stringify([{ Url: name }]);
  const [row] = await db.query<{ id: number; owner_account_id: number }>(
    `SELECT id, owner_account_id FROM services
     WHERE icon = $1 OR definition->'Screenshots' @> $2::jsonb OR definition->'Downloads' @> $2::jsonb
        OR pending->>'Icon' = $1 OR pending->'Screenshots' @> $2::jsonb OR pending->'Downloads' @> $2::jsonb
     LIMIT 1`,
    [name, list],
  );
  return row ?? null;
}

/** Whether a service inside the scope already shows the uploaded file. */
export async function fileUsedInScope(db: Queryable, scopePath: string, name: string): Promise<boolean> {
  const list = JSON.stringify([{ Url: name }]);
  const rows = await db.query(
    `SELECT 1 FROM services s JOIN accounts o ON o.id = s.owner_account_id
     WHERE (s.icon = $1 OR s.definition->'Screenshots' @> $2::jsonb OR s.definition->'Downloads' @> $2::jsonb)
       AND ${IN_SCOPE(3)}
     LIMIT 1`,
    [name, list, ...scopeParams(scopePath)],
  );
  return rows.length > 0;
}

/**
 * [A2.41] Active services a customer can subscribe to (any owner: the catalogue is offered to every customer
 * until price lists exist, decision 0027-wizard-services): those whose parents include a customer account type.
 */
export async function listOrderableServices(db: Queryable, text: string, limit: number): Promise<ServiceRow[]> {
  return db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES}
     WHERE s.state = 'Active' AND ${ORDERABLE}
       AND ($1 = '' OR s.display_name ILIKE '%' || $1 || '%' OR s.service_name ILIKE '%' || $1 || '%')
     ORDER BY lower(s.display_name), s.id LIMIT $2`,
    [text.replace(/[\\%_]/g, (c) => `\\${c}`), limit],
  );
}

export async function findOrderableService(db: Queryable, name: string): Promise<ServiceRow | null> {
  const [row] = await findActiveServices(db, [name], { orderableOnly: true });
  return row ?? null;
}

/**
 * The Active services by name (without case), in one statement; `orderableOnly` keeps only those a customer account
 * subscribes to directly (an add-on, whose parent is a Product, is left out then).
 */
export async function findActiveServices(
  db: Queryable,
  names: readonly string[],
  options: { orderableOnly: boolean },
): Promise<ServiceRow[]> {
  if (names.length === 0) return [];
  return db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES}
     WHERE lower(s.service_name) = ANY ($1::text[]) AND s.state = 'Active'${options.orderableOnly ? ` AND ${ORDERABLE}` : ''}`,
    [[...new Set(names.map((n) => n.toLowerCase()))]],
  );
}

/** [A9.7] Orderable services of the same category as a service, other than it, by name. */
export async function listSameCategoryServices(db: Queryable, name: string, limit: number): Promise<ServiceRow[]> {
  return db.query<ServiceRow>(
    `SELECT ${SERVICE_COLUMNS} ${FROM_SERVICES}
     WHERE s.state = 'Active' AND ${ORDERABLE} AND lower(s.service_name) <> lower($1)
       AND s.category = (SELECT x.category FROM services x WHERE lower(x.service_name) = lower($1) LIMIT 1)
     ORDER BY lower(s.display_name), s.id LIMIT $2`,
    [name, limit],
  );
}

const ORDERABLE = `EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(s.definition -> 'Parents', '[]'::jsonb)) p
  WHERE p ->> 'ParentAccountType' IN ('User', 'Company', 'Department'))`;

/** The stored names a service document column (or a draft's data) refers to: its icon, screenshots and downloads. */
const documentFileNames = (table: string, column: string) => [
  `SELECT ${column} ->> 'Icon' FROM ${table}`,
  `SELECT jsonb_path_query(${column}, '$.Screenshots[*].Url') #>> '{}' FROM ${table}`,
  `SELECT jsonb_path_query(${column}, '$.Downloads[*].Url') #>> '{}' FROM ${table}`,
];

/**
 * Every stored file a service shows or will show once its pending change is carried out (icon, screenshots,
 * downloads), and those the service tool's drafts hold: the orphan upload sweep never removes them.
 */
export const SERVICE_FILE_NAMES_SQL = [
  'SELECT icon FROM services',
  ...documentFileNames('services', 'definition'),
  ...documentFileNames('services', 'pending'),
  ...documentFileNames('service_drafts', 'data'),
].join('\n UNION ALL ');

export interface TermsGroupServiceRow {
  service_name: string;
  display_name: string;
  group_id: string;
  terms_revision: number;
}

/**
 * [M4.22] The Active services sharing a terms group with any of these services (themselves included): services
 * linked to the same TermsAndConditions description group share their text and revision.
 */
export async function listTermsGroupServices(db: Queryable, serviceNames: readonly string[]): Promise<TermsGroupServiceRow[]> {
  return db.query<TermsGroupServiceRow>(
    `SELECT s.service_name, s.display_name, sg.group_id::text AS group_id, g.terms_revision
     FROM service_description_groups sg
     JOIN description_groups g ON g.id = sg.group_id
     JOIN services s ON s.id = sg.service_id AND s.state = 'Active'
     WHERE sg.description_type = 'TermsAndConditions' AND sg.group_id IN (
       SELECT xg.group_id FROM service_description_groups xg JOIN services x ON x.id = xg.service_id
       WHERE xg.description_type = 'TermsAndConditions' AND lower(x.service_name) = ANY ($1::text[]))
     ORDER BY lower(s.display_name), s.id`,
    [serviceNames.map((n) => n.toLowerCase())],
  );
}
