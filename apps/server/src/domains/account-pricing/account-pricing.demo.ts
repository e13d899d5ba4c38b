import type { Queryable } from '../../platform/db/db.js';
import { loadPricingSources, SERVICE_FIELD_VIEW } from '../catalogue/index.js';
import { recordPriceProtection } from './price-protection.service.js';

/** Per-unit values of chosen demo subscriptions, by their owner's sign-in name. */
const CHOSEN: Record<string, Record<string, string | number>> = {
  // Acme's Microsoft 365 (price protection of 365 days, EUR like its vendor): the price preview with margin.
  'acme.admin': { Licences: 12, Domain: 'acme-logistics.example' },
};

/** A demo per-unit value: 5, inside the field's bounds. */
function demoUnits(min: number | null | undefined, max: number | null | undefined): number {
  let n = 5;
  if (typeof min === 'number') n = Math.max(n, min);
  if (typeof max === 'number') n = Math.min(n, max);
  return n;
}

/**
 * Gives the demo subscriptions values for their services' per-unit fields (attributes "Service.<FieldId>",
 * decision 0022), so their price preview shows prices rather than the configuration error [M5.8], and their unpriced
 * choices their first value (decision 0079). Only adds values that are missing; changes nothing else.
 */
export async function seedPricingDemo(db: Queryable): Promise<void> {
  const products = await db.query<{
    id: number;
    product_name: string;
    attributes: Record<string, unknown>;
    owner: string | null;
  }>(
    `SELECT p.id, p.product_name, p.attributes, u.username AS owner
     FROM accounts p LEFT JOIN accounts u ON u.id = p.parent_id
     WHERE p.account_type = 'Product' AND p.product_name IS NOT NULL ORDER BY p.id`,
  );
  const sources = await loadPricingSources(
    db,
    products.map((p) => p.product_name),
  );
  // Decision 0047: the demo subscriptions (inserted directly) get their stored price protection end.
  for (const product of products) await recordPriceProtection(db, product.id, new Date());
  for (const product of products) {
    const source = sources.get(product.product_name.toLowerCase());
    if (!source) continue;
    const chosen = (product.owner && CHOSEN[product.owner]) || {};
    const add: Record<string, string | number> = {};
    for (const [fieldId, value] of Object.entries(chosen)) add[`${SERVICE_FIELD_VIEW}.${fieldId}`] = value;
    for (const rule of source.rules) {
      const field = rule.UdrcField ? source.fields.find((f) => f.Id === rule.UdrcField) : undefined;
      if (!field) continue;
      const key = `${SERVICE_FIELD_VIEW}.${field.Id}`;
      add[key] ??= demoUnits(field.MinValue, field.MaxValue);
    }
    // Decision 0079: a choice that no fee reads starts at its first value, so a demo subscription's page shows its
    // configuration (the fees' fields keep what they have: the demo prices stay as they are).
    const priced = new Set(source.rules.flatMap((r) => [r.UdrcField, r.Condition?.FieldId]));
    for (const field of source.fields) {
      const first = field.AvailableValues[0]?.Value;
      if (field.FieldType === 'Combobox' && first && !priced.has(field.Id)) add[`${SERVICE_FIELD_VIEW}.${field.Id}`] ??= first;
    }
    const missing = Object.fromEntries(Object.entries(add).filter(([key]) => !(key in product.attributes)));
    if (Object.keys(missing).length === 0) continue;
    await db.query('UPDATE accounts SET attributes = attributes || $2::jsonb WHERE id = $1', [
      product.id,
      JSON.stringify(missing),
    ]);
  }
}
