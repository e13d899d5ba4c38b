import { expect, type Locator, type Page } from '@playwright/test';
import { waitForMail } from '../fixtures/mail';
import { checkAccessible, openHeaderMenuItem, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The "reset password" custom action of User accounts [A1.5], [A6.19] and the forced password change after
 * first-time credentials (decision 0010). These tests use Summit Peak Partners' customers, which no other spec
 * touches; every password they set is unique to the run.
 */

const unique = () => `Summit-${Date.now().toString(36)}-Pass9!`;

/** Opens a user of a Summit Peak company: `which` picks among the level-3 users (the company administrator). */
async function openCompanyUser(page: Page, company: string): Promise<string> {
  const tree = page.getByRole('tree', { name: 'Account tree' });
  await tree.getByRole('treeitem', { name: new RegExp(company) }).click();
  await tree.getByRole('treeitem', { name: new RegExp(company) }).press('ArrowRight');
  const user = tree.locator('[role="treeitem"][aria-level="3"]').filter({ hasText: 'User' }).first();
  const name = ((await user.textContent()) ?? '').replace(/[▸▾]/g, '').replace(/User$/, '').trim();
  await user.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

async function openResetPassword(page: Page): Promise<{ dialog: Locator; username: string }> {
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/#\/Account\/CustomAction\/RESET_PASSWORD\/\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Reset password' });
  const username = ((await dialog.locator('[data-field="Action.Username"]').textContent()) ?? '').trim();
  expect(username).toMatch(/^[a-z0-9.-]+$/);
  return { dialog, username };
}

/** Signs in with a password that must be replaced: the "choose a new password" screen opens instead of the app. */
async function signInToGate(page: Page, username: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
}

/** The gate: the [M5.1] rules with live [M3.7] state, errors on blur, then the app opens. */
async function chooseOwnPassword(page: Page, username: string) {
  await expect(page.getByRole('tree', { name: 'Account tree' })).toHaveCount(0);
  await expect(page.getByLabel('Username', { exact: true })).toHaveValue(username);
  const password = page.getByRole('textbox', { name: 'New password', exact: true });
  const confirm = page.getByRole('textbox', { name: 'Confirm new password' });
  const cont = page.getByRole('button', { name: 'Continue' });
  await password.fill(`${username}A1!`);
  await password.blur();
  await expect(page.getByText('Password does not meet all requirements')).toBeVisible();
  await expect(page.getByTestId('rule-containsUsername')).toHaveAttribute('data-met', 'false');
  await expect(confirm).toBeDisabled();
  await expect(cont).toBeDisabled();
  await checkAccessible(page);
  await shot(page, 'initial-password-gate');
  const own = unique();
  await password.fill(own);
  await expect(page.getByTestId('rule-containsUsername')).toHaveAttribute('data-met', 'true');
  await confirm.fill(`${own}x`);
  await confirm.blur();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await expect(cont).toBeDisabled();
  await confirm.fill(own);
  await cont.click();
  await expect(page.getByTestId('current-user')).toBeVisible();
  return own;
}

test.describe('reset password custom action', () => {
  test('[A2.7] [A2.38] [A4.12] [A5.5] [M3.7] [M5.1] sets a new password with live rules; the user chooses their own at the next sign-in', async ({
    page,
  }) => {
    // Two sign-ins and two password screens: more steps than the default timeout allows on a busy machine.
    test.slow();
    await signIn(page, 'summitpeak.admin');
    await openCompanyUser(page, 'Oakridge Accounting');
    const { dialog, username } = await openResetPassword(page);
    await expect(dialog.getByRole('textbox', { name: 'How to reset' })).toHaveValue('E-mail a password reset link to the user');
    await expect(dialog.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
    await checkAccessible(page);

    await dialog.getByRole('textbox', { name: 'How to reset' }).click();
    await page.getByRole('option', { name: 'Set a new password now' }).click();
    const password = dialog.getByRole('textbox', { name: 'New password', exact: true });
    const confirm = dialog.getByRole('textbox', { name: 'Confirm new password' });
    await password.fill('short');
    await password.blur();
    await expect(dialog.getByText('Password does not meet all requirements')).toBeVisible();
    await expect(dialog.getByTestId('rule-charLength')).toHaveAttribute('data-met', 'false');
    await expect(dialog.getByText("not contain the user's username")).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'reset-password-action');
    // [A5.5] OK is blocked while a field shows an error.
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    const chosen = unique();
    await password.fill(chosen);
    await expect(dialog.getByTestId('rule-charLength')).toHaveAttribute('data-met', 'true');
    await confirm.fill(`${chosen}?`);
    await confirm.blur();
    await expect(dialog.getByText("Passwords don't match")).toBeVisible();
    await confirm.fill(chosen);
    await expect(dialog.getByLabel('Ask the user to choose a new password at the next sign-in')).toBeChecked();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText('The current password stops working and the user is signed out everywhere.')).toBeVisible();
    await checkAccessible(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByText('The new password is set and the user was signed out everywhere')).toBeVisible();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await signInToGate(page, username, chosen);
    await chooseOwnPassword(page, username);
  });

  test('[M2.15] e-mails a reset link from the reset password window; the outbox shows the e-mail without the token', async ({
    page,
  }) => {
    await signIn(page, 'summitpeak.admin');
    const name = await openCompanyUser(page, 'Pinecrest Media');
    const { dialog, username } = await openResetPassword(page);

    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog.getByText(/The user gets an e-mail with a link that works once and for 60 minutes\./)).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(page.getByText('A password reset link was e-mailed to the user')).toBeVisible();
    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    const row = page.getByRole('table', { name: 'Sent e-mails' }).getByRole('row').nth(1);
    await expect(row).toContainText('Reset your password');
    await expect(row).toContainText(name);
    await row.getByRole('link', { name: 'Reset your password' }).click();
    const message = page.getByRole('dialog', { name: 'Reset your password' });
    await expect(message.getByTestId('outbox-message-text')).toContainText(
      `/v/#/reset-password/${username}/[removed: sent only to the recipient]`,
    );
  });

  test('[A6.14] a caller who may not change users gets no reset password action, and the route says why', async ({ page }) => {
    await signIn(page, 'provider.auditor');
    const tree = page.getByRole('tree', { name: 'Account tree' });
    await tree.getByRole('treeitem', { name: /Summit Peak Partners/ }).click();
    await tree.getByRole('treeitem', { name: /Summit Peak Partners/ }).press('ArrowRight');
    await tree.getByRole('treeitem', { name: /Quayside Shipping/ }).click();
    await tree.getByRole('treeitem', { name: /Quayside Shipping/ }).press('ArrowRight');
    const user = tree.locator('[role="treeitem"][aria-level="4"]').filter({ hasText: 'User' }).first();
    await user.click();
    await expect(page).toHaveURL(/#\/Account\/View\/\d+$/);
    const id = /View\/(\d+)$/.exec(page.url())?.[1];
    await expect(page.getByRole('button', { name: 'Actions' })).toHaveCount(0);

    await page.goto(`/#/Account/CustomAction/RESET_PASSWORD/${id}`);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toContainText('You need permission to change user accounts to do this');
    await checkAccessible(page);
  });
});

test.describe('forced password change after first-time credentials', () => {
  test('signing in with e-mailed credentials leads to "choose a new password" before anything else', async ({ page }) => {
    test.slow();
    await signIn(page, 'summitpeak.admin');
    const name = await openCompanyUser(page, 'Riverside Veterinary');
    const since = Date.now();
    await page.getByRole('button', { name: 'Send credentials' }).click();
    await page
      .getByRole('dialog', { name: `Send credentials to ${name}?` })
      .getByRole('button', { name: 'Send credentials' })
      .click();
    await expect(page.getByText('Credentials sent')).toBeVisible();

    await openHeaderMenuItem(page, 'Administration', 'Outbox');
    const row = page.getByRole('table', { name: 'Sent e-mails' }).getByRole('row').nth(1);
    await expect(row).toContainText(name);
    await row.getByRole('link', { name: 'Your sign-in details for the cloud portal' }).click();
    const message = page.getByRole('dialog', { name: 'Your sign-in details for the cloud portal' });
    const text = (await message.getByTestId('outbox-message-text').textContent()) ?? '';
    const username = /Username: (\S+)/.exec(text)?.[1] ?? '';
    // The outbox keeps the e-mail without the password; the user reads it in the e-mail they got.
    expect(text).toContain('First-time password: [removed: sent only to the recipient]');
    const mail = await waitForMail({
      subject: 'Your sign-in details for the cloud portal',
      since,
      containing: `Username: ${username}\n`,
    });
    const password = /First-time password: (\S+)/.exec(mail.text)?.[1] ?? '';
    await message.getByRole('button', { name: 'Close dialog' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();

    await signInToGate(page, username, password);
    // Nothing else is reachable: another route still shows the gate.
    await page.goto('/#/Outbox');
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const own = await chooseOwnPassword(page, username);
    await expect(page.getByTestId('current-user')).toHaveText(name);

    // The new password is the user's from now on; the gate does not come back.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();
    await signIn(page, username, own);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toHaveCount(0);
  });

  test('Sign out leaves the "choose a new password" screen', async ({ page }) => {
    test.slow();
    await signIn(page, 'summitpeak.admin');
    await openCompanyUser(page, 'Silverline Consulting');
    const { dialog, username } = await openResetPassword(page);
    await dialog.getByRole('textbox', { name: 'How to reset' }).click();
    await page.getByRole('option', { name: 'Set a new password now' }).click();
    const chosen = unique();
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill(chosen);
    await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill(chosen);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('The new password is set and the user was signed out everywhere')).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Username')).toBeVisible();

    await signInToGate(page, username, chosen);
    await page.getByRole('button', { name: 'Sign out' }).click();

    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });
});
