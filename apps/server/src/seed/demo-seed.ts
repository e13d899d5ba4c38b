import { join } from 'node:path';
import { seedPricingDemo } from '../domains/account-pricing/index.js';
import { seedDemoAccountReportPages } from '../domains/account-reports/index.js';
import { insertAccount } from '../domains/accounts/index.js';
import { hashPassword } from '../domains/auth/index.js';
import { seedDemoServices } from '../domains/catalogue/index.js';
import { seedCreditLimitDemo } from '../domains/credit-limits/index.js';
import { seedDemoDashboards } from '../domains/dashboards/index.js';
import { seedDemoExchangeRates } from '../domains/exchange-rates/index.js';
import { seedDemoSupportDetails } from '../domains/help/index.js';
import { seedNotesDemo } from '../domains/notes/index.js';
import { seedDemoOrderHistory, seedDemoOrders } from '../domains/orders/index.js';
import { seedDemoPriceLists } from '../domains/price-lists/index.js';
import { seedProvisioningDemo } from '../domains/provisioning/index.js';
import { seedDemoReports } from '../domains/reports/index.js';
import { seedDemoTerms } from '../domains/terms/index.js';
import { seedDemoVendorProfiles } from '../domains/vendor-profiles/index.js';
import { loadConfig } from '../platform/config/config.js';
import type { Db, Queryable } from '../platform/db/db.js';
import { type FileStorage, localDiskStorage } from '../platform/files/index.js';
import { ensureStandardRoles } from './roles.js';

export const DEMO_PASSWORD = 'Portal-demo-2026!';

const RESELLERS = [
  {
    name: 'Blue Harbor IT',
    slug: 'blueharbor',
    currency: 'EUR',
    country: 'NL',
    city: 'Rotterdam',
  },
  {
    name: 'Cedar Ridge Solutions',
    slug: 'cedarridge',
    currency: 'USD',
    country: 'US',
    city: 'Denver',
  },
  {
    name: 'Summit Peak Partners',
    slug: 'summitpeak',
    currency: 'GBP',
    country: 'GB',
    city: 'Leeds',
  },
];
const COMPANIES = [
  [
    'Acme Logistics',
    'Brightwater Dental',
    'Dunmore Architects',
    'Evergreen Bakeries',
    'Fjord Maritime',
    'Greenfield Schools',
    'Harborview Clinic',
  ],
  ['Ironclad Manufacturing', 'Juniper Legal', 'Keystone Realty', 'Lakeside Hotels', 'Meridian Insurance', 'Northgate Retail'],
  [
    'Oakridge Accounting',
    'Pinecrest Media',
    'Quayside Shipping',
    'Riverside Veterinary',
    'Silverline Consulting',
    'Tidewater Engineering',
    'Upland Farms',
  ],
];
const VENDORS = ['Contoso Software', 'Fabrikam Security', 'Litware Hosting'];
const DEPARTMENTS = ['Finance', 'Sales', 'Operations', 'IT', 'Human Resources', 'Marketing'];
const FIRST = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Lucas',
  'Mia',
  'Daan',
  'Sophie',
  'Finn',
  'Julia',
  'Sem',
  'Zoe',
  'Milan',
  'Lotte',
  'James',
  'Grace',
  'Oliver',
  'Isla',
  'Arthur',
  'Ruby',
  'Henry',
  'Chloe',
  'Jack',
];
const LAST = [
  'Jansen',
  'de Vries',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'Mulder',
  'Bos',
  'Peters',
  'Hendriks',
  'Walker',
  'Turner',
  'Carter',
  'Brooks',
  'Hughes',
  'Foster',
  'Reed',
  'Price',
  'Bennett',
  'Coleman',
];
const PRODUCTS = [
  'Microsoft 365 Business Standard',
  'Contoso Backup 500 GB',
  'Fabrikam Endpoint Protection',
  'Litware Managed Hosting S',
  'Contoso Premium Support',
];

const slug = (s: string) =>
  s
    .toLowerCase()
    .split(' ')[0]
    ?.replace(/[^a-z]/g, '') ?? 'x';
const userSlug = (first: string, last: string) => `${first[0]}${last.replace(/[^A-Za-z]/g, '')}`.toLowerCase();

export interface SeedResult {
  created: boolean;
}

/** The demo tenant: a provider, 3 resellers, 20 companies with departments, about 100 users, 3 vendors. Idempotent. */
export async function seedDemo(
  db: Db,
  options: { storage?: FileStorage /** DEMO_ORDER_HISTORY (decision 0056). */; orderHistory?: number } = {},
): Promise<SeedResult> {
  // The demo vendors' logos are files like any upload: in DATA_DIR/files unless told otherwise.
  const storage = options.storage ?? localDiskStorage(join(loadConfig().dataDir, 'files'));
  const existing = await db.query("SELECT 1 FROM accounts WHERE account_type = 'Provider'");
  if (existing.length > 0) {
    await ensureStandardRoles(db);
    await seedDemoServices(db);
    // Demo data added by later versions reaches a database seeded before them (each step is idempotent).
    await seedDemoReports(db);
    await seedDemoAccountReportPages(db);
    await seedPricingDemo(db);
    await seedDemoPriceLists(db);
    await seedDemoOrders(db);
    await seedDemoOrderHistory(db, options.orderHistory ?? 0);
    await seedDemoExchangeRates(db);
    await seedDemoVendorProfiles(db, storage);
    await seedDemoDashboards(db);
    await seedDemoSupportDetails(db);
    return { created: false };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const roles = await ensureStandardRoles(tx);
    let person = 0;
    const newStarters: number[] = [];
    let acmeId: number | null = null;
    const addUser = async (parentId: number, role: string, username?: string, title?: string) => {
      const first = FIRST[person % FIRST.length] as string;
      const last = LAST[(person * 7) % LAST.length] as string;
      person++;
      const id = await insertAccount(tx, {
        type: 'User',
        parentId,
        displayName: `${first} ${last}`,
        username: username ?? `user${person}`,
        email: `${(username ?? `user${person}`).replace(/\./g, '-')}@example.com`,
        firstName: first,
        lastName: last,
        attributes: {
          'User.JobTitle': title ?? 'Staff member',
          'User.Language': 'en',
        },
      });
      await tx.query('INSERT INTO user_credentials (account_id, password_hash) VALUES ($1, $2)', [id, passwordHash]);
      await tx.query('INSERT INTO user_roles (user_id, role_id) VALUES ($1, $2)', [id, roles.get(role)]);
      return id;
    };

    const provider = await insertAccount(tx, {
      type: 'Provider',
      parentId: null,
      displayName: 'Northwind Cloud',
      currency: 'EUR',
      attributes: {
        'Company.City': 'Amsterdam',
        'Company.Country': 'NL',
        'Company.Phone': '+31 20 555 0100',
      },
    });
    await addUser(provider, 'Provider administrator', 'provider.admin', 'Platform administrator');
    await addUser(provider, 'Auditor', 'provider.auditor', 'Compliance officer');
    await addUser(provider, 'Provider administrator', 'provider.support', 'Support engineer');
    const vendorIds: number[] = [];
    for (const vendor of VENDORS) {
      const vendorId = await insertAccount(tx, {
        type: 'Company',
        parentId: provider,
        displayName: vendor,
        currency: 'USD',
        isVendor: true,
        attributes: { 'Company.Country': 'US' },
      });
      vendorIds.push(vendorId);
    }

    let companyIndex = 0;
    for (const [r, reseller] of RESELLERS.entries()) {
      const resellerId = await insertAccount(tx, {
        type: 'Reseller',
        parentId: provider,
        displayName: reseller.name,
        currency: reseller.currency,
        attributes: {
          'Company.Country': reseller.country,
          'Company.City': reseller.city,
          'Company.VatNumber': `${reseller.country}80012${r}345B01`,
        },
      });
      await addUser(resellerId, 'Reseller administrator', `${reseller.slug}.admin`, 'Account manager');
      await addUser(resellerId, 'Reseller administrator', `${reseller.slug}.sales`, 'Sales engineer');
      await addUser(resellerId, 'Auditor', `${reseller.slug}.finance`, 'Finance controller');
      for (const name of COMPANIES[r] ?? []) {
        const company = await insertAccount(tx, {
          type: 'Company',
          parentId: resellerId,
          displayName: name,
          currency: reseller.currency,
          attributes: {
            'Company.Country': reseller.country,
            'Company.City': reseller.city,
            'Company.Phone': `+31 10 555 ${String(1000 + companyIndex)}`,
          },
        });
        const s = slug(name);
        const admin = await addUser(company, 'Company administrator', `${s}.admin`, 'Office manager');
        await insertAccount(tx, {
          type: 'Product',
          parentId: admin,
          displayName: PRODUCTS[companyIndex % PRODUCTS.length] as string,
          productName: PRODUCTS[companyIndex % PRODUCTS.length] as string,
          attributes: { 'Product.Quantity': 1 },
        });
        const departmentCount = 1 + (companyIndex % 3);
        for (let d = 0; d < departmentCount; d++) {
          const dept = DEPARTMENTS[(companyIndex + d) % DEPARTMENTS.length] as string;
          const deptId = await insertAccount(tx, {
            type: 'Department',
            parentId: company,
            displayName: dept,
            attributes: {
              'Department.CostCenter': `${dept.slice(0, 2).toUpperCase()}-${1000 + companyIndex * 10 + d}`,
            },
          });
          const userCount = d === 0 ? 2 : 1;
          for (let u = 0; u < userCount; u++) {
            const first = FIRST[person % FIRST.length] as string;
            const last = LAST[(person * 7) % LAST.length] as string;
            const userId = await addUser(deptId, 'Company user', `${s}.${userSlug(first, last)}`, `${dept} specialist`);
            if (u === 0) {
              const product = PRODUCTS[(companyIndex + d + 1) % PRODUCTS.length] as string;
              await insertAccount(tx, {
                type: 'Product',
                parentId: userId,
                displayName: product,
                productName: product,
                attributes: { 'Product.Quantity': 1 + d },
              });
            }
          }
        }
        if (name === 'Acme Logistics') await addUser(company, 'Company user', 'acme.jdoe', 'Dispatcher');
        if (name === 'Acme Logistics') acmeId = company;
        companyIndex++;
      }
    }
    await seedNotesDemo(tx);
    if (acmeId !== null) {
      // Added last so the names of the other demo users stay as they were. A new starter who has not accepted
      // the platform terms yet, and an IT administrator who sets up the second sign-in step: they show the
      // terms screen [M2.16] and multi-factor sign-in [A2.20].
      newStarters.push(await addUser(acmeId, 'Company user', 'acme.newhire', 'Trainee dispatcher'));
      await addUser(acmeId, 'Company administrator', 'acme.itadmin', 'IT administrator');
    }
    // Each vendor's service administrator (contoso.admin, fabrikam.admin, litware.admin) [S6.5].
    for (const [v, vendorId] of vendorIds.entries()) {
      await addUser(vendorId, 'Vendor service administrator', `${slug(VENDORS[v] as string)}.admin`, 'Service manager');
    }
    // [S6.4] A Litware editor without the remote data source right (added last: other names stay).
    const litwareId = vendorIds[VENDORS.findIndex((name) => slug(name) === 'litware')];
    if (litwareId !== undefined) await addUser(litwareId, 'Vendor service editor', 'litware.editor', 'Catalogue editor');
    await seedCreditLimitDemo(tx);
    await seedDemoTerms(tx, { notAcceptedBy: newStarters });
  });
  await seedDemoReports(db);
  await seedDemoAccountReportPages(db);
  await seedDemoServices(db);
  await seedProvisioningDemo(db);
  // Per-unit values of the demo subscriptions first: the orders are priced with them.
  await seedPricingDemo(db);
  // Before the orders: the demo orders are priced from the customers' price lists.
  await seedDemoPriceLists(db);
  await seedDemoOrders(db);
  await seedDemoOrderHistory(db, options.orderHistory ?? 0);
  await seedDemoExchangeRates(db);
  await seedDemoVendorProfiles(db, storage);
  await seedDemoDashboards(db);
  await seedDemoSupportDetails(db);
  return { created: true };
}

/**
 * A large synthetic hierarchy for benchmarks: one reseller with size/100 companies, each with
 * 3 departments holding 32 users. Built level by level with set-based inserts.
 */
export async function seedLargeHierarchy(db: Db, size: number, onProgress?: (accounts: number) => void) {
  const marker = `Benchmark reseller ${size}`;
  const [existing] = await db.query<{ id: number }>(
    "SELECT id FROM accounts WHERE account_type = 'Reseller' AND display_name = $1",
    [marker],
  );
  if (existing) return { created: false, resellerId: existing.id, accounts: size };
  const [provider] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Provider'");
  if (!provider) throw new Error('seed the demo data first');
  const companies = Math.max(1, Math.floor(size / 100));
  const resellerId = await insertAccount(db, {
    type: 'Reseller',
    parentId: provider.id,
    displayName: marker,
    currency: 'EUR',
  });
  const batch = 500;
  let done = 1;
  for (let start = 0; start < companies; start += batch) {
    const count = Math.min(batch, companies - start);
    await db.transaction(async (tx) => {
      await insertLevel(
        tx,
        'Company',
        `SELECT id AS parent_id, path, depth, g FROM accounts, generate_series(${start + 1}, ${start + count}) g WHERE id = ${resellerId}`,
        "'Company ' || lpad(s.g::text, 7, '0')",
      );
      const companyRange = `SELECT a.id AS parent_id, a.path, a.depth, g FROM accounts a, generate_series(1, 3) g
        WHERE a.parent_id = ${resellerId} AND a.display_name BETWEEN 'Company ${String(start + 1).padStart(7, '0')}' AND 'Company ${String(start + count).padStart(7, '0')}'`;
      await insertLevel(tx, 'Department', companyRange, "(ARRAY['Finance','Sales','Operations'])[s.g]");
      await insertLevel(
        tx,
        'User',
        `SELECT d.id AS parent_id, d.path, d.depth, g FROM accounts d JOIN accounts c ON c.id = d.parent_id, generate_series(1, 32) g
         WHERE c.parent_id = ${resellerId} AND c.display_name BETWEEN 'Company ${String(start + 1).padStart(7, '0')}' AND 'Company ${String(start + count).padStart(7, '0')}'`,
        "'User ' || s.g || ' of ' || s.parent_id",
      );
    });
    done += count * (1 + 3 + 96);
    onProgress?.(done);
  }
  return { created: true, resellerId, accounts: done };
}

async function insertLevel(tx: Queryable, type: string, source: string, nameExpr: string) {
  await tx.query(
    `INSERT INTO accounts (id, account_type, parent_id, path, depth, display_name)
     SELECT n.id, '${type}', n.parent_id, n.path || n.id || '/', n.depth + 1, n.display_name
     FROM (SELECT nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id, s.parent_id, s.path, s.depth,
                  ${nameExpr} AS display_name
           FROM (${source}) s) n`,
  );
}
