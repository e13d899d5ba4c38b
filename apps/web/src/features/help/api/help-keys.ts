export const helpKeys = {
  all: ['help'] as const,
  support: () => [...helpKeys.all, 'support'] as const,
  editable: (accountId: number) => [...helpKeys.all, 'editable', accountId] as const,
};
