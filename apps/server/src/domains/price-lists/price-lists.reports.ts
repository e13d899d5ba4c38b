/**
 * The Price List Margins report's aggregate (decision 0056): per price list owned inside the subtree, each of its
 * services and each fee in each currency, the selling price (the list's own price, else the suggested retail price),
 * the purchase price and the margin. The purchase price is in the vendor's currency; for a fee in another currency it
 * is converted with the provider's latest month-end rates, as the price preview's gross margin is (decision 0029), and
 * the row names the month end of the rate it used. Without a rate for either currency the margin is unknown (null),
 * never guessed. Exact decimals throughout.
 */
import { conversion, convertAmount, priceKey, type RateOfCurrency } from '@portal/contracts';
import Decimal from 'decimal.js';
import type { Queryable } from '../../platform/db/db.js';
import { pathUpperBound } from '../../platform/tenancy/scope.js';
import { loadRates, providerIdOf } from '../exchange-rates/index.js';
import * as repo from './prices.repository.js';
import { feeCurrencies, ownPriceMaps, ownPricesOf } from './prices.rules.js';
import { toPricedService } from './prices.service.js';

export interface PriceListMarginRow {
  priceList: string;
  service: string;
  fee: string;
  currency: string;
  price: string | null;
  srp: string | null;
  purchase: string;
  purchaseCurrency: string | null;
  margin: string | null;
  marginPercent: string | null;
  /** The purchase price in the fee's currency (the purchase price itself in the vendor's currency); null without a rate. */
  purchaseInCurrency: string | null;
  /** The month end (yyyy-MM-dd) of the oldest rate the conversion used; null when none was needed or none was found. */
  rateOf: string | null;
}

const plain = (d: Decimal) => d.toFixed();

/** The margin of a price over a purchase price and its percent of the price (2 decimals, half up); null when unknown. */
export function marginOf(price: string | null, purchase: string): { margin: string | null; percent: string | null } {
  if (price === null) return { margin: null, percent: null };
  const p = new Decimal(price);
  const m = p.minus(new Decimal(purchase));
  return { margin: plain(m), percent: p.isZero() ? null : plain(m.div(p).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)) };
}

/**
 * A purchase price in the vendor's currency as an amount in the fee's currency, with the month end of the rate used;
 * null without the vendor's currency or a rate.
 */
export function purchaseIn(
  purchase: string,
  purchaseCurrency: string | null,
  feeCurrency: string,
  rates: ReadonlyMap<string, RateOfCurrency>,
  now: Date,
): { amount: string | null; rateOf: string | null } {
  if (purchaseCurrency === null) return { amount: null, rateOf: null };
  const converted = conversion(purchaseCurrency, feeCurrency, rates, now);
  if (!converted.ok) return { amount: null, rateOf: null };
  return {
    amount: purchaseCurrency === feeCurrency ? purchase : convertAmount(purchase, converted.factor),
    rateOf: converted.effectiveOn,
  };
}

export async function priceListMargins(
  db: Queryable,
  rootPath: string,
  currency: string | null,
  now: Date,
): Promise<PriceListMarginRow[]> {
  const lists = await db.query<{ id: number; name: string }>(
    `SELECT m.id, m.name FROM marketplaces m JOIN accounts o ON o.id = m.owner_account_id
      WHERE o.path >= $1 AND o.path < $2 ORDER BY m.name, m.id`,
    [rootPath, pathUpperBound(rootPath)],
  );
  const out: PriceListMarginRow[] = [];
  // The provider's rates, read once and only when a fee is in another currency than its vendor's.
  let rates: Map<string, RateOfCurrency> | null = null;
  const none = new Map<string, RateOfCurrency>();
  const ratesFor = async (from: string | null, to: string) => {
    if (from === null || from === to) return none;
    rates ??= await loadRates(db, providerIdOf(rootPath));
    return rates;
  };
  for (const list of lists) {
    const services = await repo.listListServices(db, { marketplaceId: list.id });
    if (services.length === 0) continue;
    const owners = await db.query<{ id: number; currency: string | null }>(
      'SELECT id, currency FROM accounts WHERE id = ANY($1::int[])',
      [[...new Set(services.map((s) => s.owner_account_id))]],
    );
    const ownerCurrency = new Map(owners.map((o) => [o.id, o.currency]));
    const own = ownPriceMaps(await repo.listOwnPrices(db, list.id));
    for (const row of services) {
      if (row.status === 'Hidden') continue;
      const service = toPricedService(row);
      const purchaseCurrency = ownerCurrency.get(row.owner_account_id) ?? null;
      const prices = ownPricesOf(own, service.serviceId);
      for (const fee of feeCurrencies(service, prices, currency)) {
        const price = prices.get(priceKey(fee.ruleId, fee.currency)) ?? fee.srp;
        const inCurrency = purchaseIn(
          fee.purchase,
          purchaseCurrency,
          fee.currency,
          await ratesFor(purchaseCurrency, fee.currency),
          now,
        );
        const { margin, percent } =
          inCurrency.amount === null ? { margin: null, percent: null } : marginOf(price, inCurrency.amount);
        out.push({
          priceList: list.name,
          service: service.displayName,
          fee: fee.description,
          currency: fee.currency,
          price,
          srp: fee.srp,
          purchase: fee.purchase,
          purchaseCurrency,
          margin,
          marginPercent: percent,
          purchaseInCurrency: inCurrency.amount,
          rateOf: inCurrency.rateOf,
        });
      }
    }
  }
  return out;
}
