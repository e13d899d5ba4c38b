import { expect, test } from '@playwright/test';
import { expectAccessible } from '../fixtures/portal';

test.describe('redirect screen', () => {
  test('[M2.13] [M8.7] [M5.10] refuses a target outside the allowed prefixes', async ({ page }) => {
    await page.goto('/#/Redirect/evil.example/phish');

    await expect(page.getByRole('alert')).toContainText('Redirect route evil.example/phish is not allowed');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/#\/Redirect\/evil\.example\/phish$/);
    await expectAccessible(page);
  });

  test('[M2.13] [M9.4] shows Redirecting to ... and goes there after 2 s', async ({ page }) => {
    const started = Date.now();
    await page.goto('/#/Redirect/support/contact');

    await expect(page.getByTestId('redirect-text')).toHaveText('Redirecting to support/contact…');
    await expectAccessible(page);
    await page.waitForURL(/\/support\/contact$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });
});
