import { expect } from '@playwright/test';
import { expectAccessible } from '../fixtures/portal';
import { test } from '../fixtures/test';

// A fake clock or an init script cannot be taken back out of a tab: each test opens a context of its own.
test.use({ freshPage: true });

test.describe('redirect screen', () => {
  test('[M2.13] [M8.7] [M5.10] refuses a target outside the allowed prefixes', async ({ page }) => {
    await page.goto('/#/Redirect/evil.example/phish');

    await expect(page.getByRole('alert')).toContainText('Redirect route evil.example/phish is not allowed');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/#\/Redirect\/evil\.example\/phish$/);
    await expectAccessible(page);
  });

  test('[M2.13] shows Redirecting to ... on an accessible page', async ({ page }) => {
    // The page must stay while it is checked, however slow the machine is: its 2 s timer is not started here (the next
    // test holds that it goes there after 2 s). Neither a held navigation nor a paused clock will do: once the page
    // has begun to leave, or while its timers are stopped, the accessibility check never finishes.
    await page.addInitScript((delay) => {
      const start = window.setTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
        timeout === delay ? 0 : start(handler, timeout, ...rest)) as typeof window.setTimeout;
    }, 2000); // REDIRECT_DELAY_MS of @portal/contracts [M9.4]
    await page.goto('/#/Redirect/support/contact');

    await expect(page.getByTestId('redirect-text')).toHaveText('Redirecting to support/contact…');
    await expectAccessible(page);
    await expect(page).toHaveURL(/#\/Redirect\/support\/contact$/);
  });

  test('[M2.13] [M9.4] shows Redirecting to ... and goes there after 2 s', async ({ page }) => {
    // The page's clock is paused and driven by the test, so the 2 s are measured on the page's own clock, whatever the
    // machine's load. It moves 25 ms at a time until the page shows its text (the route's code loads lazily, and React
    // reveals it only after its own timers run), so the page started its 2 s at most 25 ms before the text was seen.
    await page.clock.install({ time: new Date('2026-01-05T08:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-05T08:00:01Z'));
    await page.goto('/#/Redirect/support/contact');
    const text = page.getByTestId('redirect-text');
    await expect
      .poll(
        async () => {
          await page.clock.runFor(25);
          return text.count();
        },
        { intervals: [20], timeout: 30_000 },
      )
      .toBe(1);

    await expect(text).toHaveText('Redirecting to support/contact…');
    await page.clock.runFor(1950);
    await expect(page).toHaveURL(/#\/Redirect\/support\/contact$/);
    await page.clock.runFor(75);
    await page.waitForURL(/\/support\/contact$/);
    // Time runs again before the page is closed: a paused clock once held the closing of the context for a minute.
    await page.clock.resume();
  });
});
