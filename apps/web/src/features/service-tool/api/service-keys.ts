export const serviceKeys = {
  all: ['services'] as const,
  lists: () => ['services', 'list'] as const,
  list: (filters: { search: string; page: number }) => ['services', 'list', filters] as const,
  detail: (name: string) => ['services', 'detail', name] as const,
  lookups: (which: string) => ['services', 'lookups', which] as const,
  draft: (name: string | null) => ['services', 'draft', name ?? ''] as const,
};
