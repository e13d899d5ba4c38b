import { describe, expect, it } from 'vitest';
import {
  confirmationMail,
  confirmationRecipients,
  dependencyErrors,
  linkedGroupKey,
  orderCustomer,
  orderingRefusal,
  orderTerms,
  provisioningText,
} from '../ordering.rules.js';

describe('orderingRefusal', () => {
  it('[M5.13] refuses more than one dependency with the spec text', () => {
    expect(orderingRefusal({ parents: ['Company'], dependencies: ['A', 'B'] }, null)).toEqual({
      Code: 'MultipleDependencies',
      Message: 'Sorry multiple dependencies are not supported',
    });
  });

  it('[M5.13] refuses a service, or a dependency, that cannot be created under a company', () => {
    const notCompany = {
      Code: 'NotCompanyLevel',
      Message: "Ordering tool currently supports adding only 'Company' level services.",
    };
    expect(orderingRefusal({ parents: ['User'], dependencies: [] }, null)).toEqual(notCompany);
    expect(orderingRefusal({ parents: ['Company'], dependencies: ['A'] }, { parents: ['Product'] })).toEqual(notCompany);
  });

  it('accepts a company-level service with at most one company-level dependency', () => {
    expect(orderingRefusal({ parents: ['User', 'Company'], dependencies: [] }, null)).toBeNull();
    expect(orderingRefusal({ parents: ['Company'], dependencies: ['A'] }, { parents: ['Company'] })).toBeNull();
  });
});

describe('orderTerms', () => {
  const base = { serviceName: 's', displayName: 'S', title: 'T', content: 'C', latestRevision: 2, groupKey: null };

  it('[M4.22] counts an older accepted revision as not accepted', () => {
    expect(orderTerms({ ...base, acceptedRevision: 1 })).toMatchObject({
      Accepted: false,
      AcceptedRevision: 1,
      LatestRevision: 2,
    });
    expect(orderTerms({ ...base, acceptedRevision: 2 }).Accepted).toBe(true);
    expect(orderTerms({ ...base, acceptedRevision: null }).Accepted).toBe(false);
  });
});

describe('linkedGroupKey', () => {
  it('gives the group only when more than one service shares it', () => {
    expect(linkedGroupKey('g', [{ group_id: 'g' }, { group_id: 'g' }])).toBe('g');
    expect(linkedGroupKey('g', [{ group_id: 'g' }, { group_id: 'h' }])).toBeNull();
    expect(linkedGroupKey(null, [])).toBeNull();
  });
});

describe('dependencyErrors', () => {
  it("names the dependency's fields Dependency.<field> and keeps the order's own fields", () => {
    expect(
      dependencyErrors([
        { field: 'Views.Service.Values.Seats', message: 'm' },
        { field: 'terms', message: 't' },
        { field: 'scheduledDate', message: 'd' },
      ]),
    ).toEqual([
      { field: 'Dependency.Views.Service.Values.Seats', message: 'm' },
      { field: 'terms', message: 't' },
      { field: 'scheduledDate', message: 'd' },
    ]);
  });
});

describe('orderCustomer', () => {
  it("reads the company's view fields, '' when unset", () => {
    expect(
      orderCustomer({
        id: 4,
        display_name: 'Acme',
        email: null,
        attributes: { 'Company.VatNumber': 'NL1', 'Company.City': 'Delft' },
      }),
    ).toEqual({
      AccountId: 4,
      DisplayName: 'Acme',
      CompanyName: 'Acme',
      Domain: '',
      VATID: 'NL1',
      Address: '',
      City: 'Delft',
      Country: '',
      Email: '',
      Zip: '',
    });
  });
});

describe('confirmation e-mail', () => {
  it('goes to the placing user first and to each address once', () => {
    const placer = { userId: 1, displayName: 'P', email: 'p@x.example' };
    const recipients = confirmationRecipients(placer, [
      { userId: 2, displayName: 'A', email: 'a@x.example' },
      { userId: 3, displayName: 'P again', email: 'P@X.example' },
    ]);

    expect(recipients.map((r) => r.userId)).toEqual([1, 2]);
    expect(confirmationRecipients(null, [{ userId: 2, displayName: 'A', email: 'a@x.example' }])).toHaveLength(1);
  });

  it('[M5.16] says when provisioning happens: at once, at the scheduled UTC time or after review', () => {
    expect(provisioningText({ underReview: false, scheduledFor: null })).toBe('at once');
    expect(provisioningText({ underReview: false, scheduledFor: new Date('2030-01-31T08:00:00Z') })).toBe(
      'scheduled for 2030-01-31 08:00 UTC',
    );
    expect(provisioningText({ underReview: true, scheduledFor: null })).toMatch(/^after review/);
  });

  it('lists each service with its order number and prices, the customer and the provisioning', () => {
    const mail = confirmationMail({
      recipientName: 'Ann',
      placedByName: 'Rob',
      toPlacer: false,
      customerName: 'Acme',
      orders: [
        { orderNumber: 'ORD-1', serviceDisplayName: 'Base', currency: 'EUR', monthly: '18', setup: '0' },
        { orderNumber: 'ORD-2', serviceDisplayName: 'Addon', currency: 'EUR', monthly: '12.5', setup: null },
      ],
      provisioning: 'at once',
    });

    expect(mail.subject).toBe('Order ORD-2 of Addon for Acme');
    expect(mail.text).toContain('Rob placed an order for Acme.');
    expect(mail.text).toContain('Base (order ORD-1)\n  Monthly: €18.00\n  Setup: FREE');
    expect(mail.text).toContain('Addon (order ORD-2)\n  Monthly: €12.50\n  Setup: no retail price');
    expect(mail.text).toContain('Provisioning: at once');
  });
});
