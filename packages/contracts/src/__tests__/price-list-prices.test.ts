import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { isPriceText, normalizePrice, priceFromPerMonth, pricePerMonth, samePrice } from '../price-list-prices.js';

describe('prices per month of prepaid fees [M5.11]', () => {
  it.each([
    { price: '30', months: 3, perMonth: '10' },
    { price: '10', months: 3, perMonth: '3.333333' },
    { price: '10.5', months: null, perMonth: '10.5' },
    { price: '12.50', months: 1, perMonth: '12.5' },
    { price: '0.000005', months: 2, perMonth: '0.000003' },
  ])('[M5.11] shows $price over $months months as $perMonth a month', ({ price, months, perMonth }) => {
    expect(pricePerMonth(price, months)).toBe(perMonth);
  });

  it.each([
    { perMonth: '3.333333', months: 3, original: '10', price: '10' },
    { perMonth: '4', months: 3, original: '10', price: '12' },
    { perMonth: '1.1', months: 12, original: null, price: '13.2' },
    { perMonth: '7', months: null, original: '5', price: '7' },
  ])('[M5.11] turns $perMonth a month back into $price (stored $original)', ({ perMonth, months, original, price }) => {
    expect(priceFromPerMonth(perMonth, months, original)).toBe(price);
  });
});

describe('price texts', () => {
  it.each([
    ['0', true],
    ['12.5', true],
    ['1.123456', true],
    ['1.1234567', false],
    ['-1', false],
    ['1,5', false],
    ['', false],
    ['abc', false],
  ])('%s is a price: %s', (text, ok) => {
    expect(isPriceText(text)).toBe(ok);
  });

  it('compares prices by value', () => {
    expect(samePrice('12.50', '12.5')).toBe(true);
    expect(samePrice(null, null)).toBe(true);
    expect(samePrice('0', null)).toBe(false);
    // Canonical texts that differ are different prices; any other text is compared by value.
    expect(samePrice('9.75', '11.25')).toBe(false);
    expect(samePrice('0', '0.000001')).toBe(false);
    expect(samePrice('9.750', '9.75')).toBe(true);
    expect(samePrice('0.0', '0')).toBe(true);
    expect(samePrice('010', '10')).toBe(true);
    expect(normalizePrice('10.000000')).toBe('10');
  });

  it.each([
    '0',
    '10',
    '9.75',
    '0.000001',
    '123456789012345678.123456',
    ' 12.5 ',
    '12.50',
    '007',
    '0.0',
    '.5',
    '10.000000',
    '0.000000',
  ])('normalizes %j as decimal.js does (canonical texts answered as they are)', (text) => {
    expect(normalizePrice(text)).toBe(new Decimal(text.trim()).toFixed());
  });
});
