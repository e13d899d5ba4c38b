// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  aggregate,
  currenciesByCategory,
  defaultSlicerValues,
  formatMoney,
  isMoneyColumn,
  type Row,
  totalsByCurrency,
  type VisualDefinition,
} from '../data.js';
import { renderVisual } from '../render.js';

const revenue: Row[] = [
  { Month: '2026-10', Company: 'C1', Currency: 'EUR', Amount: 10.1, Subscriptions: 1 },
  { Month: '2026-10', Company: 'C2', Currency: 'USD', Amount: 7.5, Subscriptions: 1 },
  { Month: '2026-11', Company: 'C1', Currency: 'EUR', Amount: 1234.2, Subscriptions: 2 },
  { Month: '2026-11', Company: 'C1', Currency: 'EUR', Amount: 0.2, Subscriptions: 1 },
];

describe('amounts in reports', () => {
  it.each([
    [1234.5, 'EUR', '€1,234.50'],
    [1234.5, null, '€1,234.50'],
    [0.1 + 0.2, 'EUR', '€0.30'],
    [13, 'USD', '13.00 USD'],
    [0, 'GBP', 'FREE'],
    [-2.5, 'EUR', '-€2.50'],
  ])('[M9.3] shows %d %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('treats a value column ending in Amount or Total as money only when its rows carry a Currency', () => {
    expect(isMoneyColumn(revenue, 'Amount')).toBe(true);
    expect(isMoneyColumn(revenue, 'Subscriptions')).toBe(false);
    expect(isMoneyColumn([{ Count: 1, Amount: 2 }], 'Amount')).toBe(false);
    expect(isMoneyColumn(revenue, undefined)).toBe(false);
  });

  it('knows the currency of each category and which categories mix currencies', () => {
    expect(currenciesByCategory(revenue, 'Company')).toEqual({
      byCategory: new Map([
        ['C1', 'EUR'],
        ['C2', 'USD'],
      ]),
      mixed: [],
    });
    expect(currenciesByCategory(revenue, 'Month').mixed).toEqual(['EUR', 'USD']);
  });

  it('totals a money column per currency, never across currencies', () => {
    expect(totalsByCurrency(revenue, 'Amount')).toEqual([
      { currency: 'EUR', amount: 10.1 + 1234.2 + 0.2 },
      { currency: 'USD', amount: 7.5 },
    ]);
  });
});

const visual = (over: Partial<VisualDefinition>): VisualDefinition => ({
  name: 'V',
  title: 'Revenue',
  type: 'lineChart',
  dataset: 'revenue',
  fields: { category: 'Month', value: 'Amount' },
  layout: { x: 0, y: 0, width: 400, height: 300 },
  ...over,
});
const view = (v: VisualDefinition, rows: Row[]) => ({
  points: aggregate(rows, v.fields.category, v.fields.value),
  rows,
  selected: new Set<string>(),
});
const callbacks = { onPointClick() {}, onSlicerToggle() {} };

describe('money visuals', () => {
  it('says which currencies a chart would add together instead of drawing it', () => {
    const v = visual({});
    const node = renderVisual(v, view(v, revenue), 400, 300, callbacks);

    expect(node.textContent).toBe(
      'These amounts are in EUR and USD, which are not added together. Choose one currency to see them.',
    );
  });

  it('draws a chart of one currency with amounts in its tooltips', () => {
    const v = visual({});
    const eur = revenue.filter((r) => r.Currency === 'EUR');
    const node = renderVisual(v, view(v, eur), 400, 300, callbacks);

    expect([...node.querySelectorAll('[data-category]')].map((n) => n.getAttribute('aria-label'))).toEqual([
      '2026-10: €10.10',
      '2026-11: €1,234.40',
    ]);
  });

  it('draws a bar per company in that company currency', () => {
    const v = visual({ type: 'barChart', fields: { category: 'Company', value: 'Amount' } });
    const node = renderVisual(v, view(v, revenue), 400, 300, callbacks);

    expect(node.textContent).toContain('€1,244.50');
    expect(node.textContent).toContain('7.50 USD');
  });

  it('shows a card of amounts as one total per currency', () => {
    const v = visual({ type: 'card', fields: { value: 'Amount' } });
    const node = renderVisual(v, view(v, revenue), 200, 120, callbacks);

    expect([...node.querySelectorAll('[data-currency]')].map((n) => n.textContent)).toEqual(['€1,244.50', '7.50 USD']);
    expect(node.getAttribute('data-value')).toBe('');
  });

  it('writes table amounts in their row currency', () => {
    const v = visual({ type: 'tableEx', fields: { columns: ['Company', 'Amount'] } });
    const node = renderVisual(v, view(v, revenue.slice(0, 2)), 400, 300, callbacks);

    expect([...node.querySelectorAll('td.amount')].map((n) => n.textContent)).toEqual(['€10.10', '7.50 USD']);
  });
});

describe('defaultSlicerValues (decision 0058)', () => {
  it.each([
    { column: 'Currency', values: ['EUR', 'GBP', 'USD'], viewer: 'GBP', ticked: ['GBP'] },
    { column: 'Currency', values: ['USD', 'USD'], viewer: 'USD', ticked: ['USD'] },
    { column: 'Currency', values: ['USD'], viewer: 'EUR', ticked: [] },
    { column: 'Currency', values: ['EUR'], viewer: null, ticked: [] },
    { column: 'Status', values: ['EUR'], viewer: 'EUR', ticked: [] },
    { column: undefined, values: ['EUR'], viewer: 'EUR', ticked: [] },
  ])('a $column slicer over $values for a $viewer viewer starts on $ticked', ({ column, values, viewer, ticked }) => {
    expect(defaultSlicerValues({ column, values, viewerCurrency: viewer })).toEqual(ticked);
  });
});
