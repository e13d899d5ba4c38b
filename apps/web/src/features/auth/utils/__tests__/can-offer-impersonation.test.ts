import { describe, expect, it } from 'vitest';
import { canOfferImpersonation } from '../can-offer-impersonation';

const admin = { AccountId: 1, Capabilities: ['IMPERSONATE_EXECUTE'], Impersonator: null };

describe('canOfferImpersonation [A6.8]', () => {
  it.each([
    { name: 'another active user', change: {}, expected: true },
    { name: 'without IMPERSONATE_EXECUTE', change: { user: { ...admin, Capabilities: [] } }, expected: false },
    {
      name: 'while already impersonating',
      change: { user: { ...admin, Impersonator: { AccountId: 9, DisplayName: 'X' } } },
      expected: false,
    },
    { name: 'a company', change: { accountType: 'Company' }, expected: false },
    { name: 'a terminated user', change: { state: 'Terminated' }, expected: false },
    { name: 'yourself', change: { accountId: 1 }, expected: false },
  ])('$name: $expected', ({ change, expected }) => {
    expect(canOfferImpersonation({ user: admin, accountId: 2, accountType: 'User', state: 'Active', ...change })).toBe(expected);
  });
});
