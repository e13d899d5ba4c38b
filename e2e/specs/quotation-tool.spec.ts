import { expect, type Page, test } from '@playwright/test';
import { checkAccessible, headerMenuItems, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';

/**
 * The quotation tool #/QuotationTool/{tab}/{quoteId} and the step from an approved quote to its orders (issue 17).
 * Each test makes its own customer and quote through the API, so the demo data other specs rely on stays as it is.
 * blueharbor.admin and cedarridge.admin are Reseller administrators of two resellers; acme.admin is a Company
 * administrator (no quotation tool). 'Contoso Whiteboard' (no dependency, no field the quote does not carry) reaches
 * every reseller's customers.
 */

const unique = () => Date.now().toString(36);
const SERVICE = 'Contoso Whiteboard';

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
async function makeQuote(page: Page, stamp: string) {
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
      serviceNames: [SERVICE],
      customerId,
    });
    const service = market.Services[0];
    if (service) {
      found = { priceList: template.Id, service };
      break;
    }
  }
  if (!found) throw new Error(`no price template of the reseller holds ${SERVICE}`);
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
});
