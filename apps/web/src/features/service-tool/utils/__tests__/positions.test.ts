import { describe, expect, it } from 'vitest';
import { insertAt, moveBy, moveById, moveItem } from '../positions';

describe('positions', () => {
  it.each([
    [0, 2, ['b', 'c', 'a', 'd']],
    [3, 0, ['d', 'a', 'b', 'c']],
    [1, 1, ['a', 'b', 'c', 'd']],
    [1, 99, ['a', 'c', 'd', 'b']],
    [2, -5, ['c', 'a', 'b', 'd']],
    [7, 0, ['a', 'b', 'c', 'd']],
  ])('[S2.7] [S2.8] moving item %i to %i gives %j', (from, to, expected) => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moveItem(list, from, to)).toEqual(expected);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });

  it.each([
    ['a', 'c', ['b', 'c', 'a']],
    ['c', 'a', ['c', 'a', 'b']],
    ['a', null, ['a', 'b', 'c']],
    ['a', 'x', ['a', 'b', 'c']],
    ['b', 'b', ['a', 'b', 'c']],
  ] as const)('[S2.7] dragging %s over %s gives %j', (active, over, expected) => {
    expect(moveById(['a', 'b', 'c'], (s) => s, active, over)).toEqual(expected);
  });

  it.each([
    [0, -1, ['a', 'b', 'c']],
    [0, 1, ['b', 'a', 'c']],
    [2, 1, ['a', 'b', 'c']],
    [2, -1, ['a', 'c', 'b']],
  ] as const)('[S2.8] the keyboard move of item %i by %i gives %j', (index, step, expected) => {
    expect(moveBy(['a', 'b', 'c'], index, step)).toEqual(expected);
  });

  it.each([
    [0, ['x', 'a', 'b']],
    [1, ['a', 'x', 'b']],
    [9, ['a', 'b', 'x']],
    [-1, ['x', 'a', 'b']],
  ])('[S2.8] inserting at %i gives %j', (index, expected) => {
    expect(insertAt(['a', 'b'], index, 'x')).toEqual(expected);
  });
});
