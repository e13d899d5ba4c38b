import { expect, type Page, request } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, openUserMenuItem, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

async function submitSignIn(page: Page, username: string) {
  await page.goto('/#/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe
  .serial('platform terms', () => {
    test('[M7.19] [M8.12] the viewer of confirmed terms says when there are none', async ({ page, baseURL }) => {
      // acme.newhire has accepted nothing yet; an impersonator sees the user's (empty) list without the terms screen.
      // The new hire's account id, from a sign-in of its own (other specs may rename demo users).
      const own = await request.newContext({ baseURL });
      const newHire = await own
        .post('/api/op/Authenticate', { data: { Username: 'acme.newhire', Password: DEMO_PASSWORD } })
        .then((r) => r.json());
      await own.dispose();
      await signIn(page, 'blueharbor.admin');
      await page.goto(`/#/Account/View/${newHire.User.AccountId}`);
      await page.getByRole('button', { name: 'Impersonate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Impersonate' }).click();
      await expect(page.getByTestId('impersonation-banner')).toBeVisible();

      await openUserMenuItem(page, 'Terms and privacy');

      await expect(page.getByRole('heading', { level: 1, name: 'Confirmed terms and privacy policy' })).toBeVisible();
      await expect(page.getByText('No confirmed terms found')).toBeVisible();
      await expect(page.getByText('No privacy policy found')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: /^Return to/ }).click();
      await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
    });

    test('[M2.16] [M4.12] [M1.4] a new user declines (signed out), then accepts one term at a time', async ({ page }) => {
      await submitSignIn(page, 'acme.newhire');

      await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
      await expect(page.getByTestId('terms-progress')).toHaveText('1 of 2');
      await expect(page.getByTestId('scroll-hint')).toHaveText('Scroll down to read the whole text.');
      const ok = page.getByRole('button', { name: 'OK' });
      await expect(ok).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Decline' })).toBeEnabled();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Decline' }).click();

      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page).toHaveURL(/#\/login/);
      expect((await page.request.post('/api/op/GetCurrentUser', { data: {} })).status()).toBe(401);

      await submitSignIn(page, 'acme.newhire');
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
      // The body scrolls with the keyboard too.
      await page.getByLabel('Text of Terms of use').focus();
      await page.keyboard.press('End');
      await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
      await page.getByLabel('I have read and agree to the Terms of use').check();
      await expect(ok).toBeEnabled();
      await ok.click();

      await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      await expect(page.getByTestId('terms-progress')).toHaveText('2 of 2');
      await expect(page.getByRole('button', { name: 'OK' })).toBeDisabled();
      await page.getByLabel('I have read and agree to the Privacy policy').check();
      await page.getByRole('button', { name: 'OK' }).click();

      await expect(page.getByTestId('current-user')).toBeVisible();
      await openUserMenuItem(page, 'Terms and privacy');
      await expect(page.getByRole('button', { name: /Terms of use/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /Privacy policy/ })).toBeVisible();
      await expect(page.getByText('No confirmed terms found')).toHaveCount(0);
      await expectAccessible(page);
    });

    test('[M4.12] a user who accepted the current terms goes straight to the portal', async ({ page }) => {
      await signIn(page, 'acme.newhire');

      await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    });

    test('[M2.16] [M4.12] the provider publishes a minor revision, which asks nobody again', async ({ page }) => {
      await signIn(page, 'provider.admin');
      const me = await page.request.post('/api/op/GetCurrentUser', { data: {} }).then((r) => r.json());
      await page.goto(`/#/Account/View/${me.CompanyAccountId}/Security`);
      const table = page.getByRole('table', { name: 'Platform terms and privacy policy' });
      const row = table.getByRole('row', { name: /Terms of use/ });
      await expect(row).toContainText('1 (major)');
      await expectAccessible(page);

      await row.getByRole('button', { name: 'Publish new revision' }).click();
      const dialog = page.getByRole('dialog', { name: 'New revision of Terms of use' });
      await dialog.getByLabel('Text').fill('These terms govern your use of the Northwind Cloud portal (typo fixed).');
      await expect(dialog.getByLabel('Major revision: every user must accept it again')).not.toBeChecked();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Publish new revision' }).click();

      await expect(page.getByText('A new revision of Terms of use is published')).toBeVisible();
      await expect(row).toContainText('2 (minor)');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await signIn(page, 'acme.newhire');
      await expect(page.getByRole('heading', { level: 1, name: 'Acme Logistics' })).toBeVisible();
    });
  });
