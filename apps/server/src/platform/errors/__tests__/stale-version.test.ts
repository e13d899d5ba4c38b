import { describe, expect, it } from 'vitest';
import { isStaleVersion, staleVersion } from '../stale-version.js';

describe('stale versions (decision 0036)', () => {
  it.each([
    { seen: 3, current: 3, stale: false },
    { seen: 2, current: 3, stale: true },
    { seen: 4, current: 3, stale: true },
  ])('version $seen against $current is stale: $stale', ({ seen, current, stale }) => {
    expect(isStaleVersion({ seen, current })).toBe(stale);
  });

  it('answers 409 CONFLICT naming the version field, with the current record', () => {
    const error = staleVersion('note', { Id: '7', Note: 'Now', Version: 2 }, 'version');
    expect(error.status).toBe(409);
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('This note was changed by someone else');
    expect(error.fields).toEqual([{ field: 'version', message: 'This note was changed by someone else since you opened it' }]);
    expect(error.extra).toEqual({ current: { Id: '7', Note: 'Now', Version: 2 } });
  });
});
