import { expect, type Page } from '@playwright/test';
import { checkAccessible, clickInOneGo, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The quotation tool #/QuotationTool/{tab}/{quoteId} and the step from an approved quote to its orders (issue 17).
 * Each test makes its own customer and quote through the API, so the demo data other specs rely on stays as it is.
 * blueharbor.admin and cedarridge.admin are Reseller administrators of two resellers; acme.admin is a Company
 * administrator (no quotation tool). 'Contoso Whiteboard' (no dependency, no field the quote does not carry) reaches
 * every reseller's customers.
 */

const unique = () => Date.now().toString(36);
const SERVICE = 'Contoso Whiteboard';
/** A priced service (a monthly fee, no dependency, no required field), for the price-difference path. */
const PRICED_SERVICE = 'Contoso Forms Pro';
/** A service whose Mandatory Encryption passphrase (a Password field) a quote never holds: the order asks for it. */
const SECRET_SERVICE = 'Contoso Backup 500 GB';

async function api<T>(page: Page, operation: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/op/${operation}`, { data });
  expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

interface MarketService {
  ProductName: string;
  DisplayName: string;
  Fields: { Id: string; Value: string }[];
}

/** A new company of the signed-in reseller and a draft quote for it with one line of SERVICE, saved through the API. */
async function makeQuote(page: Page, stamp: string, serviceName = SERVICE) {
  const parents = await api<{ Items: { AccountId: number }[] }>(page, 'GetAvailableCreateParents', { accountType: 'Company' });
  const customer = `Quote Customer ${stamp}`;
  const { AccountId: customerId } = await api<{ AccountId: number }>(page, 'CreateAccount', {
    accountType: 'Company',
    parentId: parents.Items[0]?.AccountId,
    views: { Default: { Values: { DisplayName: customer } }, Company: { Values: { Currency: 'EUR' } } },
  });
  const templates = await api<{ Items: { Id: number }[] }>(page, 'ListSalesQuotesPriceTemplates', {});
  let found: { priceList: number; service: MarketService } | null = null;
  for (const template of templates.Items) {
    const market = await api<{ Services: MarketService[] }>(page, 'LoadCheckedMarketServices', {
      priceList: template.Id,
      serviceNames: [serviceName],
      customerId,
    });
    const service = market.Services[0];
    if (service) {
      found = { priceList: template.Id, service };
      break;
    }
  }
  if (!found) throw new Error(`no price template of the reseller holds ${serviceName}`);
  const name = `Quote ${stamp}`;
  const saved = await api<{ Id: number; RevisionNumber: number }>(page, 'SaveSalesQuote', {
    quote: {
      Name: name,
      CompanyName: customer,
      NumberOfUsers: 5,
      PriceTemplateId: found.priceList,
      CustomerId: customerId,
      Products: [
        {
          ProductName: found.service.ProductName,
          ProductDisplayName: found.service.DisplayName,
          Amount: 1,
          Fields: found.service.Fields.map((f) => ({ FieldName: f.Id, FieldValue: f.Value })),
        },
      ],
    },
  });
  return { id: saved.Id, name, customer, customerId };
}

/**
 * A quote whose prices can be changed through the API without touching demo data: a new price list of the signed-in
 * reseller, holding PRICED_SERVICE, assigned directly to a new customer with the most urgent priority (so it prices that
 * customer), and an approved quote for that customer quoted from it. Returns what changing a price needs.
 */
async function makeRepricableQuote(page: Page, stamp: string) {
  const quote = await makeQuote(page, stamp, PRICED_SERVICE);
  const current = await api<{ PriceTemplateId: number; Products: { ProductName: string }[] }>(page, 'LoadSalesQuote', {
    id: quote.id,
    revision: null,
  });
  const tiles = await api<{ Items: { ServiceId: number; ServiceName: string }[] }>(page, 'ListMarketplaceServicesLite', {
    marketplaceId: current.PriceTemplateId,
    search: PRICED_SERVICE,
  });
  const serviceId = tiles.Items.find((i) => i.ServiceName === current.Products[0]?.ProductName)?.ServiceId;
  if (!serviceId) throw new Error(`${PRICED_SERVICE} is not in the quote's price list`);
  const list = await api<{ Id: number; Version: number }>(page, 'CreateMarketplace', {
    Name: `Quote prices ${stamp}`,
    Priority: 1,
  });
  await api(page, 'UpdateMarketplaceServices', {
    marketplaceId: list.Id,
    services: [serviceId],
    flag: true,
    version: list.Version,
  });
  const props = await api<{ Version: number }>(page, 'GetMarketplaceProperties', { id: list.Id });
  await api(page, 'AssignMarketplace', { marketplaceId: list.Id, accountId: quote.customerId, version: props.Version });
  const loaded = await api<Record<string, unknown>>(page, 'LoadSalesQuote', { id: quote.id, revision: null });
  await api(page, 'SaveSalesQuote', {
    quote: {
      Id: quote.id,
      RevisionNumber: 1,
      Name: quote.name,
      CompanyName: quote.customer,
      NumberOfUsers: loaded.NumberOfUsers,
      PriceTemplateId: list.Id,
      CustomerId: quote.customerId,
      Products: loaded.Products,
    },
  });
  let q = await api<{ Version: number }>(page, 'LoadQuote', { id: quote.id });
  q = await api<{ Version: number }>(page, 'SetQuoteStatus', { id: quote.id, status: 'pending', version: q.Version });
  await api(page, 'SetQuoteStatus', { id: quote.id, status: 'approved', version: q.Version });
  return { ...quote, listId: list.Id, serviceId };
}

/** Sets every fee of the service in the price list to `price` in EUR (the list's own price). */
async function setListPrices(page: Page, listId: number, serviceId: number, price: string) {
  const prices = await api<{
    Version: number;
    OverridePriceProtection: boolean;
    PriceProtectionLengthInDays: number | null;
    Billing: { RuleId: string }[];
  }>(page, 'GetMarketplaceServicePrices', { marketplaceId: listId, serviceId });
  await api(page, 'UpdateMarketplaceServicePrices', {
    marketplaceId: listId,
    serviceId,
    version: prices.Version,
    OverridePriceProtection: prices.OverridePriceProtection,
    PriceProtectionLengthInDays: prices.PriceProtectionLengthInDays,
    Charges: prices.Billing.map((b) => ({ RuleId: b.RuleId, Currency: 'EUR', CustomPrice: price })),
  });
}

/** The screen at 1280 x 800 and, when screenshots are asked for, at 390 x 844 too (a phone). */
async function shots(page: Page, name: string) {
  await shot(page, name);
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const rows = (page: Page) => page.getByTestId('quote-row');
const detail = (page: Page) => page.getByTestId('quote-detail');

test.describe('quotation tool', () => {
  test('[M2.54] [M2.55] [M3.24] [M4.25] a reseller administrator finds its quote in My Quotes, sends it for approval, approves it and orders it for the customer; the order exists', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const quote = await makeQuote(page, stamp);

    // [M2.54] The header link opens the Quotes tab; [M2.55] the tabs as shown.
    await openHeaderMenuItem(page, 'Sales', 'Quotes');
    await expect(page).toHaveURL(/#\/QuotationTool\/Quotes$/);
    await expect(page.getByRole('heading', { name: 'Quotation tool', level: 1 })).toBeVisible();
    for (const name of ['My Quotes', 'Projects', 'Archive', 'Customer Quotes']) await expect(tab(page, name)).toBeVisible();
    await expect(tab(page, 'My Quotes')).toHaveAttribute('aria-selected', 'true');
    // [M3.24] The row: name, customer, status [M4.25], dates and the yearly charge in the quote's currency.
    const row = rows(page).filter({ hasText: quote.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(quote.customer);
    await expect(row.getByTestId('quote-status')).toHaveText('Draft');
    await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    await expect(row.getByRole('cell').last()).toHaveText(/^€[\d,]+\.\d{2}$|^FREE$/);
    await checkAccessible(page);
    await shots(page, 'quotation-tool-quotes');

    // [M2.54] An unknown tab falls back to Quotes.
    await page.goto('/#/QuotationTool/Nonsense');
    await expect(page).toHaveURL(/#\/QuotationTool\/Quotes$/);
    // Sorting by name is kept in the address.
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect(page).toHaveURL(/sort=Name%3AASC|sort=Name:ASC/);
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    // The quote: its lines, totals, revisions and the transitions the server allows.
    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(detail(page).getByRole('heading', { name: quote.name })).toBeVisible();
    await expect(detail(page).getByTestId('quote-line')).toHaveCount(1);
    await expect(detail(page).getByTestId('quote-revision')).toHaveCount(1);
    await expect(detail(page).getByRole('link', { name: 'Open revision 1 in the quote builder' })).toHaveAttribute(
      'href',
      `#/SalesQuotes/edit/${quote.id}/1`,
    );
    await expect(page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Order this quote' })).toHaveCount(0);
    await checkAccessible(page);
    await shots(page, 'quotation-tool-detail');

    // A project: created in the Projects tab, the quote moved into it from its page, then listed under it.
    const project = `Project ${stamp}`;
    await tab(page, 'Projects').click();
    await page.getByRole('button', { name: 'Create a project' }).click();
    const create = page.getByRole('dialog', { name: 'New project' });
    await create.getByLabel('Project name').fill(project);
    await checkAccessible(page);
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create).toHaveCount(0);
    await expect(page.getByTestId('project-row').filter({ hasText: project })).toBeVisible();
    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await page.getByRole('textbox', { name: 'Project', exact: true }).click();
    await page.getByRole('option', { name: project }).click();
    await expect(detail(page).getByRole('row', { name: new RegExp(`Project ${project}`) })).toBeVisible();
    await page.goto('/#/QuotationTool/Projects');
    await page.getByRole('link', { name: project }).click();
    await expect(page.getByRole('heading', { name: `Project ${project}` })).toBeVisible();
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(1);
    await rows(page).filter({ hasText: quote.name }).getByRole('link', { name: quote.name }).click();
    await expect(page).toHaveURL(new RegExp(`#/QuotationTool/Projects/${quote.id}\\?group=\\d+$`));

    await page.getByRole('button', { name: 'Send for approval' }).click();
    await expect(detail(page).getByTestId('quote-status')).toHaveText('Pending approval');
    await page.getByRole('button', { name: 'Approve' }).click();
    const confirm = page.getByRole('dialog', { name: `Approve ${quote.name}` });
    await checkAccessible(page);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(detail(page).getByTestId('quote-status')).toHaveText('Approved');

    // From quote to order: the server's preview, terms and price changes confirmed where asked, then the outcome.
    await page.getByRole('button', { name: 'Order this quote' }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${quote.name}` });
    await expect(dialog.getByTestId('order-totals')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Place order' })).toBeVisible();
    const terms = dialog.getByRole('checkbox', { name: `Accept these terms on behalf of ${quote.customer}` });
    if (await terms.isVisible()) {
      await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
      await terms.check();
    }
    const prices = dialog.getByRole('checkbox', { name: "Order at today's prices" });
    if (await prices.isVisible()) await prices.check();
    await checkAccessible(page);
    await shots(page, 'quotation-tool-order');
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const outcome = dialog.getByTestId('order-outcome');
    await expect(outcome).toBeVisible();
    await expect(outcome.getByRole('status')).toContainText(/^(Ordered|Under review)/);
    await checkAccessible(page);
    await shots(page, 'quotation-tool-ordered');
    const orderLink = outcome.getByRole('link', { name: /^Order \S+ \(/ });
    const orderNumber = ((await orderLink.textContent()) ?? '').split(' ')[1] as string;
    await orderLink.click();
    await expect(page).toHaveURL(new RegExp(`#/Orders/${orderNumber}$`));
    const orders = await api<{ Items: { OrderNumber: string; Company: string }[] }>(page, 'ListOrders', {
      search: quote.customer,
    });
    expect(orders.Items.map((o) => o.OrderNumber)).toEqual([orderNumber]);

    // The quote is ordered now; the other tabs, each checked for accessibility.
    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(detail(page).getByTestId('quote-status')).toHaveText(/Provisioning request sent|Ready to provision/);
    await expect(detail(page).getByRole('link', { name: orderNumber })).toBeVisible();
    for (const [name, path, shown] of [
      ['Projects', 'Projects', ['project-row', 'projects-empty']],
      ['Archive', 'Archive', ['quote-row', 'archive-empty']],
      ['Customer Quotes', 'CustomerQuotes', ['quote-row', 'customer-quotes-empty']],
    ] as const) {
      await tab(page, name).click();
      await expect(page).toHaveURL(new RegExp(`#/QuotationTool/${path}$`));
      await expect(page.getByTestId(shown[0]).or(page.getByTestId(shown[1])).first()).toBeVisible();
      await checkAccessible(page);
      await shots(page, `quotation-tool-${path}`);
    }
  });

  test('[M6.15] [M2.54] a reseller never sees another reseller’s quotes, the provider sees them as customer quotes, and a company administrator without the quotation tool is refused', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const quote = await makeQuote(page, stamp);

    // Another reseller: neither in its quotes nor in its customer quotes, and the quote's own address answers not found.
    await signIn(page, 'cedarridge.admin');
    for (const operation of ['ListQuotes', 'ListCustomerQuotes', 'ListQuoteArchive']) {
      const list = await api<{ Total: number }>(page, operation, { search: quote.name });
      expect(list.Total, operation).toBe(0);
    }
    expect((await page.request.post('/api/op/LoadQuote', { data: { id: quote.id } })).status()).toBe(404);
    await page.goto('/#/QuotationTool/CustomerQuotes');
    await expect(tab(page, 'Customer Quotes')).toHaveAttribute('aria-selected', 'true');
    await expect(rows(page).or(page.getByTestId('customer-quotes-empty')).first()).toBeVisible();
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(0);
    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(page.getByRole('alert')).toHaveText('This quote does not exist or you may not see it.');
    await checkAccessible(page);

    // The provider reads it below its organisation: a customer quote with its reseller's name.
    await signIn(page, 'provider.admin');
    await page.goto('/#/QuotationTool/CustomerQuotes');
    const row = rows(page).filter({ hasText: quote.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Blue Harbor IT');
    await checkAccessible(page);
    await shots(page, 'quotation-tool-customer-quotes');

    // A company administrator holds no quotation tool right: no header link, the page refuses.
    await signIn(page, 'acme.admin');
    expect(await headerMenuItems(page, 'Sales')).not.toContain('Quotes');
    await page.goto('/#/QuotationTool/CustomerQuotes');
    await expect(page.getByTestId('no-access')).toContainText('You do not have access to this page');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await checkAccessible(page);
    expect((await page.request.post('/api/op/ListQuotes', { data: {} })).status()).toBe(403);
  });
  test('projects are renamed and deleted with a confirmation (their quotes stay, without a project), and a quote goes to the archive and comes back', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const quote = await makeQuote(page, stamp);
    const project = `Project ${stamp}`;
    const group = await api<{ Id: number }>(page, 'CreateQuoteGroup', { Name: project });
    await api(page, 'SetQuotesGroup', { ids: [quote.id], groupId: group.Id });

    // Rename: the dialog keeps the name as the server checks it; the row and the quote show the new one.
    await page.goto('/#/QuotationTool/Projects');
    const row = page.getByTestId('project-row').filter({ hasText: project });
    await expect(row).toContainText('1');
    await page.getByRole('button', { name: `Rename project ${project}` }).click();
    const rename = page.getByRole('dialog', { name: `Rename ${project}` });
    await expect(rename.getByLabel('Project name')).toHaveValue(project);
    await rename.getByLabel('Project name').fill(`${project} renamed`);
    await checkAccessible(page);
    await rename.getByRole('button', { name: 'Rename' }).click();
    await expect(rename).toHaveCount(0);
    const renamed = page.getByTestId('project-row').filter({ hasText: `${project} renamed` });
    await expect(renamed).toHaveCount(1);
    await shots(page, 'quotation-tool-project-renamed');

    // Delete: asked first (cancel keeps it), then gone; its quote stays, without a project.
    await page.getByRole('button', { name: `Delete project ${project} renamed` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete project' });
    await expect(confirm).toContainText(`Delete the project ${project} renamed? Its 1 quote stays, without a project.`);
    await checkAccessible(page);
    await shots(page, 'quotation-tool-project-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(renamed).toHaveCount(1);
    await page.getByRole('button', { name: `Delete project ${project} renamed` }).click();
    await page.getByRole('dialog', { name: 'Delete project' }).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(renamed).toHaveCount(0);
    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(detail(page).getByRole('row', { name: /Project No project/ })).toBeVisible();

    // Archive: out of My Quotes, into the Archive tab, read-only there; taken out again, back in My Quotes.
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(detail(page)).toContainText('Archived');
    await expect(page.getByRole('button', { name: 'Send for approval' })).toHaveCount(0);
    await tab(page, 'Archive').click();
    await expect(page).toHaveURL(/#\/QuotationTool\/Archive$/);
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(1);
    await checkAccessible(page);
    await shots(page, 'quotation-tool-archive');
    await tab(page, 'My Quotes').click();
    await expect(rows(page).first().or(page.getByTestId('quotes-empty'))).toBeVisible();
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(0);
    await page.goto(`/#/QuotationTool/Archive/${quote.id}`);
    await page.getByRole('button', { name: 'Take out of the archive' }).click();
    await expect(page.getByRole('button', { name: 'Archive', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send for approval' })).toBeVisible();
    await page.goto('/#/QuotationTool/Quotes');
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(1);
  });

  test('a quote whose prices changed since it was made shows the differences before ordering, and orders only at today’s prices once confirmed', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    const quote = await makeRepricableQuote(page, stamp);
    const before = await api<{ TotalRC: string | null }>(page, 'LoadQuote', { id: quote.id });
    // The price changes after the quote was approved: its revision keeps the old one.
    await setListPrices(page, quote.listId, quote.serviceId, '987.65');

    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(detail(page).getByTestId('quote-status')).toHaveText('Approved');
    await page.getByRole('button', { name: 'Order this quote' }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${quote.name}` });
    await expect(dialog.getByText('Prices changed since this revision')).toBeVisible();
    const differences = dialog.getByTestId('price-differences');
    await expect(differences.getByRole('row')).toHaveCount(2);
    await expect(differences).toContainText(PRICED_SERVICE);
    await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
    const terms = dialog.getByRole('checkbox', { name: `Accept these terms on behalf of ${quote.customer}` });
    if (await terms.isVisible()) await terms.check();
    await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await checkAccessible(page);
    await shots(page, 'quotation-tool-price-changed');

    await dialog.getByRole('checkbox', { name: "Order at today's prices" }).check();
    await dialog.getByRole('button', { name: 'Place order' }).click();
    const outcome = dialog.getByTestId('order-outcome');
    await expect(outcome.getByRole('status')).toContainText(/^(Ordered|Under review)/);
    const orders = await api<{ Items: { OrderNumber: string }[] }>(page, 'ListOrders', { search: quote.customer });
    expect(orders.Items).toHaveLength(1);
    // The quote's own revision still holds the prices it was made with.
    expect((await api<{ TotalRC: string | null }>(page, 'LoadQuote', { id: quote.id })).TotalRC).toBe(before.TotalRC);
  });

  test('a quote of a service with a required passphrase asks for it in the order dialog, orders with it and never keeps it in the quote (decision 0082)', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'blueharbor.admin');
    // Its Encryption passphrase (a Mandatory Password field) is not something a quote holds.
    const quote = await makeQuote(page, stamp, SECRET_SERVICE);
    let q = await api<{ Version: number }>(page, 'LoadQuote', { id: quote.id });
    q = await api<{ Version: number }>(page, 'SetQuoteStatus', { id: quote.id, status: 'pending', version: q.Version });
    await api(page, 'SetQuoteStatus', { id: quote.id, status: 'approved', version: q.Version });

    await page.goto(`/#/QuotationTool/Quotes/${quote.id}`);
    await expect(detail(page).getByTestId('quote-status')).toHaveText('Approved');
    await page.getByRole('button', { name: 'Order this quote' }).click();
    const dialog = page.getByRole('dialog', { name: `Order ${quote.name}` });
    const asked = dialog.getByTestId('order-missing-fields');
    await expect(asked.getByRole('heading', { name: 'Details for the order' })).toBeVisible();
    const line = asked.getByRole('group', { name: `Line 1: ${SECRET_SERVICE}` });
    const passphrase = line.getByLabel('Encryption passphrase');
    await expect(passphrase).toHaveAttribute('type', 'password');
    const terms = dialog.getByRole('checkbox', { name: `Accept these terms on behalf of ${quote.customer}` });
    await terms.check();
    // The terms read as the service tool wrote them, in markdown: a numbered list, not the raw text.
    await expect(dialog.getByRole('listitem').filter({ hasText: 'renews every month' })).toBeVisible();
    await expect(dialog.getByText(/^## /)).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Place order' })).toBeDisabled();
    // Left empty, it says so; typed, the order can be placed.
    await passphrase.focus();
    await passphrase.blur();
    await expect(line.getByText('Encryption passphrase is required')).toBeVisible();
    await passphrase.fill('Vault-Passphrase-2026');
    await expect(line.getByText('Encryption passphrase is required')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Place order' })).toBeEnabled();
    await checkAccessible(page);
    await shots(page, 'quotation-tool-order-fields');

    await dialog.getByRole('button', { name: 'Place order' }).click();
    await expect(dialog.getByTestId('order-outcome').getByRole('status')).toContainText(/^(Ordered|Under review)/);
    const orders = await api<{ Items: { OrderNumber: string }[] }>(page, 'ListOrders', { search: quote.customer });
    expect(orders.Items).toHaveLength(1);
    // The quote's revision still holds only what it held: the passphrase went to the order alone.
    const kept = await api<object>(page, 'LoadSalesQuote', { id: quote.id, revision: null });
    expect(JSON.stringify(kept)).not.toContain('Vault-Passphrase-2026');
  });

  test('[M2.54] a sort header clicked twice before the list has rendered the first click sorts the other way (decision 0072)', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    const quote = await makeQuote(page, unique());
    await page.goto('/#/QuotationTool/Quotes');
    await expect(rows(page).filter({ hasText: quote.name })).toHaveCount(1);
    const byName = page.getByRole('button', { name: 'Sort by Name' });
    // The second click toggles the sort the first one chose, not the sort the list still shows.
    await clickInOneGo(page, [byName, byName]);
    await expect(page).toHaveURL(/sort=Name%3ADESC$/);
    await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await checkAccessible(page);
  });
});
