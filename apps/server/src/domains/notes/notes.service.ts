import type { AccountNotes, Note } from '@portal/contracts';
import type { Queryable } from '../../platform/db/db.js';
import { isStaleVersion, staleVersion } from '../../platform/errors/stale-version.js';
import type { Caller, LocatedAccount } from '../../platform/operations/types.js';
import { isInScope } from '../../platform/tenancy/scope.js';
import { findOrganisation } from '../accounts/index.js';
import { invalidNote, noteNotFound, notNoteAuthor, notNotesAccount, ownOrganisationNotes } from './notes.errors.js';
import * as repo from './notes.repository.js';
import { checkNote, decideNoteAccount, decideNoteChange, isNoteVisible } from './notes.rules.js';

const scopeOf = (caller: Caller): repo.NotesScope => ({ organisationId: caller.scope.rootId, rootPath: caller.scope.rootPath });

function toNote(caller: Caller, row: repo.NoteRow): Note {
  const isAuthor = row.author_id === caller.userId;
  const authorVisible = row.author_path !== null && isInScope(caller.scope.rootPath, row.author_path);
  return {
    Id: row.id,
    AccountId: row.account_id,
    Note: row.note,
    Author: {
      FirstName: row.author_first_name,
      LastName: row.author_last_name,
      DisplayName: row.author_name ?? `#${row.author_id}`,
      AccountId: authorVisible ? row.author_id : null,
    },
    CreationDate: row.created_at.toISOString(),
    UpdateDate: row.updated_at.toISOString(),
    CanEdit: isAuthor && caller.capabilities.has('ACCOUNT_NOTES_UPDATE'),
    CanDelete: isAuthor && caller.capabilities.has('ACCOUNT_NOTES_DELETE'),
    Version: row.version,
  };
}

function requireNotesAccount(caller: Caller, account: LocatedAccount | null): LocatedAccount {
  if (!account) throw notNotesAccount();
  const decision = decideNoteAccount({
    accountId: account.id,
    accountType: account.type,
    callerOrganisationId: caller.scope.rootId,
  });
  if (!decision.allowed) throw decision.reason === 'own-organisation' ? ownOrganisationNotes() : notNotesAccount();
  return account;
}

/** A note the caller's organisation wrote and may still see, or "Note not found". */
async function getVisibleNote(db: Queryable, caller: Caller, id: string, forUpdate: boolean): Promise<repo.NoteRow> {
  const row = forUpdate ? await repo.findByIdForUpdate(db, scopeOf(caller), id) : await repo.findById(db, scopeOf(caller), id);
  const visible =
    row !== null &&
    isNoteVisible({
      noteOrganisationId: row.organisation_id,
      noteAccountId: row.account_id,
      noteAccountPath: row.account_path,
      callerOrganisationId: caller.scope.rootId,
      callerScopePath: caller.scope.rootPath,
    });
  if (!row || !visible) throw noteNotFound();
  return row;
}

/** [A7.8] GetAccountNotes: a page of the caller's organisation's notes about an account, newest first. */
export async function listNotes(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount | null,
  query: { page: number; pageSize: number },
): Promise<AccountNotes> {
  const account = requireNotesAccount(caller, located);
  const scope = scopeOf(caller);
  const [items, total] = await Promise.all([
    repo.listByAccount(db, scope, account.id, { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }),
    repo.countByAccount(db, scope, account.id),
  ]);
  return {
    AccountId: account.id,
    VisibleTo: { AccountId: caller.scope.rootId, DisplayName: caller.scope.rootDisplayName },
    CanAdd: caller.capabilities.has('ACCOUNT_NOTES_CREATE'),
    Items: items.map((row) => toNote(caller, row)),
    Total: total,
    Page: query.page,
    PageSize: query.pageSize,
  };
}

/** [A7.8] AddAccountNote: check the account and the text [A5.1], write the note in the caller's organisation. */
export async function addNote(
  db: Queryable,
  caller: Caller,
  located: LocatedAccount | null,
  text: string,
  now: Date,
): Promise<Note> {
  const account = requireNotesAccount(caller, located);
  const checked = checkNote(text);
  if (!checked.ok) throw invalidNote(checked.errors);

  const id = await repo.insert(db, {
    accountId: account.id,
    organisationId: caller.scope.rootId,
    authorId: caller.userId,
    note: checked.text,
    createdAt: now,
  });
  const saved = await repo.findById(db, scopeOf(caller), id);
  if (!saved) throw new Error('note vanished after insert');
  return toNote(caller, saved);
}

/** [A7.8] UpdateAccountNote: only the author [A6.19]; the text follows [A5.1]. */
export async function updateNote(
  db: Queryable,
  caller: Caller,
  input: { id: string; text: string; version: number },
  now: Date,
): Promise<{ note: Note; before: string }> {
  const row = await getVisibleNote(db, caller, input.id, true);
  const decision = decideNoteChange({
    hasCapability: caller.capabilities.has('ACCOUNT_NOTES_UPDATE'),
    authorId: row.author_id,
    userId: caller.userId,
  });
  if (!decision.allowed) throw notNoteAuthor();
  if (isStaleVersion({ seen: input.version, current: row.version })) throw staleVersion('note', toNote(caller, row), 'version');
  const checked = checkNote(input.text);
  if (!checked.ok) throw invalidNote(checked.errors);

  await repo.update(db, row.id, checked.text, now);
  const saved = await repo.findById(db, scopeOf(caller), row.id);
  if (!saved) throw new Error('note vanished after update');
  return { note: toNote(caller, saved), before: row.note };
}

/** [A7.8] DeleteAccountNote: only the author [A6.19]. Returns what was deleted, for the audit row. */
export async function deleteNote(
  db: Queryable,
  caller: Caller,
  id: string,
): Promise<{ before: { Id: string; AccountId: number; Note: string } }> {
  const row = await getVisibleNote(db, caller, id, true);
  const decision = decideNoteChange({
    hasCapability: caller.capabilities.has('ACCOUNT_NOTES_DELETE'),
    authorId: row.author_id,
    userId: caller.userId,
  });
  if (!decision.allowed) throw notNoteAuthor();

  await repo.deleteById(db, row.id);
  return { before: { Id: row.id, AccountId: row.account_id, Note: row.note } };
}

const DAY = 24 * 3600 * 1000;

/** A few notes about Blue Harbor IT customers, written inside the demo seed's transaction. */
export async function seedNotesDemo(db: Queryable, now = new Date()): Promise<void> {
  const notes: Record<string, { user: string; note: string; daysAgo: number; editedDaysAgo?: number }[]> = {
    'Brightwater Dental': [
      {
        user: 'blueharbor.admin',
        note: 'Decision maker is the practice manager, Ms Okafor. Prefers e-mail over phone calls.',
        daysAgo: 90,
      },
      {
        user: 'blueharbor.sales',
        note: 'Opening a third practice in Delft in the spring.\nInterested in Microsoft 365 for 12 more seats and a backup plan.',
        daysAgo: 21,
        editedDaysAgo: 20,
      },
      {
        user: 'blueharbor.admin',
        note: 'Two invoices were paid late this quarter; check before approving a larger order.',
        daysAgo: 11,
      },
      // Written by the provider: only provider users see it, never Blue Harbor IT [A2.50].
      {
        user: 'provider.admin',
        note: 'Reviewed by the provider risk desk: no action needed.',
        daysAgo: 6,
      },
    ],
    'Acme Logistics': [
      {
        user: 'blueharbor.sales',
        note: 'Contract renewal due in June. They asked for a quote for endpoint protection on 40 devices.',
        daysAgo: 14,
      },
    ],
    'Dunmore Architects': [
      {
        user: 'blueharbor.admin',
        note: 'Credit limit lowered by the provider; explain the new limit at the next meeting.',
        daysAgo: 4,
      },
    ],
  };
  const users = [...new Set(Object.values(notes).flatMap((list) => list.map((n) => n.user)))];
  const found = await repo.findDemoAccounts(db, Object.keys(notes), users);
  for (const [company, list] of Object.entries(notes)) {
    const accountId = found.companies.get(company);
    if (accountId === undefined) continue;
    for (const n of list) {
      const author = found.users.get(n.user);
      const organisation = author ? await findOrganisation(db, author.path) : null;
      if (!author || !organisation) continue;
      const createdAt = new Date(now.getTime() - n.daysAgo * DAY);
      const id = await repo.insert(db, {
        accountId,
        organisationId: organisation.id,
        authorId: author.id,
        note: n.note,
        createdAt,
      });
      if (n.editedDaysAgo !== undefined) await repo.update(db, id, n.note, new Date(now.getTime() - n.editedDaysAgo * DAY));
    }
  }
}
