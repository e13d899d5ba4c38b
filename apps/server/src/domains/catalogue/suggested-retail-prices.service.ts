import { type BillingRule, BillingRuleSchema } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { replaceSuggestedRetailPrices } from './catalogue.repository.js';

/** One suggested retail price of a fee (billing rule Id) in one currency. */
export interface SuggestedRetailPriceChange {
  ruleId: string;
  currency: string;
  charge: string;
}

/**
 * [M6.4] [M7.13] Sets suggested retail prices of one service: in its definition's billing rules AND in the
 * service_suggested_retail_prices index, in the caller's transaction, so both always agree. Returns false
 * when the service or one of the rules does not exist (nothing is written then).
 */
export async function updateSuggestedRetailPrices(
  db: Queryable,
  p: { serviceId: number; changes: readonly SuggestedRetailPriceChange[]; actorId: number },
): Promise<boolean> {
  const [row] = await db.query<{ definition: { BillingRules?: unknown[] } & Record<string, unknown> }>(
    'SELECT definition FROM services WHERE id = $1 FOR UPDATE',
    [p.serviceId],
  );
  if (!row) return false;
  const stored = row.definition.BillingRules ?? [];
  const rules: BillingRule[] = stored.map((r) => BillingRuleSchema.parse(r));
  const raw = stored.map((r) => ({ ...(r as Record<string, unknown>) }));
  for (const change of p.changes) {
    const i = rules.findIndex((r) => r.Id === change.ruleId);
    const rule = rules[i];
    const target = raw[i];
    if (!rule || !target) return false;
    const existing = rule.SuggestedRetailPrices.find((s) => s.Currency === change.currency);
    if (existing) existing.Charge = change.charge;
    else rule.SuggestedRetailPrices.push({ Id: null, Currency: change.currency, Charge: change.charge });
    target.SuggestedRetailPrices = rule.SuggestedRetailPrices;
  }
  await db.query('UPDATE services SET definition = $2::jsonb, updated_by = $3, updated_at = now() WHERE id = $1', [
    p.serviceId,
    JSON.stringify({ ...row.definition, BillingRules: raw }),
    p.actorId,
  ]);
  await replaceSuggestedRetailPrices(db, p.serviceId, rules);
  return true;
}
