export const creditLimitKeys = {
  all: ['credit-limits'] as const,
  account: (accountId: number) => ['credit-limits', accountId] as const,
  page: (accountId: number, page: number) => ['credit-limits', accountId, page] as const,
};
