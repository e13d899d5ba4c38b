import { describe, expect, it } from 'vitest';
import { parseDemoOrderHistory } from '../config.js';

describe('DEMO_ORDER_HISTORY', () => {
  it('is 0 when unset or blank, a whole number of orders otherwise', () => {
    expect(parseDemoOrderHistory(undefined)).toBe(0);
    expect(parseDemoOrderHistory(' ')).toBe(0);
    expect(parseDemoOrderHistory('100050')).toBe(100_050);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['-1', '1.5', 'many', '1000001']) {
      expect(() => parseDemoOrderHistory(bad), bad).toThrow(/DEMO_ORDER_HISTORY must be a whole number/);
    }
  });
});
