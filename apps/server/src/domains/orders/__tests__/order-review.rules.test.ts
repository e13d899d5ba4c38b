import { ORDER_DECLINE_REASON_MAX } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { approvedMail, checkDeclineReason, checkReviewable, DECIDED_STATUS, declinedMail } from '../orders.rules.js';

describe('order review: which orders can be decided', () => {
  it.each([
    { status: 'UnderReview', ok: true, names: null },
    { status: 'Completed', ok: false, names: 'completed' },
    { status: 'Canceled', ok: false, names: 'canceled' },
  ] as const)('[M4.23] an order $status can be decided: $ok', ({ status, ok, names }) => {
    const check = checkReviewable(status);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.message).toContain(names);
  });

  it('approving completes an order, declining cancels it', () => {
    expect(DECIDED_STATUS).toEqual({ approve: 'Completed', decline: 'Canceled' });
  });
});

describe('order review: the decline reason', () => {
  it.each([
    { reason: 'Over budget', ok: true, stored: 'Over budget' },
    { reason: '  Over budget \n', ok: true, stored: 'Over budget' },
    { reason: 'x', ok: true, stored: 'x' },
    { reason: 'x'.repeat(ORDER_DECLINE_REASON_MAX), ok: true, stored: 'x'.repeat(ORDER_DECLINE_REASON_MAX) },
    { reason: ` ${'x'.repeat(ORDER_DECLINE_REASON_MAX)} `, ok: true, stored: 'x'.repeat(ORDER_DECLINE_REASON_MAX) },
    { reason: '€'.repeat(ORDER_DECLINE_REASON_MAX), ok: true, stored: '€'.repeat(ORDER_DECLINE_REASON_MAX) },
    { reason: '', ok: false, stored: null },
    { reason: '   \n\t ', ok: false, stored: null },
    { reason: 'x'.repeat(ORDER_DECLINE_REASON_MAX + 1), ok: false, stored: null },
  ])('reason of $reason.length characters is accepted: $ok', ({ reason, ok, stored }) => {
    const check = checkDeclineReason(reason);
    expect(check.ok).toBe(ok);
    if (check.ok) expect(check.reason).toBe(stored);
    else expect(check.message.length).toBeGreaterThan(0);
  });

  it('names the length and the limit of a reason that is too long', () => {
    const check = checkDeclineReason('x'.repeat(501));
    expect(check).toEqual({ ok: false, message: 'The reason has 501 characters; at most 500 are allowed' });
  });
});

describe('order review: the decision e-mails', () => {
  const about = {
    displayName: 'Jane Doe',
    orderNumber: 'ORD-000042',
    serviceName: 'Fabrikam Endpoint Protection',
    customerName: 'Dunmore Architects',
  };

  it.each([
    { customerName: 'Dunmore Architects', expected: 'for Dunmore Architects' },
    { customerName: null, expected: 'for the customer' },
  ])('[A2.44] the approval names the order, the service and $expected, and what happens next', ({ customerName, expected }) => {
    const mail = approvedMail({ ...about, customerName });
    expect(mail.subject).toBe('Order ORD-000042 is approved');
    expect(mail.text).toContain('Hello Jane Doe,');
    expect(mail.text).toContain(`Your order ORD-000042 of Fabrikam Endpoint Protection ${expected} was reviewed and approved.`);
    expect(mail.text).toContain('being provisioned now');
  });

  it.each([
    { customerName: 'Dunmore Architects', expected: 'for Dunmore Architects' },
    { customerName: null, expected: 'for the customer' },
  ])(
    '[A2.44] the decline names the order, $expected and the reason, and that nothing is provisioned',
    ({ customerName, expected }) => {
      const mail = declinedMail({ ...about, customerName, reason: 'Credit limit cannot be raised' });
      expect(mail.subject).toBe('Order ORD-000042 is declined');
      expect(mail.text).toContain(`Your order ORD-000042 of Fabrikam Endpoint Protection ${expected} was reviewed and declined.`);
      expect(mail.text).toContain('Reason: Credit limit cannot be raised');
      expect(mail.text).toContain('not provisioned');
    },
  );
});
