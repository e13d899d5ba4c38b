import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// A fake clock or an init script cannot be taken back out of a tab: each test opens a context of its own.
test.use({ freshPage: true });

/**
 * Optimistic concurrency (decision 0036, issue 14): a save over a version someone else has moved on is refused, and
 * the screen says who changed the record and when, and lets the user reload their values or keep their own.
 */

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const conflictAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Someone else changed this while you were editing' });

async function call(request: APIRequestContext, name: string, data: object) {
  const res = await request.post(`/api/op/${name}`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A company of this test's own under the signed-in reseller, so no other spec sees it. */
async function ownCompany(page: Page): Promise<number> {
  const parents = await call(page.request, 'GetAvailableCreateParents', { accountType: 'Company' });
  const created = await call(page.request, 'CreateAccount', {
    accountType: 'Company',
    parentId: parents.Items[0].AccountId,
    views: { Default: { Values: { DisplayName: `Versioned ${unique()}` } }, Company: { Values: { Currency: 'EUR' } } },
  });
  return created.AccountId as number;
}

/** Another user of the same reseller, signed in through the API: "someone else". */
async function colleague(playwright: { request: { newContext(o: object): Promise<APIRequestContext> } }, baseURL?: string) {
  const request = await playwright.request.newContext({ baseURL });
  await call(request, 'Authenticate', { Username: 'blueharbor.sales', Password: DEMO_PASSWORD });
  return request;
}

test.describe('edits over a stale version', () => {
  test('the account page says who changed the account and when, and keeps or reloads on request', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signIn(page, 'blueharbor.admin');
    const id = await ownCompany(page);
    const other = await colleague(playwright, baseURL);
    const theirEdit = async (city: string) => {
      const { Version } = await call(other, 'LoadAccountById', { id });
      const saved = await call(other, 'UpdateAccount', { id, views: { Company: { Values: { City: city } } }, version: Version });
      return saved.UpdatedBy as string;
    };
    await page.goto(`/#/Account/View/${id}`);
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();

    // Keep: my value is saved over theirs.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Mine City');
    const them = await theirEdit('Their City');
    await page.getByRole('button', { name: 'Save' }).click();

    const alert = conflictAlert(page);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(new RegExp(`${them} saved a change at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC`));
    await expect(alert.getByRole('button', { name: 'Reload their values' })).toBeVisible();
    await shot(page, 'conflict-account');
    await checkAccessible(page);
    await alert.getByRole('button', { name: 'Keep my values and save' }).click();
    await expect(page.getByText('Account data has been updated')).toBeVisible();
    await expect(alert).toHaveCount(0);
    await expect(page.locator('[data-field="Company.City"]')).toHaveText('Mine City');

    // Reload: their value is shown and mine is dropped.
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Mine again');
    await theirEdit('Their again');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Reload their values' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.locator('[data-field="Company.City"]')).toHaveText('Their again');
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await other.dispose();
  });

  test('a note edited in another tab: the note says who saved it and when, and keeps or reloads on request', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    const accountId = await ownCompany(page);
    const note = await call(page.request, 'AddAccountNote', { accountId, text: 'Call back on Monday' });
    const otherTab = async (text: string) => {
      const notes = await call(page.request, 'GetAccountNotes', { accountId });
      const current = notes.Items.find((n: { Id: string }) => n.Id === note.Id);
      return call(page.request, 'UpdateAccountNote', { id: note.Id, text, version: current.Version });
    };
    await page.goto(`/#/Account/View/${accountId}/Notes`);
    const article = page.getByRole('article');
    await expect(article).toContainText('Call back on Monday');

    // Keep: my text is saved over the other tab's.
    await article.getByRole('button', { name: 'Edit' }).click();
    await article.getByRole('textbox', { name: 'Note' }).fill('Call back on Tuesday');
    const saved = await otherTab('Call back on Wednesday');
    await article.getByRole('button', { name: 'Update' }).click();

    const alert = conflictAlert(page);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`${saved.Author.DisplayName} saved a change at`);
    await shot(page, 'conflict-note');
    await checkAccessible(page);
    await alert.getByRole('button', { name: 'Keep my values and save' }).click();
    await expect(page.getByText('Note saved')).toBeVisible();
    await expect(article.getByTestId('note-text')).toHaveText('Call back on Tuesday');

    // Reload: the other tab's text is shown.
    await article.getByRole('button', { name: 'Edit' }).click();
    await article.getByRole('textbox', { name: 'Note' }).fill('Call back on Thursday');
    await otherTab('Call back on Friday');
    await article.getByRole('button', { name: 'Update' }).click();
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Reload their values' }).click();
    await expect(alert).toHaveCount(0);
    await expect(article.getByTestId('note-text')).toHaveText('Call back on Friday');
  });

  test('a service draft saved from another window: the service tool says so, keeps mine or reloads the other', async ({
    page,
  }) => {
    // fabrikam.admin's edit draft of Fabrikam MFA: drafts are per user and window, and no other spec opens this one.
    const target = { ServiceName: 'Fabrikam MFA' };
    await page.clock.install();
    await signIn(page, 'fabrikam.admin');
    await page.goto('/#/Services');
    await page.getByRole('table', { name: 'Your services' }).getByRole('link', { name: 'Fabrikam MFA' }).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });
    await expect(dialog.getByRole('heading', { name: 'Edit (Fabrikam MFA)' })).toBeVisible();
    const notice = page.getByRole('region', { name: 'Saved draft' });
    if (await notice.isVisible()) await notice.getByRole('button', { name: 'Dismiss' }).click();
    const intro = dialog.getByLabel('Intro text');
    const otherWindow = async (text: string) => {
      const { Draft } = await call(page.request, 'GetServiceDraft', target);
      await call(page.request, 'SaveServiceDraft', {
        ...target,
        Version: Draft.Version,
        Data: { ...Draft.Data, ShortDescription: text },
      });
    };
    const alert = page.getByRole('alert').filter({ hasText: 'This draft was saved from another window while you were editing' });
    const edit = async (mine: string, theirs: string) => {
      await intro.fill(`${mine} before`);
      await page.clock.runFor(5000);
      await expect(dialog.getByText(/^Draft saved/)).toBeVisible();
      await otherWindow(theirs);
      await intro.fill(mine);
      await page.clock.runFor(5000);
      await expect(alert).toBeVisible();
    };

    // Keep: my intro is stored as the draft over the other window's.
    await edit('Mine kept', 'Other window');
    await expect(alert).toContainText(/A change was saved at \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    await shot(page, 'conflict-service-draft');
    await checkAccessible(page);
    await alert.getByRole('button', { name: 'Keep my values and save' }).click();
    await expect(alert).toHaveCount(0);
    await expect
      .poll(async () => (await call(page.request, 'GetServiceDraft', target)).Draft.Data.ShortDescription)
      .toBe('Mine kept');

    // Reload: the form shows the other window's draft.
    await edit('Mine dropped', 'Other window again');
    await alert.getByRole('button', { name: 'Reload their values' }).click();
    await expect(alert).toHaveCount(0);
    await expect(intro).toHaveValue('Other window again');
    const { Draft } = await call(page.request, 'GetServiceDraft', target);
    await call(page.request, 'DeleteServiceDraft', { ...target, Version: Draft.Version });
  });

  test('a price list renamed by someone else: the rename says who and when, and keeps mine on request', async ({ page }) => {
    await signIn(page, 'provider.admin');
    const list = await call(page.request, 'CreateMarketplace', { Name: `Versioned list ${unique()}`, Priority: 1 });
    await page.goto(`/#/MyMarketplaces/v2/Edit/M/${list.Id}/`);
    await expect(page.getByRole('heading', { level: 1, name: list.Name })).toBeVisible();
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('Price list name').fill(`${list.Name} mine`);
    // Another tab renames it first.
    const theirs = await call(page.request, 'UpdateMarketplaceName', {
      id: list.Id,
      name: `${list.Name} theirs`,
      version: list.Version,
    });
    await page.getByLabel('Price list name').press('Enter');

    const alert = conflictAlert(page);
    await expect(alert).toContainText(`${theirs.UpdatedBy} saved a change at`);
    await shot(page, 'conflict-price-list');
    await checkAccessible(page);
    await alert.getByRole('button', { name: 'Keep my values and save' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `${list.Name} mine` })).toBeVisible();
    await expect(alert).toHaveCount(0);
    const current = await call(page.request, 'GetMarketplaceProperties', { id: list.Id });
    await call(page.request, 'DeleteMarketplace', { id: list.Id, version: current.Version });
  });
});
