import type { Queryable } from '../../platform/db/db.js';
import { saveReportPage } from '../accounts/index.js';
import { DEMO_ORDERS_REPORT_ID, DEMO_SUBSCRIPTIONS_REPORT_ID, DEMO_WORKGROUP_ID } from '../reports/index.js';

/**
 * A report this installation does not ship: the demo's Department "Costs" page names it, so the
 * demo shows how a page whose report cannot be prepared looks (decision 0028).
 */
export const DEMO_MISSING_REPORT_ID = '6f1d3c2a-8b4e-4f7a-9c1d-0a5e2b7c9dff';

/** [A2.11] The demo layouts' report pages (idempotent): usage and orders of companies and resellers, a subscription's orders. */
export async function seedDemoAccountReportPages(db: Queryable): Promise<void> {
  const usage = { name: 'Usage_report', displayName: 'Usage report', reportId: DEMO_SUBSCRIPTIONS_REPORT_ID };
  const orders = { name: 'Orders_report', displayName: 'Orders report', reportId: DEMO_ORDERS_REPORT_ID };
  const pages = [
    { accountType: 'Reseller' as const, ...usage, sort: 1 },
    { accountType: 'Reseller' as const, ...orders, sort: 2 },
    { accountType: 'Company' as const, ...usage, sort: 1 },
    { accountType: 'Company' as const, ...orders, sort: 2 },
    { accountType: 'Product' as const, ...orders, sort: 1 },
    {
      accountType: 'Department' as const,
      name: 'Costs_report',
      displayName: 'Costs report',
      reportId: DEMO_MISSING_REPORT_ID,
      sort: 1,
    },
  ];
  for (const page of pages) await saveReportPage(db, { ...page, workgroupId: DEMO_WORKGROUP_ID });
}
