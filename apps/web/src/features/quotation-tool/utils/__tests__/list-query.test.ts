import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, formatSort, nextSort, parsePositive, parseSort } from '../list-query';

describe('quotation tool list query', () => {
  it.each([
    [null, DEFAULT_SORT],
    ['Name:ASC', { Key: 'Name', Direction: 'ASC' }],
    ['YearlyChargeAmount:DESC', { Key: 'YearlyChargeAmount', Direction: 'DESC' }],
    ['Name:UP', DEFAULT_SORT],
    ['Owner:ASC', DEFAULT_SORT],
    ['', DEFAULT_SORT],
  ])('reads the sort %s', (text, sort) => {
    expect(parseSort(text)).toEqual(sort);
  });

  it('leaves the default sort out of the address and writes the others back as read', () => {
    expect(formatSort(DEFAULT_SORT)).toBeNull();
    expect(formatSort({ Key: 'Name', Direction: 'ASC' })).toBe('Name:ASC');
    expect(parseSort(formatSort({ Key: 'Status', Direction: 'DESC' }))).toEqual({ Key: 'Status', Direction: 'DESC' });
  });

  it.each([
    [{ Key: 'Name', Direction: 'ASC' }, 'Name', { Key: 'Name', Direction: 'DESC' }],
    [{ Key: 'Name', Direction: 'DESC' }, 'Name', { Key: 'Name', Direction: 'ASC' }],
    [DEFAULT_SORT, 'Name', { Key: 'Name', Direction: 'ASC' }],
    [DEFAULT_SORT, 'Status', { Key: 'Status', Direction: 'ASC' }],
    [{ Key: 'Name', Direction: 'ASC' }, 'YearlyChargeAmount', { Key: 'YearlyChargeAmount', Direction: 'DESC' }],
    [{ Key: 'Name', Direction: 'ASC' }, 'CreateDate', { Key: 'CreateDate', Direction: 'DESC' }],
  ] as const)('from %o a click on %s sorts %o', (current, key, next) => {
    expect(nextSort(current, key)).toEqual(next);
  });

  it.each([
    ['3', 3],
    [null, null],
    ['0', null],
    ['x', null],
    ['2.5', null],
  ])('reads %s as %s', (text, n) => {
    expect(parsePositive(text)).toBe(n);
  });
});
