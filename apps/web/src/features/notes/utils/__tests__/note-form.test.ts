import { describe, expect, it } from 'vitest';
import { clampPage, noteDraftState } from '../note-form';

describe('[A5.1] noteDraftState', () => {
  it.each([
    { draft: '', length: 0, isEmpty: true, isTooLong: false, canSave: false },
    { draft: '   \n ', length: 6, isEmpty: true, isTooLong: false, canSave: false },
    { draft: 'Hello', length: 5, isEmpty: false, isTooLong: false, canSave: true },
    { draft: 'a\nb', length: 4, isEmpty: false, isTooLong: false, canSave: true },
    { draft: 'x'.repeat(1000), length: 1000, isEmpty: false, isTooLong: false, canSave: true },
    { draft: `${'x'.repeat(998)}\n`, length: 1000, isEmpty: false, isTooLong: false, canSave: true },
    { draft: `${'x'.repeat(999)}\n`, length: 1001, isEmpty: false, isTooLong: true, canSave: false },
    { draft: 'a\r\nb', length: 4, isEmpty: false, isTooLong: false, canSave: true },
    { draft: `${'x'.repeat(499)}\n${'y'.repeat(499)}`, length: 1000, isEmpty: false, isTooLong: false, canSave: true },
    { draft: `${'x'.repeat(500)}\n${'y'.repeat(499)}`, length: 1001, isEmpty: false, isTooLong: true, canSave: false },
    { draft: 'x'.repeat(1001), length: 1001, isEmpty: false, isTooLong: true, canSave: false },
  ])('$draft.length typed characters count $length', ({ draft, ...expected }) => {
    expect(noteDraftState(draft)).toEqual(expected);
  });

  it('cannot save an edit that changes nothing', () => {
    expect(noteDraftState(' Same text ', 'Same text').canSave).toBe(false);
    expect(noteDraftState('Other text', 'Same text').canSave).toBe(true);
  });
});

describe('clampPage', () => {
  it.each([
    [1, 0, 10, 1],
    [2, 10, 10, 1],
    [2, 11, 10, 2],
    [3, 25, 10, 3],
    [5, 25, 10, 3],
  ])('page %i of %i notes by %i -> %i', (page, total, size, expected) => {
    expect(clampPage(page, total, size)).toBe(expected);
  });
});
