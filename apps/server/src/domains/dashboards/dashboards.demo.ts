import { DASHBOARD_LAYOUT_PRESETS, type DashboardContent } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { sanitizeContent } from './dashboards.rules.js';

export const DEMO_DASHBOARD_TITLE = 'Welcome to Northwind Cloud';

const DEMO_CONTENT: DashboardContent = {
  a1: {
    type: 'text',
    html:
      '<h2>Welcome to Northwind Cloud</h2><p>Your portal for the cloud services of your company: order services, ' +
      'manage users and follow your subscriptions.</p><ul><li>Open <strong>Marketplace</strong> to find a service.</li>' +
      '<li>Open your company in the tree to manage its users.</li></ul>' +
      '<p>Questions? Write to <a href="mailto:support@example.com">support@example.com</a>.</p>',
  },
  a2: { type: 'video', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ' },
};

/**
 * The demo's landing dashboard: the provider's 'Welcome to Northwind Cloud' for Company users, with a text and a
 * video widget, left as a draft (decision 0051): published, it would become the landing page of every demo company
 * user, which the other browser tests sign in as. Publish it in the dashboard manager to see the landing page.
 * Idempotent: a provider that has a dashboard of that title keeps it.
 */
export async function seedDemoDashboards(db: Queryable): Promise<void> {
  const [provider] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE account_type = 'Provider' ORDER BY id LIMIT 1");
  if (!provider) return;
  const [existing] = await db.query('SELECT 1 FROM landing_dashboards WHERE owner_account_id = $1 AND title = $2', [
    provider.id,
    DEMO_DASHBOARD_TITLE,
  ]);
  if (existing) return;
  const [admin] = await db.query<{ id: number }>("SELECT id FROM accounts WHERE username = 'provider.admin'");
  const layout = DASHBOARD_LAYOUT_PRESETS.find((preset) => preset.id === 'two-columns')?.layout;
  if (!layout) throw new Error('the two-columns layout preset is missing');
  await db.query(
    `INSERT INTO landing_dashboards (owner_account_id, title, layout, content, visible_to, published, version,
       created_by, created_at, updated_by, updated_at)
     VALUES ($1, $2, $3::jsonb, $4::jsonb, ARRAY['Company']::text[], false, 1, $5, now(), $5, now())`,
    [provider.id, DEMO_DASHBOARD_TITLE, JSON.stringify(layout), JSON.stringify(sanitizeContent(DEMO_CONTENT)), admin?.id ?? null],
  );
}
