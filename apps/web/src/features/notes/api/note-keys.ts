export const noteKeys = {
  all: ['notes'] as const,
  account: (accountId: number) => ['notes', accountId] as const,
  page: (accountId: number, page: number) => ['notes', accountId, page] as const,
};
