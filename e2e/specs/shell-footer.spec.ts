import { expect, type Page } from '@playwright/test';
import { checkAccessible, DEMO_PASSWORD, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * The footer (decision 0052): the New menu [M2.57] gated per create right [M6.12], the support panel [M2.58] from
 * GetSupportDetails [M7.20] (SUPPORT_CONTACT_DETAILS_READ, the support link with WIKI_READ [M6.13]) and the chat
 * assistant [M2.59] (CHAT_BOT_READ). Demo data: the provider and Blue Harbor IT have support details; this spec
 * changes none of them.
 */

const footer = (page: Page) => page.locator('footer');

async function newMenuEntries(page: Page) {
  await footer(page).getByRole('button', { name: 'New' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu.getByRole('menuitem').allTextContents();
}

test.describe('footer New menu', () => {
  test("[M2.57] [M6.12] a reseller's administrator gets every entry, in the spec's order", async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await checkAccessible(page);

    const entries = await newMenuEntries(page);

    expect(entries).toEqual(['Service', 'User', 'Import accounts', 'Department', 'Company', 'Reseller']);
    // With the menu open too: it holds menu items only.
    await checkAccessible(page);
    await shot(page, 'footer-new-menu');
  });

  test('[M6.12] a company administrator gets no Reseller entry, and User opens the creation wizard under the company', async ({
    page,
  }) => {
    await signIn(page, 'acme.admin');
    const companyUrl = page.url();

    const entries = await newMenuEntries(page);
    await page.getByRole('menuitem', { name: 'User' }).click();

    expect(entries).toEqual(['Service', 'User', 'Import accounts', 'Department', 'Company']);
    const companyId = /#\/Account\/View\/(\d+)/.exec(companyUrl)?.[1];
    await expect(page).toHaveURL(new RegExp(`#/Account/Create\\?accountType=User&parentId=${companyId}$`));
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('[M2.57] the New menu works from the keyboard and Import accounts opens the import wizard', async ({ page }) => {
    await signIn(page, 'acme.admin');

    await footer(page).getByRole('button', { name: 'New' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Import accounts' }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/#\/Account\/Create\?parentId=\d+$/);
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('[M6.12] a company user without any create right has no New button', async ({ page }) => {
    await signIn(page, 'acme.jdoe');

    await expect(footer(page).getByRole('button', { name: 'Support' })).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'New' })).toHaveCount(0);
  });
});

test.describe('support panel', () => {
  test("[M2.58] [M6.13] a company user below Blue Harbor IT sees the reseller's support contact, support link and Imprint", async ({
    page,
  }) => {
    await signIn(page, 'acme.jdoe');

    await footer(page).getByRole('button', { name: 'Support' }).click();
    const panel = page.getByRole('dialog', { name: /Do you need help/ });

    await expect(panel).toBeVisible();
    await expect(panel.getByText('Contact our local support')).toBeVisible();
    await expect(panel.getByText('Support is provided by Blue Harbor IT.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'helpdesk@blueharbor.example' })).toHaveAttribute(
      'href',
      'mailto:helpdesk@blueharbor.example',
    );
    await expect(panel.getByRole('link', { name: '+31 10 444 2200' })).toBeVisible();
    await expect(panel.getByText('Monday to Friday, 07:30-19:00 CET')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Blue Harbor support site' })).toHaveAttribute(
      'href',
      'https://support.blueharbor.example/',
    );
    await expect(panel.getByRole('link', { name: 'Imprint' })).toHaveAttribute('href', 'https://blueharbor.example/imprint');
    await expect(panel.getByRole('link', { name: /Edit your organisation/ })).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'footer-support-panel');
  });

  test('[M6.13] a user without SUPPORT_CONTACT_DETAILS_READ and CHAT_BOT_READ gets neither Support nor Chat', async ({
    page,
  }) => {
    await signIn(page, 'provider.auditor');

    await expect(footer(page).getByText('Northwind Cloud portal')).toBeVisible();
    await expect(footer(page).getByRole('button', { name: 'Support' })).toHaveCount(0);
    await expect(footer(page).getByRole('button', { name: 'Chat' })).toHaveCount(0);
  });

  test("a reseller's administrator opens its support details from the panel; a wrong e-mail is refused naming the field", async ({
    page,
  }) => {
    await signIn(page, 'blueharbor.admin');
    await footer(page).getByRole('button', { name: 'Support' }).click();

    await page.getByRole('link', { name: "Edit your organisation's support details" }).click();
    await expect(page.getByRole('heading', { name: 'Support details', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Support e-mail')).toHaveValue('helpdesk@blueharbor.example');
    await page.getByLabel('Billing e-mail').fill('billing at blueharbor');
    await page.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByText('Enter one e-mail address, like support@example.com')).toBeVisible();
    await expect(page.getByLabel('Billing e-mail')).toHaveAttribute('aria-invalid', 'true');
    await checkAccessible(page);
    await shot(page, 'support-details-edit');
  });
});

test.describe('chat assistant', () => {
  test('[M2.59] greets, answers a question with a help article and hands the conversation over to a person', async ({
    page,
    playwright,
    baseURL,
  }) => {
    await signIn(page, 'acme.jdoe');

    await footer(page).getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat assistant' });
    await expect(chat.getByText(/I am the portal's assistant/)).toBeVisible();
    await chat.getByLabel('Your question').fill('How do I assign a price list to my customers?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await expect(chat.getByText('Price lists (marketplaces)', { exact: true })).toBeVisible();
    await expect(chat.getByRole('link', { name: 'Go to Price lists (marketplaces)' })).toHaveAttribute('href', '#/pricelists');
    await checkAccessible(page);
    await shot(page, 'footer-chat-answer');
    await chat.getByRole('button', { name: 'Talk to a person' }).click();

    await expect(chat.getByText(/e-mailed to Blue Harbor IT support at helpdesk@blueharbor\.example/)).toBeVisible();
    const api = await playwright.request.newContext({ baseURL: baseURL as string });
    try {
      await api.post('/api/op/Authenticate', { data: { Username: 'blueharbor.admin', Password: DEMO_PASSWORD } });
      const outbox = await (await api.post('/api/op/ListOutboxMessages', { data: { search: 'Chat hand-over' } })).json();
      expect(JSON.stringify(outbox)).toContain('helpdesk@blueharbor.example');
    } finally {
      await api.dispose();
    }
  });

  test('[M2.59] asking for a human hands over at once', async ({ page }) => {
    await signIn(page, 'acme.jdoe');
    await footer(page).getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat assistant' });

    await chat.getByLabel('Your question').fill('Can I talk to a human?');
    await chat.getByRole('button', { name: 'Send' }).click();

    await expect(chat.getByText('I will hand this conversation over to a person.')).toBeVisible();
    await expect(chat.getByText(/e-mailed to Blue Harbor IT support/)).toBeVisible();
  });
});

test.describe('footer on a phone', () => {
  test('[M2.58] at 390x844 the footer fits, its buttons are named for screen readers and the support panel opens', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'acme.admin');

    for (const name of ['New', 'Support', 'Chat']) {
      const box = await footer(page).getByRole('button', { name }).boundingBox();
      expect(box, name).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // One line: the API reference link stays inside the footer's 36 px.
    const bar = await footer(page).boundingBox();
    const api = await footer(page).getByRole('link', { name: 'API reference' }).boundingBox();
    expect((api?.y ?? 0) + (api?.height ?? 0)).toBeLessThanOrEqual((bar?.y ?? 0) + (bar?.height ?? 0) + 1);
    await shot(page, 'footer-phone');
    await footer(page).getByRole('button', { name: 'Support' }).click();
    await expect(page.getByRole('dialog', { name: /Do you need help/ })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'footer-phone-support');
  });

  test('[M2.59] at 390x844 the chat answers', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'acme.jdoe');

    await footer(page).getByRole('button', { name: 'Chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Chat assistant' });
    await chat.getByLabel('Your question').fill('orders under review');
    await chat.getByRole('button', { name: 'Send' }).click();

    await expect(chat.getByText('Orders under review and approving them', { exact: true })).toBeVisible();
    await checkAccessible(page);
    await shot(page, 'footer-phone-chat');
  });
});
