import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// A fake clock or an init script cannot be taken back out of a tab: each test opens a context of its own.
test.use({ freshPage: true });

// fabrikam.admin is used by no other spec: drafts are per user, so no other spec meets these drafts.
const USER = 'fabrikam.admin';
const servicesTable = (page: Page) => page.getByRole('table', { name: 'Your services' });
const windowDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('tablist', { name: 'Service tool tabs' }) });
const draftNotice = (page: Page) => page.getByRole('region', { name: 'Saved draft' });

test.describe('service tool drafts', () => {
  test('[S4.2] [S9.4] [S2.12] [S3.7] autosaves a new service, offers the draft on reopening, loads it, and a save deletes it', async ({
    page,
  }) => {
    const name = `Fabrikam Draft ${Date.now().toString(36)}`;
    await page.clock.install();
    await signIn(page, USER);
    await page.goto('/#/Marketplace/ServiceCreate');
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('tab', { name: 'Info' })).toBeVisible();
    // Another spec of this user may have left a create draft: start without one.
    if (await draftNotice(page).isVisible()) await draftNotice(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(draftNotice(page)).toHaveCount(0);

    // Nothing changed yet: the 5 s tick stores nothing.
    await page.clock.runFor(5000);
    await expect(dialog.getByText(/^Draft saved/)).toHaveCount(0);

    await dialog.getByLabel('Service name', { exact: false }).first().fill(name);
    await dialog.getByLabel('Intro text').fill('Filters phishing before it reaches the inbox');
    await page.clock.runFor(5000);
    await expect(dialog.getByText(/^Draft saved/)).toBeVisible();

    await page.getByRole('button', { name: 'Close the service tool' }).click();
    await expect(page).toHaveURL(/#\/Services$/);
    await page.getByRole('link', { name: 'New service' }).click();

    const notice = draftNotice(page);
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('You have a saved draft of this service, added');
    await expect(notice.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
    await expect(dialog.getByLabel('Intro text')).toHaveValue('');
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/service-drafts-notice.png' });

    await notice.getByRole('button', { name: 'Load' }).click();
    await expect(draftNotice(page)).toHaveCount(0);
    await expect(dialog.getByLabel('Intro text')).toHaveValue('Filters phishing before it reaches the inbox');
    await expect(dialog.getByLabel('Unique name')).toHaveValue(name);

    await dialog.getByRole('textbox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Security' }).click();
    await dialog.getByRole('checkbox', { name: 'Company' }).check();
    await dialog.getByRole('button', { name: 'Use the security icon' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    const done = page.getByRole('dialog', { name: 'Creation started' });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/#\/Services$/);

    await page.getByRole('link', { name: 'New service' }).click();
    await expect(windowDialog(page).getByRole('heading', { name: 'Create service' })).toBeVisible();
    await expect(windowDialog(page).getByLabel('Intro text')).toHaveValue('');
    await expect(draftNotice(page)).toHaveCount(0);
  });

  test('[S4.2] [S2.12] [S2.4] closing after loading an edit draft reloads the route; dismissing deletes the draft and keeps the saved service', async ({
    page,
  }) => {
    await page.clock.install();
    await signIn(page, USER);
    await page.goto('/#/Services');
    await servicesTable(page).getByRole('link', { name: 'Fabrikam Mail Security' }).click();
    const dialog = windowDialog(page);
    await expect(dialog.getByRole('heading', { name: 'Edit (Fabrikam Mail Security)' })).toBeVisible();
    const saved = await dialog.getByLabel('Intro text').inputValue();

    await dialog.getByLabel('Intro text').fill('A draft intro');
    await page.clock.runFor(5000);
    await expect(dialog.getByText(/^Draft saved/)).toBeVisible();
    await page.getByRole('button', { name: 'Close the service tool' }).click();

    await servicesTable(page).getByRole('link', { name: 'Fabrikam Mail Security' }).click();
    await expect(draftNotice(page)).toBeVisible();
    await expect(dialog.getByLabel('Intro text')).toHaveValue(saved);
    await expectAccessible(page);

    // [S2.4] After a load, closing reloads the current route: the window opens afresh and offers the draft again.
    await draftNotice(page).getByRole('button', { name: 'Load' }).click();
    await expect(dialog.getByLabel('Intro text')).toHaveValue('A draft intro');
    await page.getByRole('button', { name: 'Close the service tool' }).click();
    await expect(page).toHaveURL(/#\/Marketplace\/ServiceCreate\/.+$/);
    await expect(draftNotice(page)).toBeVisible();
    await expect(dialog.getByLabel('Intro text')).toHaveValue(saved);

    await draftNotice(page).getByRole('button', { name: 'Dismiss' }).click();
    await expect(draftNotice(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Close the service tool' }).click();

    await servicesTable(page).getByRole('link', { name: 'Fabrikam Mail Security' }).click();
    await expect(dialog.getByLabel('Intro text')).toHaveValue(saved);
    await expect(draftNotice(page)).toHaveCount(0);
  });
});
