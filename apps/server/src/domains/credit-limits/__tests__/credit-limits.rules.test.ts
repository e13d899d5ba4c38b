import { describe, expect, it } from 'vitest';
import {
  CREDIT_MESSAGES,
  decideCanEdit,
  historyLabel,
  normalizeAmount,
  sameLimit,
  validateChange,
} from '../credit-limits.rules.js';

describe('normalizeAmount', () => {
  it.each([
    ['1500', '1500.00'],
    ['1500.5', '1500.50'],
    ['1500.55', '1500.55'],
    ['0', '0.00'],
    ['000.10', '0.10'],
    [' 42 ', '42.00'],
    ['9999999999999.99', '9999999999999.99'],
  ])('turns %j into %j', (raw, expected) => {
    expect(normalizeAmount(raw)).toBe(expected);
  });

  it.each(['', '-1', '1.555', '1e3', '1,5', 'abc', '.5', '1.', '99999999999999'])('rejects %j', (raw) => {
    expect(normalizeAmount(raw)).toBeNull();
  });

  it('compares amounts, not their spelling', () => {
    expect(sameLimit('1500', '1500.00')).toBe(true);
    expect(sameLimit(null, null)).toBe(true);
    expect(sameLimit('0.00', null)).toBe(false);
    expect(sameLimit('10.00', '10.01')).toBe(false);
  });
});

describe('[A4.3] historyLabel', () => {
  it.each([
    { previousLimit: null, limit: '100.00', previousIsLocked: false, isLocked: false, label: 'assigned', lockChange: null },
    { previousLimit: '100.00', limit: '200.00', previousIsLocked: false, isLocked: false, label: 'changed', lockChange: null },
    { previousLimit: '100.00', limit: null, previousIsLocked: false, isLocked: false, label: 'deactivated', lockChange: null },
    { previousLimit: '100.00', limit: '100.00', previousIsLocked: false, isLocked: true, label: 'locked', lockChange: 'locked' },
    {
      previousLimit: '100.00',
      limit: '100.00',
      previousIsLocked: true,
      isLocked: false,
      label: 'unlocked',
      lockChange: 'unlocked',
    },
    { previousLimit: null, limit: null, previousIsLocked: false, isLocked: true, label: 'locked', lockChange: 'locked' },
    { previousLimit: '100.00', limit: '300.00', previousIsLocked: false, isLocked: true, label: 'changed', lockChange: 'locked' },
    { previousLimit: null, limit: '50.00', previousIsLocked: false, isLocked: true, label: 'assigned', lockChange: 'locked' },
    {
      previousLimit: '100.00',
      limit: null,
      previousIsLocked: true,
      isLocked: false,
      label: 'deactivated',
      lockChange: 'unlocked',
    },
  ] as const)('labels $previousLimit → $limit (lock $previousIsLocked → $isLocked) as $label', (row) => {
    expect(historyLabel(row)).toEqual({ label: row.label, lockChange: row.lockChange });
  });
});

describe('[A5.2] [A6.3] decideCanEdit', () => {
  const base = {
    hasUpdateCapability: true,
    hasOverwriteLockCapability: false,
    isOwnOrganisation: false,
    isLocked: false,
    lastCreatedBy: 7 as number | null,
    userId: 9,
  };
  it.each([
    [{}, true, 'not-locked'],
    [{ lastCreatedBy: null }, true, 'not-locked'],
    [{ isLocked: true }, false, 'locked'],
    [{ isLocked: true, hasOverwriteLockCapability: true }, true, 'overwrite-lock'],
    [{ isLocked: true, lastCreatedBy: 9 }, true, 'own-record'],
    [{ hasUpdateCapability: false }, false, 'no-capability'],
    [{ hasUpdateCapability: false, hasOverwriteLockCapability: true }, false, 'no-capability'],
    [{ isOwnOrganisation: true, hasOverwriteLockCapability: true }, false, 'own-organisation'],
  ] as const)('%j → allowed %s (%s)', (patch, allowed, reason) => {
    expect(decideCanEdit({ ...base, ...patch })).toEqual({ allowed, reason });
  });
});

describe('[A5.2] [A9.10] validateChange', () => {
  const current = { limit: '100.00', isLocked: false };
  it.each([
    ['150', false, 'More room', { ok: true, limit: '150.00' }],
    ['0', false, 'Stop credit', { ok: true, limit: '0.00' }],
    [null, false, 'Customer pays up front', { ok: true, limit: null }],
    ['100', true, 'Freeze', { ok: true, limit: '100.00' }],
  ] as const)('accepts %j (locked %s)', (limit, isLocked, comment, expected) => {
    expect(validateChange({ limit, isLocked, comment, current })).toEqual(expected);
  });

  it.each([
    ['-5', CREDIT_MESSAGES.negative],
    ['12.345', CREDIT_MESSAGES.tooManyDecimals],
    ['abc', CREDIT_MESSAGES.notNumeric],
    ['1e5', CREDIT_MESSAGES.notNumeric],
    ['', CREDIT_MESSAGES.notNumeric],
    ['123456789012345', CREDIT_MESSAGES.tooLarge],
  ])('rejects the limit %j with "%s"', (limit, message) => {
    expect(validateChange({ limit, isLocked: false, comment: 'why', current })).toEqual({
      ok: false,
      noChange: false,
      errors: [{ field: 'Limit', message }],
    });
  });

  it.each(['', '   ', '\n'])('requires a comment (%j)', (comment) => {
    expect(validateChange({ limit: '200', isLocked: false, comment, current })).toEqual({
      ok: false,
      noChange: false,
      errors: [{ field: 'Comment', message: CREDIT_MESSAGES.commentRequired }],
    });
  });

  it.each([
    ['100', false],
    ['100.00', false],
    ['0100.0', false],
  ] as const)('refuses %j when neither the limit nor the lock changed', (limit, isLocked) => {
    expect(validateChange({ limit, isLocked, comment: 'Same again', current })).toEqual({
      ok: false,
      noChange: true,
      errors: [{ field: 'Limit', message: CREDIT_MESSAGES.noChange }],
    });
  });

  it('refuses deactivating a limit that is not set', () => {
    const result = validateChange({ limit: null, isLocked: false, comment: 'x', current: { limit: null, isLocked: false } });

    expect(result).toMatchObject({ ok: false, noChange: true });
  });
});
