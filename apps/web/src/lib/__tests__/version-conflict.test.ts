import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-client';
import { versionConflictOf } from '../version-conflict';

const problem = (status: number, code: string, extra: object = {}) =>
  new ApiError(status, { type: 'about:blank', title: 'x', status, code, ...extra });

describe('versionConflictOf (decision 0036)', () => {
  it('reads the current record of a stale edit', () => {
    const current = { Version: 4, UpdatedBy: 'Ava Peters', UpdatedAt: '2026-11-25T19:48:00.000Z' };
    expect(versionConflictOf(problem(409, 'CONFLICT', { current }))).toEqual(current);
  });

  it('is null for every other failure', () => {
    expect(versionConflictOf(problem(409, 'CONFLICT'))).toBeNull();
    expect(versionConflictOf(problem(409, 'CONFIRMATION_REQUIRED', { current: { Version: 1 } }))).toBeNull();
    expect(versionConflictOf(problem(422, 'VALIDATION_FAILED'))).toBeNull();
    expect(versionConflictOf(new Error('offline'))).toBeNull();
  });
});
