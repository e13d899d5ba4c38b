export const reportKeys = {
  all: ['reports'] as const,
  list: () => ['reports', 'list'] as const,
  frequent: () => ['reports', 'frequent'] as const,
  accountStatus: (accountId: number, pageId: string) => ['reports', 'account', accountId, pageId, 'status'] as const,
  /** Every page of a server report's kept run. */
  results: (name: string) => ['reports', 'result', name] as const,
  result: (name: string, view: { page: number; pageSize: number; sortBy: string | null; sortDirection: 'asc' | 'desc' }) =>
    ['reports', 'result', name, view] as const,
  job: (id: string) => ['reports', 'job', id] as const,
};
