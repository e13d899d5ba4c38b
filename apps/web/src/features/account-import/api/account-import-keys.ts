import type { ImportType } from '@portal/contracts';

export const accountImportKeys = {
  all: ['account-import'] as const,
  types: () => [...accountImportKeys.all, 'types'] as const,
  parents: (type: ImportType, accountIds: readonly number[]) =>
    [...accountImportKeys.all, 'parents', type, ...accountIds] as const,
  services: (parentId: number, text: string) => [...accountImportKeys.all, 'services', parentId, text] as const,
  job: (id: string) => [...accountImportKeys.all, 'job', id] as const,
};
