import { describe, expect, it } from 'vitest';
import { DRAFT_AUTOSAVE_INTERVAL_MS, draftOnOpen, serviceDraftKey, shouldAutosave } from '../service-drafts.js';
import { blankServiceDocument } from '../service-validation.js';

const blank = blankServiceDocument();
const named = { ...blank, DisplayName: 'Backup' };

describe('service drafts', () => {
  it('[S9.4] autosaves every 5 s', () => {
    expect(DRAFT_AUTOSAVE_INTERVAL_MS).toBe(5000);
  });

  it.each([
    [null, 'create'],
    ['acme-backup', 'edit_acme-backup'],
    ['Office 365', 'edit_Office 365'],
  ])('[S4.2] keys the draft of %s as %s', (name, key) => {
    expect(serviceDraftKey(name)).toBe(key);
  });

  it.each([
    { what: 'no draft', draft: null, current: blank, expected: 'autosave' },
    { what: 'a draft equal to the data', draft: { Data: blank }, current: blank, expected: 'autosave' },
    { what: 'a draft that differs', draft: { Data: named }, current: blank, expected: 'offer' },
    {
      what: 'a draft equal but with keys in another order (jsonb)',
      draft: { Data: Object.fromEntries(Object.entries(named).reverse()) as typeof named },
      current: named,
      expected: 'autosave',
    },
  ])('[S4.2] on opening with $what: $expected', ({ draft, current, expected }) => {
    expect(draftOnOpen({ draft, current })).toBe(expected);
  });

  it.each([
    { what: 'unchanged', current: blank, lastStored: blank, saving: false, expected: false },
    { what: 'changed', current: named, lastStored: blank, saving: false, expected: true },
    { what: 'changed while a save is on its way', current: named, lastStored: blank, saving: true, expected: false },
    { what: 'changed back to what was stored', current: { ...named }, lastStored: named, saving: false, expected: false },
  ])('[S9.4] an autosave tick when $what writes: $expected', ({ current, lastStored, saving, expected }) => {
    expect(shouldAutosave({ current, lastStored, saving })).toBe(expected);
  });
});
