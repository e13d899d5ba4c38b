import { describe, expect, it } from 'vitest';
import { marginOf } from '../price-lists.reports.js';

describe('the margin of a price (Price List Margins report)', () => {
  it('is the price minus the purchase price, exact, with its percent of the price rounded half up to 2 decimals', () => {
    expect(marginOf('7.25', '4.5')).toEqual({ margin: '2.75', percent: '37.93' });
    expect(marginOf('0.3', '0.1')).toEqual({ margin: '0.2', percent: '66.67' });
    expect(marginOf('4', '5.000001')).toEqual({ margin: '-1.000001', percent: '-25' });
  });

  it('is unknown without a price, and has no percent of a zero price', () => {
    expect(marginOf(null, '4.5')).toEqual({ margin: null, percent: null });
    expect(marginOf('0', '1')).toEqual({ margin: '-1', percent: null });
  });
});
