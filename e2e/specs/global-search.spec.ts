import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/** Decision 0054: the header's global search (accounts, services, orders), opened by keyboard or its button. */

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search accounts, services and orders' });
const results = (page: Page) => searchDialog(page).getByRole('listbox', { name: 'Search results' });

test.describe('global search', () => {
  test('"/" opens the search; arrows move through grouped results and Enter opens the chosen one', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await page.keyboard.press('/');
    await expect(searchDialog(page)).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await expect(searchDialog(page)).toContainText('Press / or Ctrl+K anywhere to open this search');
    await searchBox(page).fill('A');
    await expect(searchDialog(page)).toContainText('Type at least 2 characters.');
    await searchBox(page).fill('Acme Log');

    await expect(results(page).getByRole('group', { name: 'Accounts' })).toBeVisible();
    await expect(results(page).getByRole('group', { name: 'Orders' })).toBeVisible();
    const account = results(page).getByRole('option', { name: /Acme Logistics.*Company in Blue Harbor IT/ });
    await expect(account).toHaveAttribute('aria-selected', 'true');
    await checkAccessible(page);
    await shot(page, 'global-search');
    await page.keyboard.press('ArrowDown');
    await expect(account).toHaveAttribute('aria-selected', 'false');
    await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', /option-1$/);
    await page.keyboard.press('ArrowUp');
    await expect(account).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');

    await expect(searchDialog(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
  });

  test("Ctrl+K opens the search; a reseller never finds another reseller's customer, which that reseller finds", async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');

    await page.keyboard.press('Control+K');
    await searchBox(page).fill('Juniper Legal');

    await expect(searchDialog(page).getByTestId('global-search-empty')).toHaveText('Nothing found for “Juniper Legal”.');
    await expect(results(page).getByRole('option')).toHaveCount(0);
    await checkAccessible(page);
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await signIn(page, 'cedarridge.admin');
    await page.keyboard.press('Control+K');
    await searchBox(page).fill('Juniper Legal');
    await expect(results(page).getByRole('option', { name: /Juniper Legal.*Company in Cedar Ridge Solutions/ })).toBeVisible();
  });

  test('a group that has more ends in "see all", which opens the full list', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await page.getByRole('button', { name: 'Search accounts, services and orders' }).click();
    await searchBox(page).fill('ORD-');
    const orders = results(page).getByRole('group', { name: 'Orders' });
    await expect(orders.getByRole('option')).toHaveCount(6);
    await orders.getByRole('option', { name: 'See all matching orders' }).click();

    await expect(page).toHaveURL(/#\/Orders\?search=ORD-/);
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  test('a user who may neither read orders nor browse the marketplace gets accounts only', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await page.keyboard.press('/');
    await searchBox(page).fill('Acme');

    await expect(results(page).getByRole('group', { name: 'Accounts' })).toBeVisible();
    await expect(results(page).getByRole('group', { name: 'Orders' })).toHaveCount(0);
    await expect(results(page).getByRole('group', { name: 'Services' })).toHaveCount(0);
    await checkAccessible(page);
  });

  test('the dialog, fetched on its first opening, opens on the first Enter on its button, takes the focus and gives it back on Escape', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'blueharbor.admin');

    const button = page.getByRole('button', { name: 'Search accounts, services and orders' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(searchDialog(page)).toBeVisible();
    await expect(searchBox(page)).toBeFocused();
    await checkAccessible(page);
    await page.keyboard.press('Escape');
    await expect(searchDialog(page)).toHaveCount(0);
    await expect(button).toBeFocused();
    // Opened again, the same code answers at once.
    await page.keyboard.press('Enter');
    await expect(searchBox(page)).toBeFocused();
  });

  test('the first opening shows the dialog at once with a labelled loader while its code loads, in the place the search takes; later openings show no loader', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    const content = page.locator('.mantine-Modal-content');
    const loading = page.getByTestId('global-search-loading');
    const same = (a: { x: number; y: number; width: number; height: number } | null, b: typeof a) => {
      expect(a && b, 'both boxes are there').toBeTruthy();
      for (const key of ['x', 'y', 'width', 'height'] as const)
        expect(Math.abs((a?.[key] ?? 0) - (b?.[key] ?? 0)), `${key} of the dialog`).toBeLessThanOrEqual(1);
    };
    for (const viewport of [
      { width: 1280, height: 800, name: 'desktop' },
      { width: 390, height: 844, name: 'phone' },
    ]) {
      await page.setViewportSize(viewport);
      // The dialog's code (fetched on the first opening) is held until the loading state has been looked at.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/search-dialog-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.reload();
      await expect(page.getByTestId('current-user')).toBeVisible();

      await page.getByRole('button', { name: 'Search accounts, services and orders' }).click();

      await expect(loading).toBeVisible();
      await expect(loading.getByRole('status', { name: 'Loading the search' })).toBeVisible();
      await expect(loading).toContainText('Search');
      const before = await loading.boundingBox();
      await checkAccessible(page);
      await shot(page, `global-search-loading-${viewport.name}`);
      release();
      await expect(searchBox(page)).toBeFocused();
      await expect(loading).toHaveCount(0);
      same(before, await content.boundingBox());
      await page.unroute(/\/assets\/search-dialog-[^/]*\.js$/);

      // Opened again, the dialog is drawn at once: no loader shows at all.
      await page.keyboard.press('Escape');
      await expect(searchDialog(page)).toHaveCount(0);
      await page.evaluate(() => {
        const w = window as unknown as { sawSearchLoader: boolean };
        w.sawSearchLoader = false;
        new MutationObserver(() => {
          if (document.querySelector('[data-testid="global-search-loading"]')) w.sawSearchLoader = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      await page.keyboard.press('/');
      await expect(searchBox(page)).toBeFocused();
      expect(await page.evaluate(() => (window as unknown as { sawSearchLoader: boolean }).sawSearchLoader)).toBe(false);
      await page.keyboard.press('Escape');
    }
  });

  test('when the dialog’s code cannot be fetched, its place says so with a way to try again, and Escape closes it', async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await page.route(/\/assets\/search-dialog-[^/]*\.js$/, (route) => route.abort());
    const loading = page.getByTestId('global-search-loading');

    await page.keyboard.press('/');

    await expect(loading.getByRole('alert')).toContainText('The search could not be loaded');
    await expect(loading.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(loading.getByRole('status', { name: 'Loading the search' })).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'global-search-load-failed');
    await page.keyboard.press('Escape');
    await expect(loading).toHaveCount(0);
  });

  test('at 390x844 an icon button opens the search full screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'blueharbor.admin');

    await page.getByRole('button', { name: 'Search accounts, services and orders' }).click();
    await expect(searchDialog(page)).toBeVisible();
    const box = await searchDialog(page).boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(390);
    await searchBox(page).fill('Acme Log');
    await expect(results(page).getByRole('option', { name: /Acme Logistics.*Company in/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAccessible(page);
    await shot(page, 'global-search-phone');
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
  });
});
