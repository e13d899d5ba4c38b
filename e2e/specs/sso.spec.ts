import { expect, type Page } from '@playwright/test';
import { startTestIdentityProvider, type TestIdentityProvider } from '../../apps/server/test/factories/oidc-provider';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const port = Number(process.env.E2E_PORT ?? 8091);
/** The portal's PUBLIC_URL (its default): the identity provider sends the browser back to its Security entry page. */
const portal = `http://localhost:${port}`;

let idp: TestIdentityProvider;

test.beforeAll(async () => {
  idp = await startTestIdentityProvider({ redirectUri: `${portal}/v/` });
});
test.afterAll(async () => {
  await idp?.close();
});

async function findAccount(page: Page, text: string, type: string, base = ''): Promise<number> {
  const body = await page.request.post(`${base}/api/op/SearchAccounts`, { data: { text, types: [type] } }).then((r) => r.json());
  return body.Items[0].AccountId;
}

test.describe('single sign-on', () => {
  test('[A2.19] [M2.14] an administrator sets up an identity provider; a user signs in through it and lands where they were going', async ({
    page,
  }) => {
    const name = `Acme login ${Date.now().toString(36)}`;
    await page.goto(`${portal}/#/login`);
    await signInAt(page, 'acme.admin');
    const acme = await findAccount(page, 'Acme Logistics', 'Company', portal);
    await page.goto(`${portal}/#/Account/View/${acme}/Security`);

    const section = page.getByRole('region', { name: 'Single sign-on' });
    await expect(section.getByText(`${portal}/v/`)).toBeVisible();
    await expectAccessible(page);
    await section.getByRole('button', { name: 'Add identity provider' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add identity provider' });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await dialog.getByLabel('Issuer URL').fill('http://idp.example.com');
    await dialog.getByLabel('Client id').fill(idp.clientId);
    await dialog.getByLabel('Client secret').fill(idp.clientSecret);
    await dialog.getByLabel('Claim that holds the portal username').fill('preferred_username');
    await dialog.getByRole('textbox', { name: 'Usernames', exact: true }).fill('acme.jdoe');
    await dialog.getByRole('textbox', { name: 'Usernames', exact: true }).press('Enter');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(
      dialog.getByText('Enter the issuer address, e.g. https://login.example.com (http only on this machine)'),
    ).toBeVisible();
    await dialog.getByLabel('Issuer URL').fill(idp.issuer);
    await dialog.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText(`Identity provider ${name} saved`)).toBeVisible();
    const row = section.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('acme.jdoe');
    await expect(row).toContainText('On');
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit identity provider' });
    await expect(edit.getByText('Set', { exact: true })).toBeVisible();
    await expect(edit.getByRole('button', { name: 'Replace' })).toBeVisible();
    await expect(edit.getByLabel('Client secret')).toHaveCount(0);
    await expectAccessible(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

    // Going to the company page signed out: sign-in with the redirect parameter, then single sign-on.
    await page.goto(`${portal}/#/Account/View/${acme}`);
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await page.getByRole('button', { name: 'Use single sign-on' }).click();
    await page.getByLabel('Username or e-mail address').fill('acme.jdoe');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    // The identity provider's own login and consent pages.
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('acme.jdoe');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(`${portal}/v/#/Account/View/${acme}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    const me = await page.request.post(`${portal}/api/op/GetCurrentUser`, { data: {} }).then((r) => r.json());
    expect(me.Username).toBe('acme.jdoe');
    await expectAccessible(page);
  });

  test('[M2.14] an answer that is not valid is refused with the way back to sign-in', async ({ page }) => {
    await page.goto(`${portal}/v/?code=not-a-code&state=not-a-state`);

    await expect(page).toHaveURL(`${portal}/v/#/sso-auth/not-a-code/not-a-state`);
    await expect(page.getByRole('alert')).toContainText('This single sign-on answer is not valid. Start signing in again.');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to sign-in' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  });

  test('[M2.14] an error answer of the identity provider comes back to sign-in with its code only', async ({ page }) => {
    await page.goto(`${portal}/v/?error=access_denied&error_description=Call%20this%20number&state=abc`);

    await expect(page).toHaveURL(`${portal}/v/#/login?ssoError=access_denied`);
    await expect(page.getByRole('alert')).toHaveText(
      'Single sign-on did not complete: the identity provider answered "access_denied". Try again, or sign in with your password.',
    );
    await expect(page.getByText('Call this number')).toHaveCount(0);
    await expectAccessible(page);
  });

  test('a user whose organisation has no identity provider is told to use the password', async ({ page }) => {
    await page.goto(`${portal}/#/login`);

    await page.getByRole('button', { name: 'Use single sign-on' }).click();
    await page.getByLabel('Username or e-mail address').fill('cedarridge.admin');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page.getByText('Single sign-on is not set up for this user. Sign in with your password.')).toBeVisible();
    await expectAccessible(page);
  });

  test('[A2.19] a user without SECURITY_MANAGEMENT_READ sees no single sign-on settings', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    const acme = await findAccount(page, 'Acme Logistics', 'Company');

    await page.goto(`/#/Account/View/${acme}/Security`);

    await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Security', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Single sign-on' })).toHaveCount(0);
    const list = await page.request.post('/api/op/ListIdentityProviders', { data: { accountId: acme } });
    expect(list.status()).toBe(403);
  });
});

/** The password sign-in on the page as it is (the portal at localhost, where single sign-on comes back to). */
async function signInAt(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('Portal-demo-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('current-user')).toBeVisible();
}
