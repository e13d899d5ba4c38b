import type { AccountType, FieldDefinition, LayoutPage } from '@portal/contracts';
import type { Db, Queryable } from '../../platform/db/db.js';
import { NotifiedCache, notifiedCacheFor } from '../../platform/db/notified-cache.js';
import * as repo from './accounts.repository.js';

/** The channel the triggers of migration 0124 announce layout changes on. */
export const LAYOUT_CACHE_CHANNEL = 'account_layout_cache';

/** What the account page of one account type shows, whatever the account: the same for every account of the type. */
export interface TypeLayout {
  definitions: FieldDefinition[];
  pages: LayoutPage[];
  reportPages: repo.ReportPage[];
  customActions: repo.CustomActionRow[];
}

/**
 * Per process and database, the layouts of the account types, kept until the database announces a change to field
 * definitions, layout pages, report pages or custom actions (triggers of migration 0124, NOTIFY from any process).
 * Serves only while listening (the shared NotifiedCache of platform/db); inside a transaction (a Queryable that is
 * not the Db) it always reads the database.
 */
const layoutCacheFor = (db: Db) => notifiedCacheFor(db, LAYOUT_CACHE_CHANNEL, () => new NotifiedCache<AccountType, TypeLayout>());

const isDb = (db: Queryable): db is Db => typeof (db as Partial<Db>).listen === 'function';

async function loadTypeLayout(db: Queryable, type: AccountType): Promise<TypeLayout> {
  const [definitions, pages, reportPages, customActions] = await Promise.all([
    repo.listFieldDefinitions(db, type),
    repo.findLayoutPages(db, type),
    repo.listReportPages(db, type),
    repo.listCustomActions(db, type),
  ]);
  return { definitions, pages, reportPages, customActions };
}

/** The layout of an account type: from the process cache when it is warm, else four statements. */
export async function typeLayout(db: Queryable, type: AccountType): Promise<TypeLayout> {
  if (!isDb(db)) return loadTypeLayout(db, type);
  const cache = await layoutCacheFor(db);
  const hit = cache.get(type);
  if (hit) return hit;
  const generation = cache.generation;
  const loaded = await loadTypeLayout(db, type);
  cache.set(type, loaded, generation);
  return loaded;
}
