import { describe, expect, it } from 'vitest';
import { assessCredit } from '../orders.rules.js';

describe('assessCredit: the one credit rule of an order (decision 0046)', () => {
  it.each([
    { firstInvoice: '18', open: '0', limit: '18.00', status: 'Completed', over: '0.00', reason: null },
    { firstInvoice: '18', open: '0.01', limit: '18.00', status: 'UnderReview', over: '0.01', reason: 'AboveLimit' },
    { firstInvoice: '18', open: '18', limit: '18.00', status: 'UnderReview', over: '18.00', reason: 'AboveLimit' },
    { firstInvoice: '10', open: '5', limit: '100.00', status: 'Completed', over: '0.00', reason: null },
    { firstInvoice: '250.5', open: '0', limit: '100.00', status: 'UnderReview', over: '150.50', reason: 'AboveLimit' },
  ] as const)('[M4.23] $firstInvoice with $open open against $limit is $status, over by $over', (c) => {
    expect(assessCredit({ firstInvoice: c.firstInvoice, open: c.open, creditLimit: c.limit })).toEqual({
      status: c.status,
      over: c.over,
      reason: c.reason,
    });
  });

  it('rounds a fraction of a cent over the limit up, so an order under review never reads "over by 0.00"', () => {
    expect(assessCredit({ firstInvoice: '100.001', open: '0', creditLimit: '100.00' })).toEqual({
      status: 'UnderReview',
      over: '0.01',
      reason: 'AboveLimit',
    });
  });

  it('reviews an order whose amount is unknown while a limit applies, with no over amount', () => {
    expect(assessCredit({ firstInvoice: null, open: '0', creditLimit: '100.00' })).toEqual({
      status: 'UnderReview',
      over: null,
      reason: 'AmountUnknown',
    });
  });

  it("without a limit follows the reseller's setting: Allowed completes (also by default), Reviewed reviews", () => {
    expect(assessCredit({ firstInvoice: '99999', open: '5000', creditLimit: null })).toEqual({
      status: 'Completed',
      over: null,
      reason: null,
    });
    expect(assessCredit({ firstInvoice: '1', creditLimit: null, ordersWithoutLimit: 'Allowed' })).toEqual({
      status: 'Completed',
      over: null,
      reason: null,
    });
    expect(assessCredit({ firstInvoice: '1', creditLimit: null, ordersWithoutLimit: 'Reviewed' })).toEqual({
      status: 'UnderReview',
      over: null,
      reason: 'NoLimit',
    });
    expect(assessCredit({ firstInvoice: null, creditLimit: null, ordersWithoutLimit: 'Reviewed' }).status).toBe('UnderReview');
  });

  it('a limit of 0 reviews every order that costs something and completes a free one', () => {
    expect(assessCredit({ firstInvoice: '0', open: '0', creditLimit: '0.00' }).status).toBe('Completed');
    expect(assessCredit({ firstInvoice: '0.01', open: '0', creditLimit: '0.00' }).status).toBe('UnderReview');
  });
});
