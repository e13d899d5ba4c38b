import { expect, type Page } from '@playwright/test';
import { checkAccessible, shot, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

/**
 * [A2.31] The account page's breadcrumbs on a deep hierarchy of long names (decision 0072): on a phone one line, the
 * middle ancestors behind a "…" menu; on a desktop every ancestor. The accounts are made through the API under a
 * company of Cedar Ridge, so the demo other specs rely on stays as it is.
 */

const unique = () => Date.now().toString(36);

async function api<T>(page: Page, operation: string, data: object): Promise<T> {
  const res = await page.request.post(`/api/op/${operation}`, { data });
  expect(res.status(), `${operation}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

/** A company of the signed-in reseller with three departments one inside the other, all with long names. */
async function deepHierarchy(page: Page) {
  const id = unique();
  const names = [
    `Northwind Traders International Holdings ${id}`,
    `Procurement and Vendor Management Division ${id}`,
    `Regional Purchasing for Europe and Middle East ${id}`,
    `Cloud Software Licensing and Renewals Team ${id}`,
  ];
  const parents = await api<{ Items: { AccountId: number }[] }>(page, 'GetAvailableCreateParents', { accountType: 'Company' });
  let parentId = parents.Items[0]?.AccountId;
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const created = await api<{ AccountId: number }>(page, 'CreateAccount', {
      accountType: i === 0 ? 'Company' : 'Department',
      parentId,
      views:
        i === 0
          ? { Default: { Values: { DisplayName: name } }, Company: { Values: { Currency: 'USD' } } }
          : { Default: { Values: { DisplayName: name } } },
    });
    parentId = created.AccountId;
    ids.push(created.AccountId);
  }
  return { names, ids };
}

test.describe('account breadcrumbs', () => {
  test('[A2.31] on a phone a deep hierarchy of long names keeps one line: the middle ancestors are in a "…" menu that the keyboard opens', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    const { names, ids } = await deepHierarchy(page);
    const [company, division, region, team] = names as [string, string, string, string];
    await page.setViewportSize({ width: 390, height: 844 });

    await page.goto(`/#/Account/View/${ids[3]}`);

    await expect(page.getByRole('heading', { level: 1, name: team })).toBeVisible();
    const crumbs = page.getByRole('navigation', { name: 'Account hierarchy' });
    // The first ancestor, the "…" menu, the parent and the current account, on one line within the screen.
    const first = crumbs.getByRole('link').first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('title', /.+/);
    const more = crumbs.getByRole('button', { name: /^Show \d+ more accounts of the hierarchy$/ });
    await expect(more).toBeVisible();
    await expect(crumbs.getByRole('link', { name: region })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: region })).toHaveAttribute('title', region);
    await expect(crumbs.getByRole('link', { name: company })).toHaveCount(0);
    await expect(crumbs.getByRole('link', { name: division })).toHaveCount(0);
    const current = crumbs.locator('[aria-current="page"]');
    await expect(current).toHaveText(team);
    await expect(current).toHaveAttribute('title', team);
    const box = await crumbs.boundingBox();
    expect(box?.height ?? 0, 'the breadcrumbs take one line').toBeLessThanOrEqual(32);
    expect(box ? box.x + box.width : 0).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAccessible(page);
    await shot(page, 'account-breadcrumbs-phone');

    // The keyboard opens the menu of the hidden ancestors, with their whole names, and opens one of them.
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: company })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: division })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: region })).toHaveCount(0);
    await checkAccessible(page);
    await shot(page, 'account-breadcrumbs-phone-menu');
    await menu.getByRole('menuitem', { name: division }).focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`#/Account/View/${ids[1]}$`));
    await expect(page.getByRole('heading', { level: 1, name: division })).toBeVisible();
  });

  test('[A2.31] on a desktop every ancestor of a deep hierarchy is a link, long names cut with their whole name in the title', async ({
    page,
  }) => {
    await signIn(page, 'cedarridge.admin');
    const { names, ids } = await deepHierarchy(page);

    await page.goto(`/#/Account/View/${ids[3]}`);

    const crumbs = page.getByRole('navigation', { name: 'Account hierarchy' });
    for (const name of names.slice(0, 3)) {
      await expect(crumbs.getByRole('link', { name })).toBeVisible();
      await expect(crumbs.getByRole('link', { name })).toHaveAttribute('title', name);
    }
    await expect(crumbs.getByRole('button', { name: /more accounts of the hierarchy/ })).toBeHidden();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(names[3] as string);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    await checkAccessible(page);
    await shot(page, 'account-breadcrumbs-desktop');
  });
});
