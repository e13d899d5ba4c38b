import { describe, expect, it } from 'vitest';
import { needsConfirmation, quoteAction } from '../transitions';

describe('quote status actions', () => {
  it.each([
    ['draft', 'pending', 'send', false],
    ['pending', 'approved', 'approve', true],
    ['pending', 'draft', 'reject', true],
    ['approved', 'draft', 'reopen', true],
    ['active', 'draft', 'reopen', true],
    ['expired', 'draft', 'renew', true],
  ] as const)('%s to %s is %s (confirmed: %s)', (from, to, action, confirmed) => {
    expect(quoteAction(from, to)).toBe(action);
    expect(needsConfirmation(action)).toBe(confirmed);
  });
});
