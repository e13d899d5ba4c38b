export const reportKeys = {
  all: ['reports'] as const,
  list: () => ['reports', 'list'] as const,
  frequent: () => ['reports', 'frequent'] as const,
};
