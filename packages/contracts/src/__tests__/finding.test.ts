import { describe, expect, it } from 'vitest';
import { isPlainUser } from '../finding.js';

const READS = ['COMPANY_ACCOUNT_READ', 'DEPARTMENT_ACCOUNT_READ', 'USER_ACCOUNT_READ', 'PRODUCT_ACCOUNT_READ'];

describe('isPlainUser (decision 0054)', () => {
  it.each([
    ['a company user (reads, notifications, the wiki)', true, [...READS, 'NOTIFICATIONS_READ', 'WIKI_READ']],
    [
      'a user who also browses the marketplace and sees prices',
      true,
      [...READS, 'MARKETPLACE_READ', 'BILLING_SHOWPRODUCTPRICE_READ'],
    ],
    ['a user with no capability at all', true, []],
    ['a company administrator (creates users)', false, [...READS, 'USER_ACCOUNT_CREATE']],
    [
      'a user who may change their own user and subscriptions (self-service)',
      true,
      [...READS, 'USER_ACCOUNT_UPDATE', 'PRODUCT_ACCOUNT_UPDATE'],
    ],
    ['a user who may update the company record', false, [...READS, 'COMPANY_ACCOUNT_UPDATE']],
    ['a user who may delete departments', false, [...READS, 'DEPARTMENT_ACCOUNT_DELETE']],
    ["a reader of the company's orders", false, [...READS, 'CREDITCHECK_COMPANYORDERS_READ']],
    ['an order manager', false, [...READS, 'ORDER_MANAGEMENT_READ']],
    ['an auditor', false, [...READS, 'AUDIT_LOG_READ']],
    ["a vendor's service editor", false, ['COMPANY_ACCOUNT_READ', 'SERVICE_TOOL_INFO_READ']],
    ['a price-list editor', false, [...READS, 'MARKETPLACE_UPDATE']],
    ['an impersonator', false, [...READS, 'IMPERSONATE_EXECUTE']],
    ['an outbox reader', false, [...READS, 'OUTBOX_READ']],
  ])('%s is a plain user: %s', (_who, expected, capabilities) => {
    expect(isPlainUser(capabilities)).toBe(expected);
  });

  it('takes any iterable, such as the set of a signed-in caller', () => {
    expect(isPlainUser(new Set(READS))).toBe(true);
  });
});
