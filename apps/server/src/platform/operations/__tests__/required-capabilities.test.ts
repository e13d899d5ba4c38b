import type { OperationAccess } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { requiredCapabilities } from '../operation-layer.js';

const product = { id: 5, type: 'Product', path: '/1/5/' } as const;
const provider = { id: 1, type: 'Provider', path: '/1/' } as const;

describe('requiredCapabilities: the capability keys an operation accepts, any one sufficing', () => {
  it.each<[string, OperationAccess, typeof product | typeof provider | null, string[] | null]>([
    ['public needs none', { kind: 'public' }, null, null],
    ['a session needs none', { kind: 'session' }, null, null],
    ['one capability', { kind: 'capability', capability: { name: 'OUTBOX', kind: 'READ' } }, null, ['OUTBOX_READ']],
    [
      'either of two capabilities',
      {
        kind: 'anyCapability',
        capabilities: [
          { name: 'CREDITCHECK_COMPANYORDERS', kind: 'READ' },
          { name: 'ORDER_MANAGEMENT', kind: 'READ' },
        ],
      },
      null,
      ['CREDITCHECK_COMPANYORDERS_READ', 'ORDER_MANAGEMENT_READ'],
    ],
    ['the account type of the touched account', { kind: 'accountType', permission: 'READ' }, product, ['PRODUCT_ACCOUNT_READ']],
    [
      'the provider with the reseller capability',
      { kind: 'accountType', permission: 'UPDATE' },
      provider,
      ['RESELLER_ACCOUNT_UPDATE'],
    ],
  ])('%s', (_name, access, account, expected) => {
    expect(requiredCapabilities(access, account)).toEqual(expected);
  });
});
