import { describe, expect, it } from 'vitest';
import { amountProblem, type CreditDraft, canSave, formatAmount, pagerWindow, toTwoDecimals } from '../credit-form';

describe('amountProblem', () => {
  it.each([
    ['1500', null],
    ['0', null],
    ['12.34', null],
    ['', 'required'],
    ['-1', 'negative'],
    ['1.234', 'tooManyDecimals'],
    ['12345678901234', 'tooLarge'],
    ['1,5', 'notNumeric'],
    ['abc', 'notNumeric'],
  ])('%j → %s', (raw, problem) => {
    expect(amountProblem(raw)).toBe(problem);
  });
});

describe('[A5.2] canSave', () => {
  const current = { Limit: '100.00', IsLocked: false };
  const draft: CreditDraft = { isActive: true, amount: '100.00', isLocked: false, comment: 'why', isUploading: false };
  it.each([
    [{}, false],
    [{ amount: '100' }, false],
    [{ amount: '150' }, true],
    [{ amount: '150', comment: '  ' }, false],
    [{ isLocked: true }, true],
    [{ isActive: false }, true],
    [{ amount: '-3' }, false],
    [{ amount: '150', isUploading: true }, false],
  ] as const)('%j → %s', (patch, expected) => {
    expect(canSave({ ...draft, ...patch }, current)).toBe(expected);
  });

  it('needs an amount to assign a first limit', () => {
    const none = { Limit: null, IsLocked: false };

    expect(canSave({ ...draft, amount: '' }, none)).toBe(false);
    expect(canSave({ ...draft, amount: '0' }, none)).toBe(true);
    expect(canSave({ ...draft, isActive: false }, none)).toBe(false);
  });
});

describe('formatting', () => {
  it.each([
    ['0.00', '0.00'],
    ['1500.00', '1,500.00'],
    ['1234567.5', '1,234,567.50'],
    ['9999999999999.99', '9,999,999,999,999.99'],
  ])('formats %s as %s', (amount, shown) => {
    expect(formatAmount(amount)).toBe(shown);
  });

  it('normalises to 2 decimals', () => {
    expect(toTwoDecimals('007.5')).toBe('7.50');
  });
});

describe('[A9.1] pagerWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [1, 5, [1, 2, 3]],
    [3, 5, [2, 3, 4]],
    [5, 5, [3, 4, 5]],
    [4, 5, [3, 4, 5]],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(pagerWindow(page, total, 3)).toEqual(expected);
  });
});
