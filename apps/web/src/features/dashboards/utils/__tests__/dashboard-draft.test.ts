import type { Dashboard } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { draftErrors, draftOf, errorsByField, isDraftChanged, slotError, sortedAudiences } from '../dashboard-draft';
import { presetLayout } from '../dashboard-grid';

const saved: Dashboard = {
  id: 7,
  title: 'Welcome',
  layout: presetLayout('two-columns')!,
  content: { a1: { type: 'text', html: '<p>Hello</p>' } },
  visibleTo: ['Company'],
  published: false,
  Version: 3,
  OwnerAccountId: 1,
  OwnerDisplayName: 'Northwind',
  CreatedBy: 'Ada',
  CreatedAt: '2026-11-26T10:00:00.000Z',
  UpdatedBy: 'Ada',
  UpdatedAt: '2026-11-26T10:00:00.000Z',
};

describe('the dashboard being edited', () => {
  it('knows when it differs from what was saved', () => {
    const draft = draftOf(saved);

    expect(isDraftChanged(draft, saved)).toBe(false);
    expect(isDraftChanged({ ...draft, title: 'Hello' }, saved)).toBe(true);
  });

  it('[M9.5] keeps the audiences in the order the screen offers them', () => {
    expect(sortedAudiences(['Company', 'Reseller'])).toEqual(['Reseller', 'Company']);
    expect(sortedAudiences(['Company', 'Other'])).toEqual(['Company']);
  });

  it('is accepted as it is', () => {
    expect(draftErrors(draftOf(saved), saved.id, saved.Version, true)).toEqual({});
  });

  it('names the fields the server would refuse, the way the server names them', () => {
    const errors = draftErrors(
      { ...draftOf(saved), title: ' ', content: { a2: { type: 'video', url: 'https://vimeo.com/1' } } },
      saved.id,
      saved.Version,
      false,
    );

    expect(Object.keys(errors).sort()).toEqual(['content.a2.url', 'title']);
    expect(slotError(errors, 'a2')).toMatch(/YouTube/);
    expect(slotError(errors, 'a1')).toBeNull();
  });

  it('keeps the first message of each field', () => {
    expect(
      errorsByField([
        { field: 'title', message: 'first' },
        { field: 'title', message: 'second' },
        { field: 'content.a1', message: 'slot' },
      ]),
    ).toEqual({ title: 'first', 'content.a1': 'slot' });
  });
});
