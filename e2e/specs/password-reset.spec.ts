import { expect, type Page } from '@playwright/test';
import { waitForMail } from '../fixtures/mail';
import { expectAccessible, openHeaderMenuItem, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * Password reset [M2.15], [M4.11]: forgot password from sign-in, the e-mail read where the user gets it (the
 * Outbox screen shows it without the link's token, decision 0035), the reset
 * screen with the live password rules [M3.7], [M5.1], and sign-in with the new password.
 */
const SHOTS = process.env.E2E_SHOTS;
async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const NEW_PASSWORD = 'Harbour-Lights-2026!';

async function requestLink(page: Page, username: string) {
  await page.goto('/#/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Username or e-mail address').fill(username);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText('If an account matches, a reset link was sent to its e-mail address.')).toBeVisible();
}

/**
 * The #/reset-password/... route of the newest reset e-mail to the user, as the user received it; an
 * administrator's Outbox screen shows the same e-mail with the token removed.
 */
async function linkFromMail(page: Page, username: string, since: number): Promise<string> {
  const mail = await waitForMail({ subject: 'Reset your password', since, containing: `/reset-password/${username}/` });
  await signIn(page, 'cedarridge.admin');
  await openHeaderMenuItem(page, 'Administration', 'Outbox');
  const row = page.getByRole('table', { name: 'Sent e-mails' }).getByRole('row').nth(1);
  await expect(row).toContainText('Reset your password');
  await row.getByRole('link', { name: 'Reset your password' }).click();
  const message = page.getByRole('dialog', { name: 'Reset your password' });
  await expect(message.getByTestId('outbox-message-text')).toContainText(
    `/v/#/reset-password/${username}/[removed: sent only to the recipient]`,
  );
  const route = /\/v\/#(\/reset-password\/\S+)/.exec(mail.text)?.[1];
  if (!route) throw new Error(`no reset link in: ${mail.text}`);
  await expect(message.getByTestId('outbox-message-text')).not.toContainText(route.split('/').at(-1) ?? route);
  await message.getByRole('button', { name: 'Close dialog' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Username')).toBeVisible();
  return route;
}

test.describe('password reset', () => {
  test('[M5.2] [M4.11] [M8.10] the request screen checks the username format and says "link sent" for an unknown user', async ({
    page,
  }) => {
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    const username = page.getByLabel('Username or e-mail address');
    await username.fill('has space');
    await username.blur();
    await expect(page.getByText('Please enter valid username in this format')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeDisabled();
    await expectAccessible(page);
    await shot(page, 'reset-request');
    await requestLink(page, 'no.such.user');
    await expectAccessible(page);
    await shot(page, 'reset-link-sent');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('[M2.14] [M2.15] [M3.7] [M3.8] [M4.11] [M5.1] resets the password with the e-mailed link and signs in with it', async ({
    page,
  }) => {
    const since = Date.now();
    await requestLink(page, 'meridian.admin');
    const route = await linkFromMail(page, 'meridian.admin', since);

    // [M2.14] The e-mailed link opens /v/#/reset-password/{username}/{token}.
    expect(route).toMatch(/^\/reset-password\/meridian\.admin\/[A-Za-z0-9_-]{43}$/);
    await page.goto(`/v/#${route}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByLabel('Username', { exact: true })).toHaveValue('meridian.admin');
    const password = page.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
    const cont = page.getByRole('button', { name: 'Continue' });
    await password.fill('meridian.admin1');
    await password.blur();
    await expect(page.getByText('Password does not meet all requirements')).toBeVisible();
    await expect(page.getByTestId('rule-charLength')).toHaveAttribute('data-met', 'true');
    await expect(page.getByTestId('rule-charCase')).toHaveAttribute('data-met', 'false');
    await expect(page.getByTestId('rule-hasNumeric')).toHaveAttribute('data-met', 'true');
    await expect(page.getByTestId('rule-containsUsername')).toHaveAttribute('data-met', 'false');
    await expect(confirm).toBeDisabled();
    await expect(cont).toBeDisabled();
    await expectAccessible(page);
    await shot(page, 'reset-new-password-invalid');

    await password.fill(NEW_PASSWORD);
    for (const rule of ['charLength', 'charCase', 'hasNumeric', 'hasSpecialChar', 'containsUsername'])
      await expect(page.getByTestId(`rule-${rule}`)).toHaveAttribute('data-met', 'true');
    await expect(confirm).toBeEnabled();
    await confirm.fill('Something-else-1!');
    await confirm.blur();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(cont).toBeDisabled();
    await confirm.fill(NEW_PASSWORD);
    await expect(cont).toBeEnabled();
    await shot(page, 'reset-new-password-valid');
    await cont.click();

    await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'reset-password-changed');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();
    await shot(page, 'reset-sign-in-notice');
    await signIn(page, 'meridian.admin', NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();

    // The link works once.
    await page.goto(`/#${route}`);
    await password.fill('Another-Lights-2026!');
    await confirm.fill('Another-Lights-2026!');
    await cont.click();
    await expect(page.getByText('This reset link was already used. Ask for a new one.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'reset-link-used');
  });
});
