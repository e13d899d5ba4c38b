/**
 * Quote pricing benchmark (issue 17): pricing a 100-line sales quote through the one pricing rule, as a ratio to a
 * primary-key select measured in the same run. Nothing is asserted; see README.md.
 *
 * The fixture is the demo tenant: the first user of the demo reseller Blue Harbor IT (a Reseller administrator), its
 * price template that holds the most demo services, and one of its customer companies. The quote has 100 lines: the
 * services of the template the builder may quote (LoadCheckedMarketServices), repeated in turn, each with the field
 * values a new line starts with and an amount of 1 to 10 of 100 users.
 *
 * Measured through HTTP as that administrator: PriceSalesQuote of the 100 lines for the customer (the customer's
 * price lists, discounts and currency: loadCustomerPricing) and for a prospect (the template's own prices:
 * loadPriceListPricing); LoadCheckedMarketServices of the quote's services (what the builder asks when a quote is
 * loaded); SaveSalesQuote of the 100 lines as a new revision (priced again, then written).
 *
 *   npx tsx bench/quote-pricing.ts [--iterations N] [--skip-pglite] [--skip-postgres]
 *
 * `npm run bench` runs it after the pricing benchmark unless `--skip-quote-pricing` is given.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { DEMO_SERVICES } from '../apps/server/src/domains/catalogue/index.js';
import { migrate } from '../apps/server/src/platform/db/migrate.js';
import { MIGRATIONS_DIR } from '../apps/server/src/platform/db/paths.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo-seed.js';
import {
  type Backend,
  type BackendReport,
  benchSecrets,
  type LatencyBenchOptions,
  latencyBenchArgs,
  openBenchDb,
  runLatencyBench,
} from './fixture.js';
import { BenchClient } from './http-client.js';
import { Floor, formatMs, measure, type Timing } from './measure.js';

const RESELLER = 'Blue Harbor IT';
const LINES = 100;
const USERS = 100;

interface MarketService {
  ProductName: string;
  DisplayName: string;
  IsUserProduct: boolean;
  Fields: { Id: string; Value: string }[];
}

async function runBackend(backend: Backend, iterations: number, log: (line: string) => void): Promise<BackendReport> {
  log(`\n== price a ${LINES}-line quote: ${backend} ==`);
  const bench = await openBenchDb(backend);
  const { db } = bench;
  let app: FastifyInstance | null = null;
  let client: BenchClient | null = null;
  try {
    await migrate(db, MIGRATIONS_DIR);
    await seedDemo(db);
    await db.query('ANALYZE');
    const [reseller] = await db.query<{ username: string }>(
      `SELECT u.username FROM accounts r JOIN accounts u ON u.parent_id = r.id AND u.account_type = 'User'
       WHERE r.display_name = $1 AND r.account_type = 'Reseller' AND u.username IS NOT NULL ORDER BY u.id LIMIT 1`,
      [RESELLER],
    );
    if (!reseller) throw new Error(`the demo reseller ${RESELLER} has no user`);
    app = await buildApp({ secrets: benchSecrets, db, webDist: null, logger: false, backgroundJobs: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    client = await new BenchClient(`http://127.0.0.1:${port}`).signIn(reseller.username, DEMO_PASSWORD);
    const signedIn = client;
    const call = async <T>(operation: string, input: unknown): Promise<T> => {
      const reply = await signedIn.post(`/api/op/${operation}`, input);
      if (reply.status !== 200) throw new Error(`${operation} ${reply.status}: ${JSON.stringify(reply.body)}`);
      return reply.body as T;
    };

    // The template holding the most demo services, and the services of it a quote may hold.
    const names = DEMO_SERVICES.map((s) => s.name);
    const templates = (await call<{ Items: { Id: number; Name: string }[] }>('ListSalesQuotesPriceTemplates', {})).Items;
    let template: { id: number; name: string; services: MarketService[] } | null = null;
    for (const t of templates) {
      const { Services } = await call<{ Services: MarketService[] }>('LoadCheckedMarketServices', {
        priceList: t.Id,
        serviceNames: names,
      });
      if (!template || Services.length > template.services.length) template = { id: t.Id, name: t.Name, services: Services };
    }
    if (!template || template.services.length === 0) throw new Error(`no price template of ${RESELLER} holds a demo service`);
    const customers = (await call<{ Items: { AccountId: number; DisplayName: string }[] }>('ListQuoteCustomers', {})).Items;
    const customer = customers[0];
    if (!customer) throw new Error(`${RESELLER} has no customer company`);
    const services = template.services;
    const products = Array.from({ length: LINES }, (_, i) => {
      const s = services[i % services.length] as MarketService;
      return {
        ProductName: s.ProductName,
        ProductDisplayName: s.DisplayName,
        Amount: s.IsUserProduct ? USERS : 1 + (i % 10),
        IsSyncWithUserAmount: s.IsUserProduct,
        Fields: s.Fields.map((f) => ({ FieldName: f.Id, FieldValue: f.Value })),
      };
    });
    const priceInput = (customerId: number | null) => ({
      PriceTemplateId: template.id,
      CustomerId: customerId,
      NumberOfUsers: USERS,
      Products: products,
    });
    const priced = await call<{ Lines: { Error: string | null }[]; TotalRC: string | null }>(
      'PriceSalesQuote',
      priceInput(customer.AccountId),
    );
    const unpriced = priced.Lines.filter((l) => l.Error !== null).length;
    log(
      `  fixture: template "${template.name}" with ${services.length} quotable services, customer ${customer.DisplayName}, ` +
        `${LINES} lines (${unpriced} without a price), monthly total ${priced.TotalRC ?? 'unknown'}`,
    );
    const quote = {
      Name: 'Bench quote',
      CompanyName: customer.DisplayName,
      NumberOfUsers: USERS,
      PriceTemplateId: template.id,
      CustomerId: customer.AccountId,
      Products: products,
    };
    const first = await call<{ Id: number; RevisionNumber: number }>('SaveSalesQuote', { quote });
    let revision = first.RevisionNumber;

    const [target] = await db.query<{ id: number }>('SELECT id FROM accounts WHERE id = $1', [customer.AccountId]);
    // Measured in passes: before the first line and after each (measure.ts `Floor`, bench/README.md).
    const floor = new Floor('floor: SELECT id FROM accounts WHERE id = $1 (db)', () =>
      db.query('SELECT id FROM accounts WHERE id = $1', [target?.id]),
    );
    const rows: Timing[] = [];
    const statements: number[] = [];
    const add = async (name: string, fn: () => Promise<unknown>) => {
      const counts: number[] = [];
      const timing = await measure(
        name,
        async () => {
          const before = db.stats.statements;
          await fn();
          counts.push(db.stats.statements - before);
        },
        { iterations, warmup: 5, maxMs: 20_000 },
      );
      rows.push(timing);
      const sorted = counts.slice(-timing.runs).sort((a, b) => a - b);
      statements.push(sorted[Math.floor(sorted.length / 2)] ?? 0);
      log(`  ${name}: median ${formatMs(timing.median)}, p95 ${formatMs(timing.p95)}, ${statements.at(-1)} statements`);
      await floor.pass();
    };
    await floor.pass();
    await add(`PriceSalesQuote, ${LINES} lines, for a customer (HTTP)`, () =>
      call('PriceSalesQuote', priceInput(customer.AccountId)),
    );
    await add(`PriceSalesQuote, ${LINES} lines, for a prospect (HTTP)`, () => call('PriceSalesQuote', priceInput(null)));
    await add(`LoadCheckedMarketServices, the quote's ${services.length} services (HTTP)`, () =>
      call('LoadCheckedMarketServices', {
        priceList: template.id,
        serviceNames: services.map((s) => s.ProductName),
        customerId: customer.AccountId,
      }),
    );
    await add(`SaveSalesQuote, ${LINES} lines, a new revision (HTTP)`, async () => {
      const saved = await call<{ RevisionNumber: number }>('SaveSalesQuote', {
        quote: { ...quote, Id: first.Id, RevisionNumber: revision },
      });
      revision = saved.RevisionNumber;
    });
    return { backend, floor: floor.timing, floorPasses: floor.describe('p95'), rows, statements };
  } finally {
    client?.close();
    await app?.close();
    await bench.dispose();
  }
}

export function runQuotePricingBench(options: LatencyBenchOptions = {}): Promise<void> {
  return runLatencyBench(`Pricing a ${LINES}-line quote`, runBackend, 30, options);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runQuotePricingBench(latencyBenchArgs(30));
}
