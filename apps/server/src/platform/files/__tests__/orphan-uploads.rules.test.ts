import { describe, expect, it } from 'vitest';
import { decideOrphan, graceMsOf } from '../orphan-uploads.rules.js';

const NOW = new Date(Date.UTC(2030, 0, 2, 12, 0, 0));
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3600_000);
const GRACE = graceMsOf(24);

describe('decideOrphan', () => {
  it.each([
    ['a referenced file is kept', { referenced: true, uploadedAt: hoursAgo(500), orphanedAt: null }, 'keep'],
    ['a referenced file loses an old mark', { referenced: true, uploadedAt: hoursAgo(500), orphanedAt: hoursAgo(100) }, 'unmark'],
    [
      'an unreferenced file is marked first, however old',
      { referenced: false, uploadedAt: hoursAgo(500), orphanedAt: null },
      'mark',
    ],
    ['a fresh upload no record refers to is marked', { referenced: false, uploadedAt: hoursAgo(0), orphanedAt: null }, 'mark'],
    [
      'a mark younger than the grace period keeps it',
      { referenced: false, uploadedAt: hoursAgo(500), orphanedAt: hoursAgo(23) },
      'keep',
    ],
    [
      'a mark of exactly the grace period keeps it',
      { referenced: false, uploadedAt: hoursAgo(500), orphanedAt: hoursAgo(24) },
      'keep',
    ],
    [
      'a mark older than the grace period removes it',
      { referenced: false, uploadedAt: hoursAgo(500), orphanedAt: hoursAgo(25) },
      'remove',
    ],
    [
      'an upload younger than the grace period stays even with an old mark',
      { referenced: false, uploadedAt: hoursAgo(2), orphanedAt: hoursAgo(25) },
      'keep',
    ],
  ] as const)('%s', (_title, file, expected) => {
    expect(decideOrphan({ ...file, now: NOW, graceMs: GRACE })).toBe(expected);
  });

  it('measures the grace period in hours', () => {
    expect(graceMsOf(24)).toBe(86_400_000);
    expect(graceMsOf(1)).toBe(3_600_000);
  });
});
