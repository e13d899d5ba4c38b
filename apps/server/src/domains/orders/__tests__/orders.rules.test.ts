import { describe, expect, it } from 'vitest';
import {
  activeInMonth,
  changesWhatIsPaid,
  decideOrderStatus,
  demoOrderSlot,
  demoPlacedAt,
  firstInvoiceAmount,
  lastMonths,
  monthKey,
  monthlyInForce,
  orderHistory,
  type RevenueSubscription,
  revenueEnd,
  revenueRows,
  revenueStart,
  underReviewMail,
} from '../orders.rules.js';

const at = (iso: string) => new Date(iso);

describe('order status', () => {
  it.each([
    { firstInvoice: '100', creditLimit: null, status: 'Completed' },
    { firstInvoice: null, creditLimit: null, status: 'Completed' },
    { firstInvoice: '2000', creditLimit: '2000.00', status: 'Completed' },
    { firstInvoice: '2000.01', creditLimit: '2000.00', status: 'UnderReview' },
    { firstInvoice: '2184', creditLimit: '2000.00', status: 'UnderReview' },
    { firstInvoice: null, creditLimit: '2000.00', status: 'UnderReview' },
  ] as const)(
    '[M4.23] first invoice $firstInvoice against limit $creditLimit is $status',
    ({ firstInvoice, creditLimit, status }) => {
      expect(decideOrderStatus({ firstInvoice, creditLimit })).toBe(status);
    },
  );

  it('[M4.23] the first invoice is the setup fees, one month of monthly fees and the advance months of a prepaid fee', () => {
    expect(
      firstInvoiceAmount([
        { chargeType: 'Setup', sellingTotal: '325', advanceMonths: null },
        { chargeType: 'Monthly', sellingTotal: '258.7', advanceMonths: null },
        { chargeType: 'Monthly', sellingTotal: '19.37', advanceMonths: 12 },
      ]),
    ).toBe('816.14');
    expect(firstInvoiceAmount([])).toBe('0');
  });

  it('has no first invoice when a line has no selling price', () => {
    expect(firstInvoiceAmount([{ chargeType: 'Monthly', sellingTotal: null, advanceMonths: null }])).toBeNull();
  });
});

describe('revenue months', () => {
  it('buckets a time into its UTC month', () => {
    expect(monthKey(at('2026-10-31T23:30:00Z'))).toBe('2026-10');
    expect(monthKey(at('2026-11-01T00:00:00Z'))).toBe('2026-11');
  });

  it('lists the last 12 months up to the current one, oldest first, across a year', () => {
    const months = lastMonths(at('2026-03-15T10:00:00Z'));
    expect(months.map((m) => m.key)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    expect(months[0]?.start.toISOString()).toBe('2025-04-01T00:00:00.000Z');
    expect(months[11]?.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  const month = { start: at('2026-05-01T00:00:00Z'), end: at('2026-06-01T00:00:00Z') };
  it.each([
    { what: 'ordered inside the month', start: '2026-05-31T23:59:00Z', end: null, active: true },
    { what: 'ordered before the month', start: '2026-01-10T00:00:00Z', end: null, active: true },
    { what: 'ordered after the month ended', start: '2026-06-01T00:00:00Z', end: null, active: false },
    { what: 'terminated inside the month', start: '2026-01-10T00:00:00Z', end: '2026-05-02T00:00:00Z', active: true },
    { what: 'terminated at the month start', start: '2026-01-10T00:00:00Z', end: '2026-05-01T00:00:00Z', active: true },
    { what: 'terminated before the month', start: '2026-01-10T00:00:00Z', end: '2026-04-30T23:59:59Z', active: false },
  ])('a subscription $what is active: $active', ({ start, end, active }) => {
    expect(activeInMonth({ start: at(start), end: end ? at(end) : null }, month)).toBe(active);
  });

  it.each([
    { orderStatus: 'Completed', result: '2026-02-01T00:00:00.000Z' },
    { orderStatus: 'UnderReview', result: null },
    { orderStatus: 'Canceled', result: null },
    { orderStatus: null, result: '2026-03-01T00:00:00.000Z' },
  ] as const)('revenue of a subscription whose order is $orderStatus starts at $result', ({ orderStatus, result }) => {
    const start = revenueStart({ orderStatus, placedAt: at('2026-02-01T00:00:00Z'), createdAt: at('2026-03-01T00:00:00Z') });
    expect(start?.toISOString() ?? null).toBe(result);
  });

  it('ends at the termination date once terminated; a suspended one or one only scheduled runs on', () => {
    const start = at('2026-01-01T00:00:00Z');
    const date = at('2026-04-01T00:00:00Z');
    expect(revenueEnd({ state: 'Terminated', terminationDate: date, start })).toEqual(date);
    expect(revenueEnd({ state: 'Terminated', terminationDate: null, start })).toEqual(start);
    expect(revenueEnd({ state: 'Suspended', terminationDate: null, start })).toBeNull();
    expect(revenueEnd({ state: 'Active', terminationDate: at('2027-01-01T00:00:00Z'), start })).toBeNull();
  });
});

describe('revenue rows', () => {
  const months = lastMonths(at('2026-03-15T10:00:00Z'), 3);
  const sub = (over: Partial<RevenueSubscription>): RevenueSubscription => ({
    company: 'C1',
    reseller: 'R1',
    service: 'Mail',
    currency: 'EUR',
    monthly: '10.10',
    start: at('2025-12-01T00:00:00Z'),
    end: null,
    ...over,
  });

  it('adds each active subscription current monthly total to its month, company, service and currency', () => {
    const rows = revenueRows(
      [
        sub({}),
        sub({ monthly: '0.205' }),
        sub({ start: at('2026-02-10T00:00:00Z'), monthly: '5' }),
        sub({ company: 'C2', currency: 'USD', monthly: '7.5', end: at('2026-02-01T00:00:00Z') }),
      ],
      months,
    );
    expect(rows).toEqual([
      {
        Month: '2026-01',
        Company: 'C1',
        Reseller: 'R1',
        Service: 'Mail',
        Currency: 'EUR',
        Amount: 10.31,
        ThisMonthAmount: 0,
        Subscriptions: 2,
      },
      {
        Month: '2026-01',
        Company: 'C2',
        Reseller: 'R1',
        Service: 'Mail',
        Currency: 'USD',
        Amount: 7.5,
        ThisMonthAmount: 0,
        Subscriptions: 1,
      },
      {
        Month: '2026-02',
        Company: 'C1',
        Reseller: 'R1',
        Service: 'Mail',
        Currency: 'EUR',
        Amount: 15.31,
        ThisMonthAmount: 0,
        Subscriptions: 3,
      },
      {
        Month: '2026-02',
        Company: 'C2',
        Reseller: 'R1',
        Service: 'Mail',
        Currency: 'USD',
        Amount: 7.5,
        ThisMonthAmount: 0,
        Subscriptions: 1,
      },
      {
        Month: '2026-03',
        Company: 'C1',
        Reseller: 'R1',
        Service: 'Mail',
        Currency: 'EUR',
        Amount: 15.31,
        ThisMonthAmount: 15.31,
        Subscriptions: 3,
      },
    ]);
  });

  it('never adds amounts of two currencies: the same company in EUR and GBP makes two rows', () => {
    const rows = revenueRows([sub({}), sub({ currency: 'GBP' })], months.slice(2));
    expect(rows.map((r) => [r.Currency, r.Amount])).toEqual([
      ['EUR', 10.1],
      ['GBP', 10.1],
    ]);
  });

  it('leaves out subscriptions without a price or without a revenue start', () => {
    expect(revenueRows([sub({ monthly: null }), sub({ start: null })], months)).toEqual([]);
  });
});

describe('demo order dates', () => {
  it('spreads the demo orders from about 350 days ago to 2 days ago, always in the past and in order', () => {
    const now = at('2026-11-23T03:00:00Z');
    const dates = Array.from({ length: 60 }, (_, i) => demoPlacedAt(now, i, 60));
    expect(dates[0]?.toISOString().slice(0, 10)).toBe('2025-12-08');
    expect(dates[59]?.toISOString().slice(0, 10)).toBe('2026-11-21');
    for (const [i, d] of dates.entries()) {
      expect(d.getTime()).toBeLessThan(now.getTime());
      if (i > 0) expect(d.getTime()).toBeGreaterThanOrEqual((dates[i - 1] as Date).getTime() - 24 * 3_600_000);
    }
    expect(new Set(dates.map((d) => monthKey(d))).size).toBe(12);
  });
});

describe('demo order slots', () => {
  it.each([59, 60, 14, 1])('gives each of %i demo subscriptions its own place in time', (count) => {
    const slots = Array.from({ length: count }, (_, i) => demoOrderSlot(i, count));
    expect(new Set(slots).size).toBe(count);
    expect(Math.max(...slots)).toBe(count - 1);
  });

  it('spreads neighbouring subscriptions (one reseller) over the year', () => {
    const slots = Array.from({ length: 20 }, (_, i) => demoOrderSlot(i, 59));
    expect(Math.min(...slots)).toBeLessThan(10);
    expect(Math.max(...slots)).toBeGreaterThan(49);
  });
});

describe('underReviewMail', () => {
  const base = {
    displayName: 'Bea Buyer',
    orderNumber: 'ORD-000042',
    serviceName: 'Contoso Backup',
    customerName: 'Acme Logistics',
    firstInvoice: '120.5',
    currency: 'USD',
  };

  it('[A2.44] names the order, the service, the customer and the first invoice checked against the limit', () => {
    const mail = underReviewMail(base);

    expect(mail.subject).toBe('Order ORD-000042 is under review');
    expect(mail.text).toContain('Hello Bea Buyer,');
    expect(mail.text).toContain(
      'Your order ORD-000042 of Contoso Backup for Acme Logistics is above the credit limit of Acme Logistics, so it is under review.',
    );
    expect(mail.text).toContain('First invoice: 120.50 USD');
    expect(mail.text).toContain('The service is not provisioned until the review is done.');
  });

  it('leaves out an unknown first invoice and an unknown customer', () => {
    const mail = underReviewMail({ ...base, customerName: null, firstInvoice: null });

    expect(mail.text).toContain('for the customer is above the credit limit of the customer');
    expect(mail.text).not.toContain('First invoice');
  });

  it("says the customer has no credit limit when the reseller's no-limit setting reviewed the order, not that it is above a limit", () => {
    const mail = underReviewMail({ ...base, reason: 'NoLimit' });

    expect(mail.text).toContain(
      'Your order ORD-000042 of Contoso Backup for Acme Logistics is under review: Acme Logistics has no credit limit, and every order of a customer without a credit limit is reviewed.',
    );
    expect(mail.text).not.toContain('above the credit limit');
  });

  it('says an order with no price could not be checked against the limit', () => {
    const mail = underReviewMail({ ...base, reason: 'AmountUnknown', firstInvoice: null });

    expect(mail.text).toContain(
      'Your order ORD-000042 of Contoso Backup for Acme Logistics is under review: it has no price in the currency of Acme Logistics, so it could not be checked against the credit limit of Acme Logistics.',
    );
    expect(mail.text).not.toContain('above the credit limit');
  });

  it('keeps the words "above the credit limit" for an order above the limit and for one without a stored reason', () => {
    for (const reason of ['AboveLimit', null, undefined] as const) {
      expect(underReviewMail({ ...base, reason }).text).toContain(
        'for Acme Logistics is above the credit limit of Acme Logistics, so it is under review.',
      );
    }
  });
});

describe('decision 0045: prices in force, changes and the history of an order', () => {
  const months = lastMonths(at('2026-06-15T00:00:00Z'), 3);
  const sub = (over: Partial<RevenueSubscription>): RevenueSubscription => ({
    company: 'C',
    reseller: 'R',
    service: 'S',
    currency: 'EUR',
    monthly: '30',
    start: at('2026-01-10T00:00:00Z'),
    end: null,
    ...over,
  });

  it('revenue of a month uses the price its orders recorded then, not today', () => {
    const rows = revenueRows(
      [
        sub({
          prices: [
            { from: at('2026-01-10T00:00:00Z'), monthly: '10' },
            { from: at('2026-05-20T00:00:00Z'), monthly: '20' },
          ],
        }),
      ],
      months,
    );
    expect(rows.map((r) => [r.Month, r.Amount])).toEqual([
      ['2026-04', 10],
      ['2026-05', 20],
      ['2026-06', 20],
    ]);
  });

  it('a subscription without recorded prices keeps its current price', () => {
    expect(monthlyInForce({ monthly: '30', prices: [] }, months[0]!)).toBe('30');
  });

  it('a change with another service, quantity or amount changes what is paid; a rename does not', () => {
    const summary = {
      Currency: 'EUR',
      Setup: '0',
      Monthly: '10',
      AdvanceMonths: [],
      AdvanceDueNow: '0',
      MonthlyDueNow: '10',
      FirstInvoice: '10',
    };
    const before = { serviceName: 'A', quantity: 1, summary, setup: '0.000000', monthly: '10.000000' };
    expect(changesWhatIsPaid(before, { serviceName: 'a', quantity: 1, summary })).toBe(false);
    expect(changesWhatIsPaid(before, { serviceName: 'B', quantity: 1, summary })).toBe(true);
    expect(changesWhatIsPaid(before, { serviceName: 'A', quantity: 2, summary })).toBe(true);
    expect(changesWhatIsPaid(before, { serviceName: 'A', quantity: 1, summary: { ...summary, Monthly: '12' } })).toBe(true);
  });

  it('the history of a declined order: placed, under review, declined with who, when and why', () => {
    expect(
      orderHistory({
        status: 'Canceled',
        placedAt: at('2026-03-01T10:00:00Z'),
        placedByName: 'Pat',
        decidedAt: at('2026-03-02T11:00:00Z'),
        decidedByName: 'Rita',
        decisionReason: 'Over budget',
      }),
    ).toEqual([
      { Event: 'Placed', At: '2026-03-01T10:00:00.000Z', By: 'Pat', Reason: null },
      { Event: 'UnderReview', At: '2026-03-01T10:00:00.000Z', By: null, Reason: null },
      { Event: 'Declined', At: '2026-03-02T11:00:00.000Z', By: 'Rita', Reason: 'Over budget' },
    ]);
    expect(
      orderHistory({
        status: 'Completed',
        placedAt: at('2026-03-01T10:00:00Z'),
        placedByName: null,
        decidedAt: null,
        decidedByName: null,
        decisionReason: null,
      }).map((e) => e.Event),
    ).toEqual(['Placed']);
  });
});
