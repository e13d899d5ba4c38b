import { expect } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

// The accessibility check every screen's test calls (fixtures/portal.ts) keeps axe loaded in a document between
// checks (decision 0031): it must still see what changed since, in the page and in its same-origin frames.
test('the accessibility check finds a violation added to the page or to a frame, and passes once it is gone', async ({
  page,
}) => {
  await signIn(page, 'provider.admin');
  await expectAccessible(page);

  await page.evaluate(() => {
    const button = document.createElement('button');
    button.id = 'nameless';
    document.body.appendChild(button);
  });
  await expect(expectAccessible(page)).rejects.toThrow(/button-name.*#nameless/);
  await page.evaluate(() => document.getElementById('nameless')?.remove());
  await expectAccessible(page);

  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.title = 'A frame of the page';
    frame.srcdoc =
      '<html lang="en"><head><title>Frame</title></head><body><main><button id="framed-nameless"></button></main></body></html>';
    document.body.appendChild(frame);
  });
  await expect.poll(() => page.frames().length).toBe(2);
  await page.frames()[1]?.waitForSelector('#framed-nameless');
  await expect(expectAccessible(page)).rejects.toThrow(/button-name.*#framed-nameless/);
});
