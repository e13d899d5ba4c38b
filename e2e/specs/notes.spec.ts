import { expect, type Page } from '@playwright/test';
import { expectAccessible, signIn } from '../fixtures/portal';
import { test } from '../fixtures/test';

const tree = (page: Page) => page.getByRole('tree', { name: 'Account tree' });

async function openAccount(page: Page, name: string) {
  await tree(page)
    .getByRole('treeitem', { name: new RegExp(name) })
    .click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

async function openNotes(page: Page, company: string) {
  await openAccount(page, company);
  await page.getByRole('tab', { name: 'Notes' }).click();
  await expect(page).toHaveURL(/\/Notes$/);
  await expect(page.getByRole('heading', { name: 'Recent notes' })).toBeVisible();
}

const notes = (page: Page) => page.getByRole('article');
const noteInput = (page: Page) => page.getByRole('textbox', { name: 'New note' });
const counter = (page: Page) => page.getByRole('form', { name: 'Add a note' }).getByTestId('note-counter');

test.describe('notes tab', () => {
  test("[A2.50] [A3.4] explains who sees notes and lists the organisation's notes newest first", async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openNotes(page, 'Brightwater Dental');

    await expect(page.getByText('Who can see notes')).toBeVisible();
    await expect(
      page.getByText(
        'Notes are visible only to you and the other users of Blue Harbor IT. Brightwater Dental cannot see notes about itself.',
      ),
    ).toBeVisible();
    await expect(page.getByText('Only the author of a note can edit or delete it.')).toBeVisible();
    // The provider's note about the same company belongs to the provider: not shown here.
    await expect(notes(page)).toHaveCount(3);
    await expect(page.getByText('Reviewed by the provider risk desk')).toHaveCount(0);
    await expect(notes(page).nth(0)).toContainText('Two invoices were paid late this quarter');
    await expect(notes(page).nth(1)).toContainText('Opening a third practice in Delft');
    await expect(notes(page).nth(1).getByTestId('note-edited')).toHaveText(/^edited \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    await expect(notes(page).nth(0).getByTestId('note-edited')).toHaveCount(0);
    await expect(notes(page).nth(2)).toContainText('Decision maker is the practice manager');
    await expect(page.getByText('3 notes')).toBeVisible();
    const author = notes(page).nth(0).getByRole('link');
    await expect(author).toHaveAttribute('href', /^#\/Account\/View\/\d+$/);
    await expectAccessible(page);

    const authorName = (await author.textContent()) ?? '';
    await author.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(authorName);
  });

  test('[A2.50] shows the empty message for an account without notes', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openNotes(page, 'Harborview Clinic');

    await expect(page.getByText('There are no notes for this account.')).toBeVisible();
    await expect(notes(page)).toHaveCount(0);
    await expect(counter(page)).toHaveText('0 / 1000 characters (a line break counts as two)');
    await expectAccessible(page);
  });

  test('[A5.1] counts a line break as two and blocks a note over 1000 characters', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openNotes(page, 'Greenfield Schools');
    const add = page.getByRole('button', { name: 'Add note' });
    await expect(add).toBeDisabled();

    await noteInput(page).click();
    await page.keyboard.type('ab');
    await expect(counter(page)).toHaveText('2 / 1000 characters (a line break counts as two)');
    await page.keyboard.press('Enter');
    await expect(counter(page)).toHaveText('4 / 1000 characters (a line break counts as two)');
    await page.keyboard.type('c');
    await expect(counter(page)).toHaveText('5 / 1000 characters (a line break counts as two)');
    await expect(add).toBeEnabled();

    await noteInput(page).fill(`${'x'.repeat(499)}\n${'y'.repeat(500)}`);
    await expect(counter(page)).toHaveText('1001 / 1000 characters (a line break counts as two)');
    await expect(page.getByText('The note is too long: at most 1000 characters, and a line break counts as two.')).toBeVisible();
    await expect(add).toBeDisabled();
    await expect(noteInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);

    await noteInput(page).fill(`${'x'.repeat(499)}\n${'y'.repeat(499)}`);
    await expect(counter(page)).toHaveText('1000 / 1000 characters (a line break counts as two)');
    await expect(add).toBeEnabled();
    await add.click();
    await expect(page.getByText('Note added')).toBeVisible();
    await expect(notes(page)).toHaveCount(1);
    await expect(noteInput(page)).toHaveValue('');
  });

  test('[A4.6] [A3.4] [A6.19] adds, edits with update and cancel, and deletes after a yes/no confirmation', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openNotes(page, 'Fjord Maritime');
    await expect(page.getByText('There are no notes for this account.')).toBeVisible();

    // Hold the request so the saving overlay can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/op/AddAccountNote', async (route) => {
      await held;
      await route.continue();
    });
    await noteInput(page).fill('Fleet renewal planned for Q3.\nAsk about the satellite links.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saving…' })).toBeAttached();
    await expect(noteInput(page)).toBeDisabled();
    release();
    await expect(page.getByText('Note added')).toBeVisible();
    await page.unroute('**/api/op/AddAccountNote');

    const note = notes(page).first();
    await expect(note.getByTestId('note-text')).toHaveText('Fleet renewal planned for Q3.\nAsk about the satellite links.');
    await expect(note.getByTestId('note-edited')).toHaveCount(0);

    await note.getByRole('button', { name: 'Edit' }).click();
    const editor = note.getByRole('textbox', { name: 'Note' });
    await expect(editor).toBeFocused();
    await expect(note.getByRole('button', { name: 'Update' })).toBeDisabled();
    await editor.fill('Something else');
    await note.getByRole('button', { name: 'Cancel' }).click();
    await expect(note.getByTestId('note-text')).toHaveText('Fleet renewal planned for Q3.\nAsk about the satellite links.');
    await expect(note.getByRole('button', { name: 'Edit' })).toBeFocused();

    await note.getByRole('button', { name: 'Edit' }).click();
    await editor.fill('Fleet renewal moved to Q4.');
    await expectAccessible(page);
    await note.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Note saved')).toBeVisible();
    await expect(note.getByTestId('note-text')).toHaveText('Fleet renewal moved to Q4.');
    await expect(note.getByTestId('note-edited')).toBeVisible();

    await note.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this note?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'No' }).click();
    await expect(dialog).toBeHidden();
    await expect(notes(page)).toHaveCount(1);

    await note.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Note deleted')).toBeVisible();
    await expect(page.getByText('There are no notes for this account.')).toBeVisible();
    await expect(notes(page)).toHaveCount(0);
  });

  test('pages the notes ten at a time, newest first, and steps back when a page empties', async ({ page }) => {
    await signIn(page, 'blueharbor.admin');
    await openNotes(page, 'Evergreen Bakeries');
    const accountId = Number(/View\/(\d+)\//.exec(page.url())?.[1]);
    for (let i = 1; i <= 11; i++) {
      const res = await page.request.post('/api/op/AddAccountNote', { data: { accountId, text: `Visit ${i}` } });
      expect(res.status()).toBe(200);
    }
    await page.reload();

    await expect(notes(page)).toHaveCount(10);
    await expect(notes(page).first().getByTestId('note-text')).toHaveText('Visit 11');
    const pager = page.getByRole('navigation', { name: 'Notes pages' });
    await expect(pager).toContainText('Page 1 of 2');
    await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expectAccessible(page);
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Page 2 of 2');
    await expect(notes(page)).toHaveCount(1);
    await expect(notes(page).first().getByTestId('note-text')).toHaveText('Visit 1');

    await notes(page).first().getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this note?' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('Note deleted')).toBeVisible();
    await expect(notes(page)).toHaveCount(10);
    await expect(page.getByRole('navigation', { name: 'Notes pages' })).toHaveCount(0);
    await expect(page.getByText('10 notes')).toBeVisible();
  });

  test('[A6.19] a colleague sees a note without being able to edit or delete it', async ({ page }) => {
    await signIn(page, 'blueharbor.sales');
    await openNotes(page, 'Brightwater Dental');

    const byAdmin = notes(page).filter({ hasText: 'Two invoices were paid late this quarter' });
    const own = notes(page).filter({ hasText: 'Opening a third practice in Delft' });
    await expect(byAdmin).toHaveCount(1);
    await expect(byAdmin.getByRole('button')).toHaveCount(0);
    await expect(own.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(own.getByRole('button', { name: 'Delete' })).toBeVisible();
    await expectAccessible(page);

    const noteId = await page.evaluate(
      async (accountId) => {
        const res = await fetch('/api/op/GetAccountNotes', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ accountId }),
        });
        const body = (await res.json()) as { Items: { Id: string; Note: string }[] };
        return body.Items.find((n) => n.Note.startsWith('Two invoices'))?.Id;
      },
      Number(/View\/(\d+)\//.exec(page.url())?.[1]),
    );
    const edit = await page.request.post('/api/op/UpdateAccountNote', { data: { id: noteId, text: 'Overwritten', version: 1 } });
    expect(edit.status()).toBe(403);
    const del = await page.request.post('/api/op/DeleteAccountNote', { data: { id: noteId } });
    expect(del.status()).toBe(403);
  });

  test("[A2.50] the provider sees only its own notes about a reseller's customer", async ({ page }) => {
    await signIn(page, 'provider.admin');
    await tree(page)
      .getByRole('treeitem', { name: /Blue Harbor IT/ })
      .click();
    await tree(page)
      .getByRole('treeitem', { name: /Blue Harbor IT/ })
      .press('ArrowRight');
    await openNotes(page, 'Brightwater Dental');

    await expect(page.getByText(/other users of Northwind Cloud\./)).toBeVisible();
    await expect(notes(page)).toHaveCount(1);
    await expect(notes(page).first()).toContainText('Reviewed by the provider risk desk: no action needed.');
  });

  test('[A6.15] a user without ACCOUNT_NOTES_READ gets no Notes tab', async ({ page }) => {
    await signIn(page, 'blueharbor.finance');
    await openAccount(page, 'Brightwater Dental');

    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notes' })).toHaveCount(0);
    const accountId = Number(/View\/(\d+)/.exec(page.url())?.[1]);
    const res = await page.request.post('/api/op/GetAccountNotes', { data: { accountId } });
    expect(res.status()).toBe(403);
    await expectAccessible(page);
  });

  test("[A2.27] the Notes tab is absent on the viewer's own company", async ({ page }) => {
    await signIn(page, 'blueharbor.admin');

    await expect(page.getByRole('heading', { level: 1, name: 'Blue Harbor IT' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'General' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Notes' })).toHaveCount(0);
  });
});
