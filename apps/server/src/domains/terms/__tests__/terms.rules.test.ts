import { describe, expect, it } from 'vitest';
import { nextVersion, pendingRevisions } from '../terms.rules.js';

const rev = (id: number, version: number, isMajor: boolean, termsId = 1) => ({ id, termsId, version, isMajor });

describe('pendingRevisions [M4.12]', () => {
  it.each([
    { name: 'asks for a document never accepted', revisions: [rev(1, 1, true)], accepted: [], expected: [1] },
    { name: 'is done once the revision is accepted', revisions: [rev(1, 1, true)], accepted: [1], expected: [] },
    {
      name: 'does not ask again for a minor revision, but shows the newest text to new users',
      revisions: [rev(1, 1, true), rev(2, 2, false)],
      accepted: [1],
      expected: [],
    },
    {
      name: 'shows the newest revision to a user who accepted none',
      revisions: [rev(1, 1, true), rev(2, 2, false)],
      accepted: [],
      expected: [2],
    },
    {
      name: 'asks again after a new major revision',
      revisions: [rev(1, 1, true), rev(2, 2, false), rev(3, 3, true)],
      accepted: [1, 2],
      expected: [3],
    },
    {
      name: 'accepting a minor revision after the last major is enough',
      revisions: [rev(1, 1, true), rev(3, 2, true), rev(4, 3, false)],
      accepted: [4],
      expected: [],
    },
    { name: 'treats a first revision flagged minor as major', revisions: [rev(1, 1, false)], accepted: [], expected: [1] },
    {
      name: 'handles each document on its own',
      revisions: [rev(1, 1, true, 1), rev(2, 1, true, 2)],
      accepted: [2],
      expected: [1],
    },
  ])('$name', ({ revisions, accepted, expected }) => {
    expect(pendingRevisions({ revisions, acceptedIds: new Set(accepted) }).map((r) => r.id)).toEqual(expected);
  });

  it('numbers revisions from 1', () => {
    expect(nextVersion([])).toBe(1);
    expect(nextVersion([1, 3, 2])).toBe(4);
  });
});
