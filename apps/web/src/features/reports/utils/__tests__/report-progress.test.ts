import { describe, expect, it } from 'vitest';
import { runProgress } from '../report-progress';

describe('report run progress', () => {
  it.each([
    [0, 50_000, 0],
    [1000, 50_000, 2],
    [25_000, 50_000, 50],
    [49_999, 50_000, 99],
    [80_000, 50_000, 99],
    [-500, 50_000, 0],
    [10, 0, 99],
  ])('[M9.13] after %i ms of an average %i ms shows %i percent', (elapsed, expectedMs, percent) => {
    expect(runProgress({ startedAtMs: 1_000_000, nowMs: 1_000_000 + elapsed, expectedMs })).toBe(percent);
  });
});
