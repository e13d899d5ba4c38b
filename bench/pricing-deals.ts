/**
 * Pricing benchmark (issue 16): pricing 1,000 subscriptions with discounts and special deals through the one pricing
 * rule, as a ratio to a primary-key select measured in the same run. Nothing is asserted; see README.md.
 *
 * The fixture (demo data, then through the discounts' and special deals' repositories): a sub-reseller under the demo
 * reseller Blue Harbor IT, 100 companies under it with 10 subscriptions each of one demo service, a percent discount
 * of the sub-reseller on every company, and a special deal of Blue Harbor IT (the stream Blue Harbor IT -> the
 * sub-reseller, decision 0049) on every other subscription.
 *
 * Measured: the shared loader (price-lists' loadCustomerPricing with each subscription's customer, and the
 * sub-reseller's purchase with the Product account's id) and priceWithSource (priceSubscription) for all 1,000, as the
 * price preview does for one; and the price preview operation (GetAccountPricePreview, HTTP) of one subscription
 * with a deal.
 *
 *   npx tsx bench/pricing-deals.ts [--iterations N] [--skip-postgres]   PGlite, then PostgreSQL when DATABASE_URL is set
 *
 * `npm run bench` runs it after the ordering benchmark unless `--skip-pricing-deals` is given.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { insertAccount } from '../apps/server/src/domains/accounts/index.js';
import { priceWithSource } from '../apps/server/src/domains/catalogue/index.js';
import * as discounts from '../apps/server/src/domains/discounts/discounts.repository.js';
import { loadCustomerPricing } from '../apps/server/src/domains/price-lists/index.js';
import * as deals from '../apps/server/src/domains/special-deals/special-deals.repository.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';
import {
  type Backend,
  type BackendReport,
  benchSecrets,
  createResellerAdmin,
  type LatencyBenchOptions,
  latencyBenchArgs,
  openBenchDb,
  runLatencyBench,
} from './fixture.js';
import { BenchClient } from './http-client.js';
import { Floor, formatMs, measure, type Timing } from './measure.js';

const SERVICE = 'Microsoft 365 Business Standard';
const RESELLER = 'Blue Harbor IT';
const COMPANIES = 100;
const PER_COMPANY = 10;
const CURRENCY = 'EUR';

interface Subscription {
  id: number;
  path: string;
  productName: string;
  attributes: Record<string, unknown>;
}

async function runBackend(backend: Backend, iterations: number, log: (line: string) => void): Promise<BackendReport> {
  log(`\n== price 1,000 subscriptions with discounts and special deals: ${backend} ==`);
  const bench = await openBenchDb(backend);
  const { db } = bench;
  let app: FastifyInstance | null = null;
  let client: BenchClient | null = null;
  try {
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db);
    const [distributor] = await db.query<{ id: number }>(
      "SELECT id FROM accounts WHERE display_name = $1 AND account_type = 'Reseller'",
      [RESELLER],
    );
    const [admin] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE lower(username) = 'provider.admin'");
    if (!distributor || !admin) throw new Error(`the demo reseller ${RESELLER} or provider.admin is missing`);
    const subReseller = await insertAccount(db, {
      type: 'Reseller',
      parentId: distributor.id,
      displayName: 'Pricing bench sub-reseller',
      currency: CURRENCY,
    });
    const [sub] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [subReseller]);
    const subResellerPath = sub?.path ?? '';

    // The service's fees, as the pricing rule keys them (PriceableItemId, else the rule's Id).
    const probe = await loadCustomerPricing(db, [{ accountPath: subResellerPath, productName: SERVICE }]);
    const source = probe.sources.get(SERVICE.toLowerCase());
    if (!source) throw new Error(`the demo service ${SERVICE} is missing`);
    const itemIds = source.rules.map((r) => r.PriceableItemId ?? r.Id).filter((id): id is string => !!id);
    // The service's field values as a demo subscription of it holds them (its per-unit fields).
    const [demo] = await db.query<{ attributes: Record<string, unknown> }>(
      "SELECT attributes FROM accounts WHERE account_type = 'Product' AND product_name = $1 ORDER BY id LIMIT 1",
      [SERVICE],
    );
    const demoAttributes = demo?.attributes ?? {};
    const at = new Date();

    const subscriptions: Subscription[] = [];
    for (let c = 0; c < COMPANIES; c++) {
      const companyId = await insertAccount(db, {
        type: 'Company',
        parentId: subReseller,
        displayName: `Pricing bench customer ${c}`,
        currency: CURRENCY,
      });
      const discountId = await discounts.insert(db, {
        targetAccountId: companyId,
        sellerAccountId: subReseller,
        serviceId: source.serviceId,
        description: 'Bench discount',
        percentMode: true,
        effectiveStart: new Date(at.getTime() - 86_400_000),
        effectiveEnd: null,
        by: admin.id,
        at,
      });
      await discounts.replaceItems(
        db,
        discountId,
        true,
        itemIds.map((id) => ({
          PriceableItemId: id,
          Currency: CURRENCY,
          IsCustomCharge: false,
          Discount: String(5 + (c % 20)),
          CustomCharge: null,
        })),
      );
      for (let s = 0; s < PER_COMPANY; s++) {
        const attributes = { ...demoAttributes, 'Product.Quantity': 1 + ((c + s) % 50) };
        const id = await insertAccount(db, {
          type: 'Product',
          parentId: companyId,
          displayName: `Bench subscription ${c}-${s}`,
          productName: SERVICE,
          attributes: attributes as never,
        });
        const [row] = await db.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [id]);
        subscriptions.push({ id, path: row?.path ?? '', productName: SERVICE, attributes });
        if (s % 2 === 0) {
          // Half the subscriptions: a deal on the stream Blue Harbor IT -> the sub-reseller.
          const dealId = await deals.insert(db, {
            productAccountId: id,
            sellerId: distributor.id,
            buyerId: subReseller,
            comments: 'Bench deal',
            effectiveEnd: null,
            percentMode: s % 4 === 0,
            by: admin.id,
            at,
          });
          await deals.replaceItems(
            db,
            dealId,
            itemIds.map((pi) =>
              s % 4 === 0
                ? { PriceableItemId: pi, Currency: CURRENCY, IsCustomCharge: false, Discount: '12.5', CustomCharge: null }
                : { PriceableItemId: pi, Currency: CURRENCY, IsCustomCharge: true, Discount: null, CustomCharge: '3.25' },
            ),
          );
        }
      }
    }
    await db.query('ANALYZE');
    log(`  fixture: ${subscriptions.length} subscriptions, ${COMPANIES} discounts, ${subscriptions.length / 2} special deals`);

    // The one pricing rule as the product uses it: the customer's price (its price list and discount) and the
    // sub-reseller's purchase price (the deal of the stream into it), as the price preview prices one subscription.
    const priceAll = async () => {
      const pricing = await loadCustomerPricing(db, [
        ...subscriptions.map((s) => ({ accountPath: s.path, productName: s.productName })),
        ...subscriptions.map((s) => ({ accountPath: subResellerPath, productName: s.productName, productAccountId: s.id })),
      ]);
      let dealLines = 0;
      for (const s of subscriptions) {
        const base = { productName: s.productName, attributes: s.attributes, currency: CURRENCY };
        const customer = priceWithSource({ ...base, ...pricing.pricingFor(s.path, s.productName) }, pricing.sources);
        const bought = priceWithSource({ ...base, ...pricing.pricingFor(subResellerPath, s.productName, s.id) }, pricing.sources);
        if (!customer?.result.ok || !bought?.result.ok)
          throw new Error(`subscription ${s.id} did not price: ${JSON.stringify([customer?.result, bought?.result])}`);
        if (bought.result.lines.some((l) => l.specialDeal)) dealLines++;
      }
      return dealLines;
    };
    const priced = await priceAll();
    if (priced !== subscriptions.length / 2) throw new Error(`expected ${subscriptions.length / 2} deals priced, got ${priced}`);

    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, backgroundJobs: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // The sub-reseller's own administrator: the preview's purchase side is what the viewer's organisation pays
    // (decision 0049), so only the sub-reseller's view prices its purchase with the deal.
    const subResellerAdmin = await createResellerAdmin(db, subReseller);
    client = await new BenchClient(`http://127.0.0.1:${port}`).signIn(subResellerAdmin, DEMO_PASSWORD);
    const signedIn = client;
    const withDeal = subscriptions[0] as Subscription;
    const preview = await signedIn.post('/api/op/GetAccountPricePreview', { accountId: withDeal.id });
    if (preview.status !== 200 || (preview.body as { Margin?: { PurchaseFrom?: unknown } }).Margin?.PurchaseFrom == null) {
      throw new Error(`GetAccountPricePreview ${preview.status}: ${JSON.stringify(preview.body)}`);
    }

    // Measured in passes: before the first line and after each (measure.ts `Floor`, bench/README.md).
    const floor = new Floor(
      'floor: SELECT id FROM accounts WHERE id = $1 (db)',
      (i) => db.query('SELECT id FROM accounts WHERE id = $1', [subscriptions[i % subscriptions.length]?.id]),
      { iterations: 200, warmup: 20 },
    );
    const rows: Timing[] = [];
    const statements: number[] = [];
    const add = async (name: string, fn: () => Promise<unknown>, runs: number) => {
      const counts: number[] = [];
      const timing = await measure(
        name,
        async () => {
          const before = db.stats.statements;
          await fn();
          counts.push(db.stats.statements - before);
        },
        { iterations: runs, warmup: 3, maxMs: 30_000 },
      );
      rows.push(timing);
      const sorted = counts.slice(-timing.runs).sort((a, b) => a - b);
      statements.push(sorted[Math.floor(sorted.length / 2)] ?? 0);
      log(`  ${name}: median ${formatMs(timing.median)}, p95 ${formatMs(timing.p95)}, ${statements.at(-1)} statements`);
      await floor.pass();
    };
    await floor.pass();
    await add(
      'price 1,000 subscriptions: loadCustomerPricing + priceSubscription, customer and sub-reseller (db)',
      priceAll,
      iterations,
    );
    await add(
      'GetAccountPricePreview, one subscription with a deal (HTTP, the sub-reseller administrator)',
      async () => {
        const reply = await signedIn.post('/api/op/GetAccountPricePreview', { accountId: withDeal.id });
        if (reply.status !== 200) throw new Error(`GetAccountPricePreview ${reply.status}`);
      },
      Math.max(iterations, 100),
    );
    return { backend, floor: floor.timing, floorPasses: floor.describe('p95'), rows, statements };
  } finally {
    client?.close();
    await app?.close();
    await bench.dispose();
  }
}

export function runPricingDealsBench(options: LatencyBenchOptions = {}): Promise<void> {
  return runLatencyBench('Pricing with discounts and special deals', runBackend, 30, options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runPricingDealsBench(latencyBenchArgs(30));
}
