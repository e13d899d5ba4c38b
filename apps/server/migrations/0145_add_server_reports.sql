-- Server-run reports (domains/reports, decision 0056) [M2.50]-[M2.53] [M3.23] [M4.24] [M9.13] [M9.14].
-- The catalogue is data: a server report is a row of `reports` of kind 'Server' with no owner and no workgroup (every
-- tenant sees it, limited by the capability its data needs), its parameters, chart types, the key of the computation
-- the server runs, the capabilities that read the same data (any one of them is enough) and its average run time.
ALTER TABLE reports ADD COLUMN kind text NOT NULL DEFAULT 'PowerBI' CHECK (kind IN ('PowerBI', 'Server'));
ALTER TABLE reports ALTER COLUMN owner_account_id DROP NOT NULL;
ALTER TABLE reports ALTER COLUMN workgroup_id DROP NOT NULL;
ALTER TABLE reports ADD COLUMN computation text;
-- [{ Name, DisplayName, DisplayTemplate, EnumMembers, Default }]; a Date default is a token (today, monthStart,
-- yearStart, monthsAgo:N) resolved to yyyy-MM-dd when the report is listed or run.
ALTER TABLE reports ADD COLUMN parameters jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE reports ADD COLUMN chart_types jsonb NOT NULL DEFAULT '[]'::jsonb;
-- [{ name, kind }]: the caller needs one of them; [] means a session is enough.
ALTER TABLE reports ADD COLUMN needs jsonb NOT NULL DEFAULT '[]'::jsonb;
-- [M3.23] AverageExecutionTime: the running mean of the finished runs' times (ms); null before the first run.
ALTER TABLE reports ADD COLUMN average_execution_ms integer;
ALTER TABLE reports ADD COLUMN run_count integer NOT NULL DEFAULT 0;
ALTER TABLE reports ADD CONSTRAINT reports_kind_shape CHECK (
  (kind = 'PowerBI' AND owner_account_id IS NOT NULL AND workgroup_id IS NOT NULL)
  OR (kind = 'Server' AND computation IS NOT NULL)
);
CREATE UNIQUE INDEX reports_server_name_key ON reports (lower(name)) WHERE kind = 'Server';

-- The kept run: one per user and report, replaced (with its rows) by the next Execute or Refresh.
CREATE TABLE report_runs (
  id uuid PRIMARY KEY,
  report_id uuid NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  -- The scope root the rows were computed for (the caller's company, reseller or provider).
  scope_account_id integer NOT NULL REFERENCES accounts (id),
  job_id uuid REFERENCES jobs (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('loading', 'loaded', 'failed')),
  parameters jsonb NOT NULL,
  started_at timestamptz NOT NULL,
  loaded_at timestamptz,
  expected_ms integer NOT NULL,
  execution_ms integer,
  error text,
  total_rows integer NOT NULL DEFAULT 0,
  -- [{ CellName, CellType }] and the chart, once loaded.
  columns jsonb NOT NULL DEFAULT '[]'::jsonb,
  chart jsonb,
  UNIQUE (user_id, report_id)
);
CREATE INDEX report_runs_report_idx ON report_runs (report_id);

-- The rows of a loaded run, a JSON array of cells in column order, so a page can be read sorted by any column in SQL.
CREATE TABLE report_run_rows (
  run_id uuid NOT NULL REFERENCES report_runs (id) ON DELETE CASCADE,
  row_no integer NOT NULL,
  cells jsonb NOT NULL,
  PRIMARY KEY (run_id, row_no)
);

INSERT INTO reports (id, kind, name, report_group, description, computation, parameters, chart_types, needs) VALUES
  ('5e7a0000-0000-4000-8000-000000000001', 'Server', 'Revenue by Month', 'Sales',
   'Selling totals of the orders placed each month, per currency (canceled orders left out).', 'orders.revenueByMonth',
   '[{"Name":"From","DisplayName":"From","DisplayTemplate":"Date","EnumMembers":[],"Default":"monthsAgo:12"},{"Name":"To","DisplayName":"To","DisplayTemplate":"Date","EnumMembers":[],"Default":"today"}]',
   '["Column","Line","Area","Pie"]',
   '[{"name":"CREDITCHECK_COMPANYORDERS","kind":"READ"},{"name":"ORDER_MANAGEMENT","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000002', 'Server', 'Orders by Status', 'Sales',
   'How many orders of the period are completed, under review or canceled.', 'orders.byStatus',
   '[{"Name":"From","DisplayName":"From","DisplayTemplate":"Date","EnumMembers":[],"Default":"monthsAgo:12"},{"Name":"To","DisplayName":"To","DisplayTemplate":"Date","EnumMembers":[],"Default":"today"}]',
   '["Bar","Column","Pie"]',
   '[{"name":"CREDITCHECK_COMPANYORDERS","kind":"READ"},{"name":"ORDER_MANAGEMENT","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000003', 'Server', 'Orders by Date', 'Sales',
   'Every order of the period, newest first; the chart counts them by month.', 'orders.byDate',
   '[{"Name":"From","DisplayName":"From","DisplayTemplate":"Date","EnumMembers":[],"Default":"monthsAgo:12"},{"Name":"To","DisplayName":"To","DisplayTemplate":"Date","EnumMembers":[],"Default":"today"},{"Name":"Status","DisplayName":"Status","DisplayTemplate":"Enum","EnumMembers":["All","Completed","UnderReview","Canceled"],"Default":"All"}]',
   '["Column","Line","Pie"]',
   '[{"name":"CREDITCHECK_COMPANYORDERS","kind":"READ"},{"name":"ORDER_MANAGEMENT","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000004', 'Server', 'Subscriptions by Service and Vendor', 'Subscriptions',
   'Subscriptions of each service, with its vendor, by state.', 'subscriptions.byServiceAndVendor',
   '[{"Name":"State","DisplayName":"State","DisplayTemplate":"Enum","EnumMembers":["All","Active","Suspended","Terminated"],"Default":"All"}]',
   '["Bar","Column","Pie"]',
   '[{"name":"PRODUCT_ACCOUNT","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000005', 'Server', 'Credit Exposure', 'Credit',
   'Per company and reseller: the credit limit, the orders waiting for review and their first invoices.', 'credit.exposure',
   '[]',
   '["Bar","Column"]',
   '[{"name":"FIELDS_CREDITLIMIT","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000006', 'Server', 'Provisioning Failures and Escalations', 'Operations',
   'Provisioning requests of the period that failed or were escalated to the vendor.', 'provisioning.failures',
   '[{"Name":"From","DisplayName":"From","DisplayTemplate":"Date","EnumMembers":[],"Default":"monthsAgo:3"},{"Name":"To","DisplayName":"To","DisplayTemplate":"Date","EnumMembers":[],"Default":"today"}]',
   '["Bar","Column","Pie"]',
   '[{"name":"PROVISIONING_REQUEST","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000007', 'Server', 'Price List Margins', 'Pricing',
   'Per price list, service and fee: the selling price, the purchase price and the margin.', 'priceLists.margins',
   '[{"Name":"Currency","DisplayName":"Currency","DisplayTemplate":"Text","EnumMembers":[],"Default":null}]',
   '["Bar","Column"]',
   '[{"name":"MARKETPLACE","kind":"READ"}]'),
  ('5e7a0000-0000-4000-8000-000000000008', 'Server', 'Discounts and Special Deals', 'Pricing',
   'The discounts and special deals in force on a day.', 'pricing.dealsInForce',
   '[{"Name":"On","DisplayName":"On","DisplayTemplate":"Date","EnumMembers":[],"Default":"today"}]',
   '["Bar","Pie"]',
   '[{"name":"DISCOUNT_TOOL","kind":"READ"},{"name":"SPECIAL_DEAL","kind":"EXECUTE"}]');
