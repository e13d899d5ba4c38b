import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The Notifications tab of a user [A2.17] (decision 0053): which e-mails the user receives, the security e-mails
 * fixed. The choices changed here are put back at the end, so the demo data stays as other specs expect it.
 */

/** A demo user's account id: signed in as that user on a request context of its own, from GetCurrentUser. */
async function userId(request: APIRequestContext, username: string): Promise<number> {
  const signedIn = await request.post('/api/op/Authenticate', { data: { Username: username, Password: DEMO_PASSWORD } });
  expect(signedIn.status(), `${username} signs in`).toBe(200);
  const me = (await request.post('/api/op/GetCurrentUser', { data: {} }).then((r) => r.json())) as { AccountId: number };
  await request.post('/api/op/Logout', { data: {} });
  return me.AccountId;
}

async function setOrderApproved(page: Page, accountId: number, enabled: boolean) {
  const res = await page.request.post('/api/op/SaveUserNotifications', {
    data: { accountId, kinds: [{ Kind: 'OrderApproved', Enabled: enabled }] },
  });
  expect(res.status()).toBe(200);
}

async function noPageWideScroll(page: Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(wide, 'no page-wide horizontal scroll').toBeLessThanOrEqual(1);
}

test.describe('Notifications tab of a user', () => {
  test('[A2.17] an administrator switches an e-mail off for a user, saves, and finds it kept after a reload; security e-mails are fixed', async ({
    page,
    request,
  }) => {
    await signIn(page, 'acme.admin');
    const jdoe = await userId(request, 'acme.jdoe');
    await page.goto(`/#/Account/View/${jdoe}`);
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(new RegExp(`/Account/View/${jdoe}/Notifications$`));

    await expect(page.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Security and sign-in' })).toBeVisible();
    const approved = page.getByRole('switch', { name: 'Order approved' });
    await expect(approved).toBeChecked();
    await expect(approved).toBeEnabled();
    for (const fixed of ['First-time password', 'Password reset link', 'Warning about failed sign-ins']) {
      const toggle = page.getByRole('switch', { name: fixed });
      await expect(toggle).toBeChecked();
      await expect(toggle).toBeDisabled();
    }
    await expect(
      page.getByText('Always sent: it is the only way to choose a new password when the old one is lost.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await checkAccessible(page);

    // Undo puts a change back without saving.
    await approved.click({ force: true });
    await expect(approved).not.toBeChecked();
    await page.getByRole('button', { name: 'Undo changes' }).click();
    await expect(approved).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await approved.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification choices saved.')).toBeVisible();
    await shot(page, 'user-notifications-saved');

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Order approved' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Order placed' })).toBeChecked();
    await checkAccessible(page);

    await setOrderApproved(page, jdoe, true);
  });

  test('[A2.17] a user changes their own choices; another user’s are shown read-only without NOTIFICATIONS_UPDATE', async ({
    page,
    request,
  }) => {
    await signIn(page, 'acme.jdoe');
    const own = await userId(request, 'acme.jdoe');
    const admin = await userId(request, 'acme.admin');

    await page.goto(`/#/Account/View/${own}/Notifications`);
    await expect(page.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
    const placed = page.getByRole('switch', { name: 'Order placed' });
    await expect(placed).toBeEnabled();
    await placed.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification choices saved.')).toBeVisible();
    await expect(placed).not.toBeChecked();
    // And back on, as the demo data had it.
    await placed.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(placed).toBeChecked();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

    await page.goto(`/#/Account/View/${admin}/Notifications`);
    await expect(page.getByRole('heading', { name: 'E-mail notifications' })).toBeVisible();
    await expect(page.getByText('You can see these choices but not change them.', { exact: false })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Order placed' })).toBeDisabled();
    // The state in words, since a disabled switch hardly shows it: the seven switchable kinds.
    await expect(page.getByText('Receives', { exact: true })).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await shot(page, 'user-notifications-read-only');
    await checkAccessible(page);
  });

  test('[A2.17] [A6.15] a viewer without NOTIFICATIONS_READ gets no Notifications tab on another user', async ({
    page,
    request,
  }) => {
    await signIn(page, 'provider.auditor');
    const jdoe = await userId(request, 'acme.jdoe');
    await page.goto(`/#/Account/View/${jdoe}`);

    await expect(page.getByRole('tab', { name: 'Audit log' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveCount(0);
    const denied = await page.request.post('/api/op/GetUserNotifications', { data: { accountId: jdoe } });
    expect(denied.status()).toBe(403);
  });

  test('[A2.17] the tab works at 390x844: switches, save and the fixed kinds without a page-wide scroll', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'acme.admin');
    const jdoe = await userId(request, 'acme.jdoe');
    await page.goto(`/#/Account/View/${jdoe}/Notifications`);

    const approved = page.getByRole('switch', { name: 'Order approved' });
    await expect(approved).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Password reset link' })).toBeDisabled();
    await noPageWideScroll(page);
    await checkAccessible(page);

    await approved.click({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification choices saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Order approved' })).not.toBeChecked();
    await shot(page, 'user-notifications-phone');
    await noPageWideScroll(page);

    await setOrderApproved(page, jdoe, true);
  });
});
