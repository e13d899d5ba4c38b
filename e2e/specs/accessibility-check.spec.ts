import { expect, test } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';

test('the accessibility check finds violations in the page and in a same-origin frame, and after the document changes', async ({ page }) => {
  await signIn(page, 'provider.admin');
  await expectAccessible(page);
  await page.evaluate(() => {
    const b = document.createElement('button');
    b.id = 'nameless';
    document.body.appendChild(b);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
  await page.evaluate(() => document.getElementById('nameless')?.remove());
  await expectAccessible(page);
  await page.evaluate(() => {
    const f = document.createElement('iframe');
    f.title = 'inner';
    f.srcdoc = '<html lang="en"><head><title>x</title></head><body><main><button id="inner-nameless"></button></main></body></html>';
    document.body.appendChild(f);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await page.frames()[1]!.waitForSelector('#inner-nameless');
  await expect(expectAccessible(page)).rejects.toThrow(/button-name.*inner-nameless/);
});
