import { type Browser, expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, expectAccessible, openUserMenuItem, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/** The code an authenticator app shows for this secret, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + steps * 30_000 });

async function findAccount(page: Page, text: string, type: string, parent?: string): Promise<number> {
  const body = await page.request.post('/api/op/SearchAccounts', { data: { text, types: [type] } }).then((r) => r.json());
  const item = body.Items.find((i: { ParentDisplayName: string }) => !parent || i.ParentDisplayName === parent);
  return item.AccountId;
}

async function newSignedInPage(browser: Browser, username: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, username);
  return page;
}

test.describe('security tabs', () => {
  test('[A2.19] [M9.4] a reseller administrator sets a company password policy and requires a second sign-in step', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    const company = await findAccount(page, 'Ironclad', 'Company');
    await page.goto(`/#/Account/View/${company}/Security`);

    await expect(page.getByRole('heading', { name: 'Password and sign-in policy' })).toBeVisible();
    await expect(page.getByLabel('Minimum password length')).toHaveValue('12');
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await expectAccessible(page);

    await page.getByLabel('Minimum password length').fill('8');
    await page.getByLabel('Symbol').check();
    await page.getByRole('switch', { name: 'Passwords expire' }).check({ force: true });
    await page.getByLabel('Days until expiry').fill('60');
    await page.getByRole('switch', { name: /Require a second sign-in step/ }).check({ force: true });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('At least 12', { exact: true })).toBeVisible();

    await page.getByLabel('Minimum password length').fill('14');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Security settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Minimum password length')).toHaveValue('14');
    await expect(page.getByLabel('Symbol')).toBeChecked();
    await expect(page.getByLabel('Days until expiry')).toHaveValue('60');
    await expect(page.getByRole('switch', { name: /Require a second sign-in step/ })).toBeChecked();
    await expectAccessible(page);
  });

  test('[A2.19] [A2.20] a company user without SECURITY_MANAGEMENT_READ gets no Security tab, but its own User security tab', async ({
    page,
  }) => {
    await signIn(page, 'acme.jdoe');

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveCount(0);
    await openUserMenuItem(page, 'My security');
    await expect(page).toHaveURL(/\/User_security$/);
    await expect(page.getByRole('tab', { name: 'User security', selected: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  });

  test('[A2.5] [A2.20] sets up an authenticator app with a QR code, then signs in with a code and a recovery code', async ({
    page,
  }) => {
    await signIn(page, 'acme.itadmin');
    await openUserMenuItem(page, 'My security');
    await expect(page).toHaveURL(/#\/Account\/View\/\d+\/User_security$/);
    await expect(page.getByTestId('mfa-status')).toHaveText('Not set up');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('mfa-secret').textContent()) ?? '';
    await page.getByLabel('6-digit code').fill('000000' === codeFor(secret) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('The code is not valid. Check the time on your device and try again.')).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('6-digit code').fill(codeFor(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent()) ?? '';
    await expectAccessible(page);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('mfa-status')).toHaveText('Turned on');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('acme.itadmin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
    await expectAccessible(page);
    // The enrolment used this period's code; a code works once, so sign in with the next one.
    const signInCode = codeFor(secret, 1);
    await page.getByLabel('6-digit code').fill(signInCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('current-user')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Username').fill('acme.itadmin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    // The code already spent is refused, whatever the clock says now (a later period's code would be valid).
    await page.getByLabel('Recovery code').fill(signInCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The code is not valid')).toBeVisible();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('current-user')).toBeVisible();
  });

  test('[A2.20] ends another session of your own from the sessions list', async ({ page, browser }) => {
    const other = await newSignedInPage(browser, 'cedarridge.sales');
    await signIn(page, 'cedarridge.sales');
    await openUserMenuItem(page, 'My security');

    const sessions = page.getByRole('table', { name: 'Active sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await expect(sessions.getByText('This session')).toBeVisible();
    await sessions.getByRole('button', { name: 'End session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'End this session?' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'End session' }).click();

    await expect(page.getByText('Session ended')).toBeVisible();
    await expect(sessions.getByRole('row')).toHaveCount(2);
    await other.reload();
    await expect(other.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await other.context().close();
  });
});
