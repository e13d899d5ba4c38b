export const accountKeys = {
  all: ['accounts'] as const,
  detail: (id: number) => ['accounts', 'detail', id] as const,
  children: (id: number) => ['accounts', 'children', id] as const,
};
