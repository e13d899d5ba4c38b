import { describe, expect, it } from 'vitest';
import { dateRange, describeChanges } from '../audit.rules';

describe('describeChanges', () => {
  const cases: [string, unknown, unknown, ReturnType<typeof describeChanges>][] = [
    [
      'a changed field',
      { 'Company.City': 'Delft' },
      { 'Company.City': 'Leiden' },
      [{ Field: 'Company.City', Before: 'Delft', After: 'Leiden' }],
    ],
    [
      'a field set for the first time',
      { 'User.Phone': null },
      { 'User.Phone': '+31 6' },
      [{ Field: 'User.Phone', Before: null, After: '+31 6' }],
    ],
    ['input recorded without a before', null, { Username: 'jane' }, [{ Field: 'Username', Before: null, After: 'jane' }]],
    ['unchanged fields are left out', { a: 'x', b: 1 }, { a: 'x', b: 2 }, [{ Field: 'b', Before: '1', After: '2' }]],
    ['nothing recorded', null, null, []],
  ];
  it.each(cases)('%s', (_name, before, after, expected) => {
    expect(describeChanges(before, after)).toEqual(expected);
  });
});

describe('dateRange', () => {
  it('treats the end date as inclusive, in UTC', () => {
    expect(dateRange('2026-01-01', '2026-01-31')).toEqual({
      from: new Date('2026-01-01T00:00:00.000Z'),
      until: new Date('2026-02-01T00:00:00.000Z'),
    });
  });

  it('leaves open ends open', () => {
    expect(dateRange(null, null)).toEqual({ from: null, until: null });
  });
});
