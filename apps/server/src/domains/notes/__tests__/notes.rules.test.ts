import { NOTE_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { checkNote, decideNoteAccount, decideNoteChange, isNoteVisible } from '../notes.rules.js';

describe('[A2.23] [A2.27] [A2.50] decideNoteAccount', () => {
  it.each([
    { accountId: 5, accountType: 'Company', callerOrganisationId: 2, expected: { allowed: true } },
    { accountId: 5, accountType: 'Reseller', callerOrganisationId: 1, expected: { allowed: true } },
    { accountId: 5, accountType: 'Company', callerOrganisationId: 5, expected: { allowed: false, reason: 'own-organisation' } },
    { accountId: 1, accountType: 'Provider', callerOrganisationId: 1, expected: { allowed: false, reason: 'own-organisation' } },
    {
      accountId: 7,
      accountType: 'Department',
      callerOrganisationId: 2,
      expected: { allowed: false, reason: 'not-notes-account' },
    },
    { accountId: 8, accountType: 'User', callerOrganisationId: 2, expected: { allowed: false, reason: 'not-notes-account' } },
    { accountId: 9, accountType: 'Product', callerOrganisationId: 2, expected: { allowed: false, reason: 'not-notes-account' } },
  ])('$accountType $accountId seen from organisation $callerOrganisationId', ({ expected, ...input }) => {
    expect(decideNoteAccount(input)).toEqual(expected);
  });
});

describe('[A2.50] isNoteVisible', () => {
  const base = {
    noteOrganisationId: 2,
    noteAccountId: 5,
    noteAccountPath: '/1/2/5/',
    callerOrganisationId: 2,
    callerScopePath: '/1/2/',
  };

  it.each([
    { name: "a note of the caller's organisation about an account in its scope", patch: {}, visible: true },
    { name: 'a note written by another organisation', patch: { noteOrganisationId: 1 }, visible: false },
    {
      name: 'a note seen from the noted customer itself',
      patch: { callerOrganisationId: 5, callerScopePath: '/1/2/5/' },
      visible: false,
    },
    { name: 'a note whose account moved out of the scope', patch: { noteAccountPath: '/1/3/5/' }, visible: false },
    { name: 'a note about the organisation itself', patch: { noteAccountId: 2, noteAccountPath: '/1/2/' }, visible: false },
    { name: 'a scope path that is only a prefix of the number', patch: { noteAccountPath: '/1/20/5/' }, visible: false },
  ])('$name: $visible', ({ patch, visible }) => {
    expect(isNoteVisible({ ...base, ...patch })).toBe(visible);
  });
});

describe('[A6.19] decideNoteChange', () => {
  it.each([
    { hasCapability: true, authorId: 10, userId: 10, expected: { allowed: true } },
    { hasCapability: true, authorId: 10, userId: 11, expected: { allowed: false, reason: 'not-author' } },
    { hasCapability: false, authorId: 10, userId: 10, expected: { allowed: false, reason: 'no-capability' } },
    { hasCapability: false, authorId: 10, userId: 11, expected: { allowed: false, reason: 'no-capability' } },
  ])('capability $hasCapability, author $authorId, user $userId', ({ expected, ...input }) => {
    expect(decideNoteChange(input)).toEqual(expected);
  });
});

describe('[A5.1] checkNote', () => {
  it.each([
    { raw: 'Prefers e-mail', ok: true },
    { raw: 'x'.repeat(1000), ok: true },
    { raw: `${'x'.repeat(999)}\n`, ok: true },
    { raw: `${'x'.repeat(998)}\ny`, ok: false },
    { raw: ' ', ok: false },
  ])('$raw.length characters -> $ok', ({ raw, ok }) => {
    expect(checkNote(raw).ok).toBe(ok);
  });

  it('names the field Note', () => {
    expect(checkNote('x'.repeat(1001))).toMatchObject({ ok: false, errors: [{ field: 'Note', message: NOTE_MESSAGES.tooLong }] });
  });
});
