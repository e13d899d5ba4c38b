import { describe, expect, it } from 'vitest';
import { decideProvisioningBanner, type ProvisioningCounts, provisioningCountsOf } from '../provisioning.js';

const none: ProvisioningCounts = {
  PendingProvisioningRequests: 0,
  SentProvisioningRequests: 0,
  ErrorProvisioningRequests: 0,
  EscalatedProvisioningRequests: 0,
  CanUserRetryLastFailedProvisioningRequest: false,
};
const c = (over: Partial<ProvisioningCounts>): ProvisioningCounts => ({ ...none, ...over });

describe('[A4.7] provisioning banner precedence', () => {
  it.each([
    ['nothing open', c({}), null],
    [
      'escalated wins over everything',
      c({
        EscalatedProvisioningRequests: 1,
        ErrorProvisioningRequests: 2,
        CanUserRetryLastFailedProvisioningRequest: true,
        SentProvisioningRequests: 5,
        PendingProvisioningRequests: 1,
      }),
      'Escalated',
    ],
    ['errors without a possible retry: monitoring team', c({ ErrorProvisioningRequests: 1 }), 'FailedMonitoring'],
    ['errors without retry beat waiting', c({ ErrorProvisioningRequests: 1, SentProvisioningRequests: 3 }), 'FailedMonitoring'],
    [
      'a possible retry: failed with retry',
      c({ ErrorProvisioningRequests: 1, CanUserRetryLastFailedProvisioningRequest: true }),
      'FailedRetry',
    ],
    [
      'retry beats waiting and pending',
      c({
        ErrorProvisioningRequests: 1,
        CanUserRetryLastFailedProvisioningRequest: true,
        SentProvisioningRequests: 4,
        PendingProvisioningRequests: 2,
      }),
      'FailedRetry',
    ],
    ['sent exceeds errors: waiting', c({ SentProvisioningRequests: 1 }), 'Waiting'],
    ['waiting beats pending', c({ SentProvisioningRequests: 1, PendingProvisioningRequests: 1 }), 'Waiting'],
    ['pending alone', c({ PendingProvisioningRequests: 1 }), 'Pending'],
  ] as const)('%s', (_name, counts, banner) => {
    expect(decideProvisioningBanner(counts)).toBe(banner);
  });
});

describe('[A3.1] provisioningCountsOf', () => {
  it('reads the ExtendedView values and treats missing ones as none', () => {
    expect(provisioningCountsOf(undefined)).toEqual(none);
    expect(
      provisioningCountsOf({
        SentProvisioningRequests: 2,
        CanUserRetryLastFailedProvisioningRequest: true,
        TerminationDate: null,
      }),
    ).toEqual(c({ SentProvisioningRequests: 2, CanUserRetryLastFailedProvisioningRequest: true }));
  });
});
