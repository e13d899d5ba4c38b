import { describe, expect, it } from 'vitest';
import { useScratchDb } from '../../../../test/scratch-db.js';
import { inScopeSql, isInScope, pathIds, pathUpperBound } from '../scope.js';

const SCOPE_CASES = [
  { scope: '/1/', path: '/1/', inside: true, why: 'the scope root itself' },
  { scope: '/1/', path: '/1/5/23/', inside: true, why: 'a descendant of the provider' },
  { scope: '/1/5/', path: '/1/5/23/', inside: true, why: 'a child of the company' },
  { scope: '/1/5/', path: '/1/5/23/99/', inside: true, why: 'a grandchild of the company' },
  { scope: '/1/5/', path: '/1/', inside: false, why: 'an ancestor of the company' },
  { scope: '/1/5/', path: '/1/6/', inside: false, why: 'a sibling company' },
  { scope: '/1/5/', path: '/1/50/', inside: false, why: 'a sibling whose id starts with the same digits' },
  { scope: '/1/5/', path: '/1/50/5/', inside: false, why: 'a child of that sibling' },
  { scope: '/1/5/', path: '/2/5/', inside: false, why: 'the same id under another root' },
];

describe('isInScope', () => {
  it.each(SCOPE_CASES)('says $why is inside the scope: $inside', ({ scope, path, inside }) => {
    expect(isInScope(scope, path)).toBe(inside);
  });
});

describe('inScopeSql (the same rule in SQL, decision 0063)', () => {
  const db = useScratchDb('scope_rule');

  it.each(SCOPE_CASES)('agrees with isInScope that $why is inside the scope: $inside', async ({ scope, path, inside }) => {
    for (const prepare of [false, true]) {
      const [row] = await db().query<{ inside: boolean }>(
        `SELECT ${inScopeSql('$1::text', '$2::text')} AS inside`,
        [path, scope],
        {
          prepare,
        },
      );
      expect(row?.inside).toBe(inside);
    }
  });
});

describe('pathUpperBound', () => {
  it.each([
    { prefix: '/1/', bound: '/10' },
    { prefix: '/1/5/', bound: '/1/50' },
    { prefix: '/12/345/', bound: '/12/3450' },
  ])('bounds the range of $prefix with $bound', ({ prefix, bound }) => {
    expect(pathUpperBound(prefix)).toBe(bound);
  });

  it('sorts every descendant path below the bound and the next sibling at or above it (C collation)', () => {
    const prefix = '/1/5/';
    const bound = pathUpperBound(prefix);
    const inside = ['/1/5/', '/1/5/6/', '/1/5/99999/', '/1/5/9/9/9/'];
    const outside = ['/1/50/', '/1/6/', '/1/59/', '/2/'];

    for (const p of inside) expect(p >= prefix && p < bound, p).toBe(true);
    for (const p of outside) expect(p >= prefix && p < bound, p).toBe(false);
  });
});

describe('pathIds', () => {
  it.each([
    { path: '/', ids: [] },
    { path: '/1/', ids: [1] },
    { path: '/1/5/23/', ids: [1, 5, 23] },
  ])('reads the ids $ids from $path, top first', ({ path, ids }) => {
    expect(pathIds(path)).toEqual(ids);
  });
});
