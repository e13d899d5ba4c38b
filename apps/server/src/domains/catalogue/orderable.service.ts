/**
 * [A2.41] The catalogue as the account creation wizard offers it: active services a customer can subscribe to,
 * with their own fields and their terms and conditions (decision 0027-wizard-services).
 */
import { type ServiceField, ServiceFieldSchema } from '@portal/contracts';
import { z } from 'zod';
import type { Queryable } from '../../platform/db/db.js';
import * as repo from './catalogue.repository.js';

export interface OrderableService {
  /** The catalogue id: the ordering wizard's material number [M2.42] (decision 0043). */
  id: number;
  serviceName: string;
  displayName: string;
  shortDescription: string;
  ownerName: string;
  icon: string | null;
  fields: ServiceField[];
  /** The current terms and conditions (English when there is an English text); null when the service has none. */
  terms: { title: string; content: string; revision: number } | null;
  /** The account types a subscription may be created under (Parents), e.g. ['Company', 'User']. */
  parents: string[];
  /** The service names it needs (Dependencies; the ordering wizard's IndirectDependencies [M3.17]). */
  dependencies: string[];
  /** The first post-creation message, shown after ordering; null without one. */
  postCreationMessage: { title: string; message: string } | null;
}

const FieldsSchema = z.array(ServiceFieldSchema).catch([]);
const ParentsSchema = z.array(z.object({ ParentAccountType: z.string() })).catch([]);
const NamesSchema = z.array(z.string()).catch([]);
const MessagesSchema = z.array(z.object({ Title: z.string(), Message: z.string() })).catch([]);

async function toOrderable(db: Queryable, row: repo.ServiceRow): Promise<OrderableService> {
  return orderableOf(row, await repo.listServiceDescriptions(db, row.id));
}

function orderableOf(row: repo.ServiceRow, descriptions: readonly repo.DescriptionRow[]): OrderableService {
  const texts = descriptions.filter((d) => d.description_type === 'TermsAndConditions' && d.content.trim() !== '');
  const text = texts.find((d) => d.language_code === 'en') ?? texts[0];
  const definition = row.definition as { Parents?: unknown; Dependencies?: unknown; PostCreationMessage?: unknown };
  const message = MessagesSchema.parse(definition.PostCreationMessage ?? [])[0];
  return {
    id: row.id,
    serviceName: row.service_name,
    displayName: row.display_name,
    shortDescription: row.short_description,
    ownerName: row.owner_name,
    icon: row.icon,
    fields: FieldsSchema.parse((row.definition as { Fields?: unknown }).Fields ?? []),
    terms: text
      ? { title: text.title || 'Terms and conditions', content: text.content, revision: row.terms_revision ?? 1 }
      : null,
    parents: ParentsSchema.parse(definition.Parents ?? []).map((p) => p.ParentAccountType),
    dependencies: NamesSchema.parse(definition.Dependencies ?? []),
    postCreationMessage: message ? { title: message.Title, message: message.Message } : null,
  };
}

export async function listOrderableServices(db: Queryable, text: string, limit: number): Promise<OrderableService[]> {
  const rows = await repo.listOrderableServices(db, text, limit);
  return Promise.all(rows.map((r) => toOrderable(db, r)));
}

export async function findOrderableService(db: Queryable, name: string): Promise<OrderableService | null> {
  const row = await repo.findOrderableService(db, name);
  return row ? toOrderable(db, row) : null;
}

/**
 * The Active services by name (without case), keyed by lower-case name, whether or not a customer subscribes to
 * them directly: an add-on (its parent a Product) is found too, with its icon and dependencies. Two statements for
 * any number of names. For showing services (the quote builder); ordering keeps `findOrderableService`.
 */
export async function findActiveServices(db: Queryable, names: readonly string[]): Promise<Map<string, OrderableService>> {
  const rows = await repo.findActiveServices(db, names, { orderableOnly: false });
  const descriptions = await repo.listServicesDescriptions(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.service_name.toLowerCase(), orderableOf(r, descriptions.get(r.id) ?? [])]));
}

/** [A2.44] [A9.7] Services to suggest after one was ordered: orderable services of its category. */
export async function listSuggestedServices(db: Queryable, name: string, limit: number): Promise<OrderableService[]> {
  const rows = await repo.listSameCategoryServices(db, name, limit);
  return Promise.all(rows.map((r) => toOrderable(db, r)));
}

/** [M4.22] The Active services sharing a terms group with these services (themselves included), with the group. */
export async function listTermsGroupServices(db: Queryable, serviceNames: readonly string[]) {
  return repo.listTermsGroupServices(db, serviceNames);
}
