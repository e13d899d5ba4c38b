import {
  type FieldDefinition,
  type FieldValue,
  type LayoutPage,
  ServiceFieldSchema,
  ServiceLayoutSchema,
} from '@portal/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/db.js';
import type { AccountExtension, AccountRow, ExtendedFields } from '../accounts/index.js';
import { SERVICE_VIEW, serviceRangeErrors, storedValues, subscriptionFieldDefinitions } from './account-creation.rules.js';

/**
 * Decision 0079: a subscription's own service fields on its page, shown and edited like the layout's fields. The
 * values are the subscription's attributes "Service.<Id>", as its creation stored them; the fields are those of the
 * service the subscription is of (service names are unique), by their DisplayTypeOnModify [S3.2], placed by the
 * service's VIEW layout [S3.3]. A saved change of one is a Change order (decision 0045).
 *
 * The page's statement reads only which service and which of its versions (`[id, version, updated_at]`): the fields
 * and layouts of a service version are read once, made into definitions once, and kept in the process (a new version
 * or update time is another key, so a changed service is read again, in every process). Reading the fields' JSON and
 * parsing it on every page cost about 1.3x a primary-key select on PGlite (2026-11-28).
 */
export const SUBSCRIPTION_FIELDS_SQL = `CASE WHEN a.account_type = 'Product' AND a.product_name IS NOT NULL THEN (
    SELECT jsonb_build_array(s.id, s.version, s.updated_at) FROM services s WHERE lower(s.service_name) = lower(a.product_name)) END`;

const VersionSchema = z.tuple([z.number().int(), z.number().int(), z.string()]).nullable().catch(null);

const DefinitionSchema = z
  .object({
    fields: z.array(ServiceFieldSchema).nullable().catch([]),
    layouts: z.array(ServiceLayoutSchema).nullable().catch([]),
  })
  .nullable()
  .catch(null);

/** The page's name for the fields when the service has no VIEW layout: a container on the subscription's first page. */
const FALLBACK_PAGE = { Name: 'General', DisplayName: 'General' };

/**
 * Where the fields show, by the service's VIEW layout (its CREATE layout when it has none): each normal page with a
 * shown field is a page of the account (named like the page: one the subscription's layout also has gets the
 * blocks as its containers), each block with a shown field a container. A service with no layout shows its fields
 * in one container, "Service configuration", on the General page. A powerbi page holds no fields and is left out.
 */
export function subscriptionFieldPages(
  layouts: readonly z.infer<typeof ServiceLayoutSchema>[],
  definitions: readonly FieldDefinition[],
): LayoutPage[] {
  const shown = new Set(definitions.map((d) => d.Name));
  const layout = layouts.find((l) => l.Action === 'VIEW') ?? layouts.find((l) => l.Action === 'CREATE');
  const pages: LayoutPage[] = [];
  for (const page of layout?.Pages ?? []) {
    if (page.Type !== 'normal') continue;
    const containers = page.Blocks.map((block, i) => ({
      Name: `${SERVICE_VIEW}.${i}.${block.Name}`,
      DisplayName: block.Name,
      State: 'Expanded' as const,
      Fields: block.Fields.filter((f) => shown.has(f.FieldId)).map((f) => ({ Name: f.FieldId, View: SERVICE_VIEW })),
    })).filter((c) => c.Fields.length > 0);
    if (containers.length > 0) pages.push({ Name: page.Name, DisplayName: page.Name, Containers: containers });
  }
  if (layout || definitions.length === 0) return pages;
  return [
    {
      ...FALLBACK_PAGE,
      Containers: [
        {
          Name: `${SERVICE_VIEW}.configuration`,
          DisplayName: 'Service configuration',
          State: 'Expanded',
          Fields: definitions.map((d) => ({ Name: d.Name, View: SERVICE_VIEW })),
        },
      ],
    },
  ];
}

/** The fields of a service's stored Fields and Layouts, as the page, a save and templates use them; null without any. */
export function subscriptionFields(stored: { fields: unknown; layouts: unknown } | null): ExtendedFields | null {
  const facts = DefinitionSchema.parse(stored);
  const fields = facts?.fields ?? [];
  const definitions = subscriptionFieldDefinitions(fields);
  // Templates (provisioning) read every field's value but a secret's, the fields the page does not show too.
  const valueKeys = fields.filter((f) => f.FieldType !== 'Password').map((f) => `${SERVICE_VIEW}.${f.Id}`);
  if (definitions.length === 0 && valueKeys.length === 0) return null;
  return {
    valueKeys,
    definitions,
    pages: subscriptionFieldPages(facts?.layouts ?? [], definitions),
    check: (values) => serviceRangeErrors(fields, values),
    stored: (key: string, value: FieldValue) => storedValues(definitions, { [key]: value })[key] ?? null,
  };
}

/** The fields of each service version read so far, the most recently used `KEPT_VERSIONS` (a few KB each). */
const KEPT_VERSIONS = 1000;
const kept = new Map<string, ExtendedFields | null>();

/** The fields of the service version the page's facts name, read once per version. */
async function fieldsOfVersion(db: Queryable, facts: unknown): Promise<ExtendedFields | null> {
  const version = VersionSchema.parse(facts);
  if (!version) return null;
  const key = version.join('|');
  if (kept.has(key)) {
    const fields = kept.get(key) ?? null;
    kept.delete(key);
    kept.set(key, fields);
    return fields;
  }
  const [row] = await db.query<{ fields: unknown; layouts: unknown }>(
    `SELECT definition -> 'Fields' AS fields, definition -> 'Layouts' AS layouts FROM services WHERE id = $1`,
    [version[0]],
  );
  const fields = row ? subscriptionFields(row) : null;
  kept.set(key, fields);
  if (kept.size > KEPT_VERSIONS) kept.delete(kept.keys().next().value as string);
  return fields;
}

async function fieldsForSave(db: Queryable, account: AccountRow): Promise<ExtendedFields | null> {
  if (account.account_type !== 'Product') return null;
  const [row] = await db.query<{ facts: unknown }>(
    `SELECT (${SUBSCRIPTION_FIELDS_SQL}) AS facts FROM accounts a WHERE a.id = $1`,
    [account.id],
  );
  return fieldsOfVersion(db, row?.facts ?? null);
}

/** What account creation adds to accounts: a subscription's service fields on its page (decision 0079). */
export const subscriptionFieldsAccountExtension: AccountExtension = {
  name: 'subscription-fields',
  extendedTypes: ['Product'],
  extendedSql: SUBSCRIPTION_FIELDS_SQL,
  // Migration 0154: planned only for a Product's page (decision 0067).
  extendedFunction: 'subscription_page_service_fields',
  extendedFields: (facts, _account, db) => fieldsOfVersion(db, facts),
  fieldsForSave,
};
