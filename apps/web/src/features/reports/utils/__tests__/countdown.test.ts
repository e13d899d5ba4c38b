import { describe, expect, it } from 'vitest';
import { secondsLeft } from '../countdown';

describe('secondsLeft', () => {
  it.each([
    [30_000, 0, 30],
    [30_000, 1, 29],
    [30_000, 30, 0],
    [30_000, 31, 0],
    [1_500, 0, 2],
  ])('[A9.5] %i ms after %i ticks leaves %i s', (timeoutMs, ticks, expected) => {
    expect(secondsLeft(timeoutMs, ticks)).toBe(expected);
  });
});
