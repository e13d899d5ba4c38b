import { describe, expect, it } from 'vitest';
import { newFileReferences, storedFileReferences } from '../files.rules.js';

const A = `${'a'.repeat(32)}.png`;
const B = `${'b'.repeat(32)}.pdf`;
const C = `${'c'.repeat(32)}.gif`;
const doc = (
  over: Partial<{
    Icon: string | null;
    Screenshots: { Url: string; Description: string }[];
    Downloads: { Url: string; Description: string }[];
  }>,
) => ({
  Icon: null,
  Screenshots: [],
  Downloads: [],
  ...over,
});

describe('storedFileReferences', () => {
  it.each([
    { what: 'no files', d: doc({}), expected: [] },
    {
      what: 'addresses and portal paths only',
      d: doc({ Icon: '/service-icons/backup.png', Downloads: [{ Url: 'https://x.test/a.pdf', Description: '' }] }),
      expected: [],
    },
    {
      what: 'uploads in every list',
      d: doc({
        Icon: A,
        Screenshots: [
          { Url: 'https://x.test/s.png', Description: '' },
          { Url: C, Description: '' },
        ],
        Downloads: [{ Url: B, Description: '' }],
      }),
      expected: [
        { field: 'Icon', name: A },
        { field: 'Screenshots.1.Url', name: C },
        { field: 'Downloads.0.Url', name: B },
      ],
    },
  ])('[S2.5] [S2.6] finds $what', ({ d, expected }) => {
    expect(storedFileReferences(d)).toEqual(expected);
  });
});

describe('newFileReferences', () => {
  it.each([
    { what: 'every upload of a new service', previous: null, next: doc({ Icon: A }), expected: ['Icon'] },
    { what: 'nothing when the files stay', previous: doc({ Icon: A }), next: doc({ Icon: A }), expected: [] },
    {
      what: 'a file moved to another list',
      previous: doc({ Icon: A }),
      next: doc({ Screenshots: [{ Url: A, Description: '' }] }),
      expected: [],
    },
    {
      what: 'only the added one',
      previous: doc({ Icon: A }),
      next: doc({ Icon: A, Downloads: [{ Url: B, Description: '' }] }),
      expected: ['Downloads.0.Url'],
    },
  ])('checks $what', ({ previous, next, expected }) => {
    expect(newFileReferences(next, previous).map((r) => r.field)).toEqual(expected);
  });
});
