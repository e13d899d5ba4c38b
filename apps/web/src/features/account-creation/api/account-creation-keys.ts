export const accountCreationKeys = {
  all: ['account-creation'] as const,
  views: (type: string, parentId: number) => ['account-creation', 'views', type, parentId] as const,
  parents: (type: string, parentId: number | null) => ['account-creation', 'parents', type, parentId] as const,
  search: (type: string, text: string) => ['account-creation', 'search', type, text] as const,
};
