import { type BillingRule, BillingRuleSchema, priceKey } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { useScratchDb } from '../../../../test/scratch-db.js';
import { migrate } from '../../../platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../../../platform/db/paths.js';
import { insertAccount } from '../../accounts/index.js';
import { feeCurrencies, storedFeeRules } from '../prices.rules.js';

describe('fees as stored: the price_fees column read by storedFeeRules (migration 0149, decision 0060)', () => {
  const db = useScratchDb('price_fees');
  beforeAll(async () => {
    await migrate(db(), MIGRATIONS_DIR);
  });
  /** What the column holds for a definition with these BillingRules. */
  const columnOf = async (rules: unknown) => {
    const [row] = await db().query<{ fees: string }>('SELECT service_price_fees($1::jsonb)::text AS fees', [
      JSON.stringify({ Fields: [], BillingRules: rules }),
    ]);
    return JSON.parse(row?.fees ?? 'null') as unknown;
  };

  const stored: Record<string, unknown>[] = [
    { ChargeType: 'Monthly' },
    {
      Id: 'a',
      enabled: false,
      ChargeType: 'Setup',
      Charge: '4.5',
      Condition: { FieldId: '__gen__plan', Value: 'Pro' },
      UdrcField: '__gen__seats',
      PriceableItemId: 'PI-1',
      AdvancePaymentConfiguration: { AdvancePeriodLenghtInMonths: 12 },
      SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '9' }],
      VendorSku: 'SKU',
    },
    { Id: 'b', ChargeType: 'Monthly', SuggestedRetailPrices: [{ Id: 'x', Currency: 'USD', Charge: '1' }] },
  ];

  it("reads the fields prices use with the schema's defaults, as BillingRuleSchema would", async () => {
    const read = storedFeeRules(await columnOf(stored));
    const parsed = stored.map((r) => BillingRuleSchema.parse(r));
    expect(read).toHaveLength(parsed.length);
    read.forEach((r, i) => {
      const p = parsed[i] as BillingRule;
      expect(r).toEqual({
        Id: p.Id,
        enabled: p.enabled,
        ChargeType: p.ChargeType,
        Charge: p.Charge,
        Condition: p.Condition,
        UdrcField: p.UdrcField,
        PriceableItemId: p.PriceableItemId,
        AdvancePaymentConfiguration: r.AdvancePaymentConfiguration === null ? null : expect.anything(),
        SuggestedRetailPrices: expect.anything(),
      });
      expect(r.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths).toBe(
        p.AdvancePaymentConfiguration?.AdvancePeriodLenghtInMonths,
      );
      expect(r.SuggestedRetailPrices.map((s) => [s.Currency, s.Charge])).toEqual(
        p.SuggestedRetailPrices.map((s) => [s.Currency, s.Charge]),
      );
    });
    expect(storedFeeRules(null)).toEqual([]);
  });

  it('gives the same fees and currencies as the parsed rules', async () => {
    const column = await columnOf(stored);
    const own = new Map([
      [priceKey('b', 'GBP'), '3'],
      [priceKey('b', 'USD'), '2'],
    ]);
    for (const currency of [null, 'EUR']) {
      expect(feeCurrencies({ serviceId: 1, rules: storedFeeRules(column) }, own, currency)).toEqual(
        feeCurrencies({ serviceId: 1, rules: stored.map((r) => BillingRuleSchema.parse(r)) }, own, currency),
      );
    }
  });

  it('never fails a write, whatever the definition holds: no fees where it holds no rules', async () => {
    for (const rules of [undefined, null, 5, 'x', {}]) expect(storedFeeRules(await columnOf(rules))).toEqual([]);
    const odd = storedFeeRules(await columnOf([1, 'x', { Id: 'a', ChargeType: 'Monthly', SuggestedRetailPrices: 'x' }]));
    expect(odd.map((r) => [r.Id, r.enabled, r.SuggestedRetailPrices])).toEqual([
      [null, true, []],
      [null, true, []],
      ['a', true, []],
    ]);
  });

  it('is kept with the definition: written with it, changed with it', async () => {
    const owner = await insertAccount(db(), { type: 'Provider', parentId: null, displayName: 'Fees owner', currency: 'EUR' });
    const rule = { Id: 'r1', ChargeType: 'Monthly', Charge: '2', SuggestedRetailPrices: [{ Currency: 'EUR', Charge: '3' }] };
    const [service] = await db().query<{ id: number }>(
      `INSERT INTO services (service_name, display_name, owner_account_id, state, definition)
       VALUES ('fees', 'Fees', $1, 'Active', $2::jsonb) RETURNING id`,
      [owner, JSON.stringify({ BillingRules: [rule] })],
    );
    const read = async () => {
      const [row] = await db().query<{ fees: unknown }>('SELECT price_fees AS fees FROM services WHERE id = $1', [service?.id]);
      return storedFeeRules(row?.fees).map((r) => [r.Id, r.Charge, r.SuggestedRetailPrices]);
    };
    expect(await read()).toEqual([['r1', '2', [{ Currency: 'EUR', Charge: '3' }]]]);
    await db().query(`UPDATE services SET definition = jsonb_set(definition, '{BillingRules,0,Charge}', '"4"') WHERE id = $1`, [
      service?.id,
    ]);
    expect(await read()).toEqual([['r1', '4', [{ Currency: 'EUR', Charge: '3' }]]]);
  });
});
