import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8104';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
async function signIn(u) {
  await page.goto(base + '/#/login');
  await page.getByLabel('Username').fill(u);
  await page.getByLabel('Password', { exact: true }).fill('Portal-demo-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
}
const step = process.argv[2];
if (step === 'terms') {
  await signIn('acme.newhire');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/access-shots/terms.png' });
}
if (step === 'imp') {
  await signIn('blueharbor.admin');
  await page.waitForTimeout(1500);
  await page.goto(base + '/#/Account/View/' + process.argv[3]);
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/access-shots/user-page.png' });
  await page.getByRole('button', { name: 'Impersonate' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/access-shots/imp-confirm.png' });
  await page.getByRole('dialog').getByRole('button', { name: 'Impersonate' }).click();
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/access-shots/impersonating.png' });
}
if (step === 'sec') {
  await signIn('blueharbor.admin');
  await page.waitForTimeout(1500);
  await page.goto(base + '/#/Account/View/' + process.argv[3] + '/Security');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/access-shots/security.png', fullPage: true });
  await page.goto(base + '/#/Account/View/' + process.argv[4] + '/User_security');
  await page.waitForTimeout(2000);
  await page.screenshot({ path: '/tmp/access-shots/user-security.png', fullPage: true });
}
if (step === 'redirect') {
  await page.goto(base + '/#/Redirect/evil.example/x');
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/access-shots/redirect-bad.png' });
  await page.goto(base + '/#/Redirect/support/contact');
  await page.waitForTimeout(500);
  await page.screenshot({ path: '/tmp/access-shots/redirect-ok.png' });
}
await browser.close();
