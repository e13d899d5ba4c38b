import { expect, type Locator, type Page } from '@playwright/test';
import { expectAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// A fake clock or an init script cannot be taken back out of a tab: each test opens a context of its own.
test.use({ freshPage: true });

/**
 * Issue 19, the analytics reports as a new user finds them (decision 0058): the report has the page's width, the
 * revenue charts draw on the viewer's currency, the finished-loading notice stays clear of Sign out, and the first
 * open of an account's report tab shows data within a few seconds.
 */

const reportFrame = (page: Page) => page.frameLocator('[data-testid="bi-report"] iframe');

/** Every visual of the frame's page, right edge inside what the frame shows (its width less the filters pane). */
async function expectNoVisualCutOff(page: Page, frame = reportFrame(page)) {
  const visible = await frame.locator('.page-scroller').evaluate((el) => el.getBoundingClientRect().right);
  const rights = await frame
    .locator('[data-visual]')
    .evaluateAll((els) => els.map((el) => [el.getAttribute('data-visual'), el.getBoundingClientRect().right] as const));
  expect(rights.length).toBeGreaterThan(0);
  for (const [name, right] of rights) expect(right, `${name} ends inside the frame`).toBeLessThanOrEqual(visible + 1);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box as { x: number; y: number; width: number; height: number };
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the analytics reports as a new user finds them', () => {
  test('[M2.53] the open report uses the page width and no visual is cut off; My reports folds away beside it', async ({
    page,
  }) => {
    await signIn(page, 'provider.admin');
    await page.goto('/#/Reports/OrdersAndRevenue');
    const frame = reportFrame(page);
    await expect(frame.locator('[data-visual="RevenueByMonth"]')).toBeVisible();

    // The frame spans the page less its padding: nothing beside it eats its width.
    const viewport = page.viewportSize()?.width ?? 0;
    const report = await boxOf(page.getByTestId('bi-report'));
    expect(report.width).toBeGreaterThanOrEqual(viewport - 40);
    await expect(page.getByRole('navigation', { name: 'My reports' })).toBeHidden();
    await expectNoVisualCutOff(page);
    await expectAccessible(page);
    await shot(page, 'reports-wide-1280');

    // The list is one click away, and folds away again.
    await page.getByRole('button', { name: 'Show my reports' }).click();
    const menu = page.getByRole('navigation', { name: 'My reports' });
    await expect(menu.getByRole('link', { name: /Subscriptions$/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hide my reports' })).toHaveAttribute('aria-expanded', 'true');
    await menu.getByRole('link', { name: /Subscriptions$/ }).click();
    await expect(page).toHaveURL(/#\/Reports\/Subscriptions$/);
    await expect(menu).toBeHidden();
    await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible();
  });

  test('[M2.53] on a phone the report fills the screen width and shows its visuals one under the other', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'provider.admin');
    await page.goto('/#/Reports/OrdersAndRevenue');
    const frame = reportFrame(page);
    await expect(frame.locator('[data-visual="RevenueByMonth"] circle').first()).toBeVisible();

    const report = await boxOf(page.getByTestId('bi-report'));
    expect(report.width).toBeGreaterThanOrEqual(390 - 40);
    await expectNoVisualCutOff(page);
    // One column: each visual starts at the same left edge, below the one before.
    const boxes = await frame
      .locator('[data-visual]')
      .evaluateAll((els) => els.map((el) => ({ x: el.getBoundingClientRect().x, y: el.getBoundingClientRect().y })));
    for (const [i, box] of boxes.entries()) {
      expect(box.x).toBe(boxes[0]?.x);
      if (i > 0) expect(box.y).toBeGreaterThan(boxes[i - 1]?.y ?? 0);
    }
    // The name, loaded date and Refresh stay readable above the report.
    await expect(page.getByRole('heading', { level: 1, name: 'Orders and revenue' })).toBeVisible();
    const heading = await boxOf(page.getByRole('heading', { level: 1, name: 'Orders and revenue' }));
    expect(heading.width).toBeGreaterThan(200);
    await expectAccessible(page);
    await shot(page, 'reports-phone-390');
  });

  test("the revenue visual shows the viewer's currency without ticking one", async ({ page }) => {
    // The provider sells in EUR, GBP and USD; its organisation's currency is EUR.
    await signIn(page, 'provider.admin');
    await page.goto('/#/Reports/OrdersAndRevenue');
    const frame = reportFrame(page);
    const slicer = frame.locator('[data-visual="CurrencySlicer"]');

    await expect(slicer.getByRole('checkbox', { name: 'EUR' })).toBeChecked();
    await expect(slicer.getByRole('checkbox', { name: 'GBP' })).not.toBeChecked();
    const byMonth = frame.locator('[data-visual="RevenueByMonth"]');
    await expect(byMonth.locator('circle').first()).toBeVisible();
    await expect(byMonth.getByRole('note')).toHaveCount(0);
    await expect(frame.locator('[data-visual="ThisMonthRevenue"] [data-currency]')).toHaveAttribute('data-currency', 'EUR');

    // Another currency is a tick away; with two ticked the chart says it does not add them.
    await slicer.getByRole('checkbox', { name: 'GBP' }).check();
    await expect(byMonth.getByRole('note')).toContainText('not added together');
    await slicer.getByRole('checkbox', { name: 'EUR' }).uncheck();
    await expect(byMonth.locator('circle').first()).toBeVisible();
  });

  test('[M9.13] [M4.24] the finished-loading notification stays clear of Sign out and fades after 5 s', async ({ page }) => {
    await page.clock.install();
    await signIn(page, 'cedarridge.admin');
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      // From the landing page, so the report loads anew at this size.
      await page.goto('/#/Reports');
      await page.goto('/#/Reports/AccountOverview');
      const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Account overview has finished loading!' });
      await expect(notice).toBeVisible();
      // The clock stops now, a moment after the notice came, so the checks below take no time of its 5 s.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
      await shot(page, `reports-notice-${size.width}`);

      const signOut = await boxOf(page.getByRole('button', { name: 'Sign out' }));
      const header = await boxOf(page.getByRole('banner'));
      const toast = await boxOf(notice);
      expect(overlaps(toast, signOut), 'the notice covers Sign out').toBe(false);
      expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);

      // [M9.13] 5 s: still there at 4.4 s, gone by 5.1 s.
      await page.clock.runFor(4300);
      await expect(notice).toBeVisible();
      await page.clock.runFor(700);
      await expect(notice).toHaveCount(0);
      await page.clock.resume();
    }
  });

  test("[A4.9] the first open of an account's report tab shows its data within a few seconds", async ({ page }) => {
    await signIn(page, 'cedarridge.admin');
    // A company no other spec opens a report of, so this is the first look at its Usage report.
    await page.getByRole('treeitem', { name: /Lakeside Hotels/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lakeside Hotels' })).toBeVisible();
    const started = Date.now();

    await page.getByRole('tab', { name: 'Usage report' }).click();

    const frame = page.frameLocator('[data-testid="account-report"] iframe');
    await expect(frame.locator('[data-visual="TotalSubscriptions"] .card')).toBeVisible({ timeout: 8000 });
    await expect(page.getByTestId('account-report')).toHaveAttribute('data-loaded', 'true');
    // Well within the 30 s countdown of a preparation in progress: the tab never had to wait it out.
    expect(Date.now() - started).toBeLessThan(8000);
    await expect(page.getByTestId('account-report-prepared')).toContainText(/^Prepared /);
    await expect(page.getByTestId('account-report-countdown')).toHaveCount(0);
    // Beside the account tree the frame is narrower than the report's page: the page is zoomed to fit it.
    await expectNoVisualCutOff(page, frame);
    await expectAccessible(page);
    await shot(page, 'account-report-first-open');
  });
});
