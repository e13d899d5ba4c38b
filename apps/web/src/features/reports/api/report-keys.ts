export const reportKeys = {
  all: ['reports'] as const,
  list: () => ['reports', 'list'] as const,
  frequent: () => ['reports', 'frequent'] as const,
  accountStatus: (accountId: number, pageId: string) => ['reports', 'account', accountId, pageId, 'status'] as const,
};
