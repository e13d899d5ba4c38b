/** Query keys of price lists: every key starts with 'price-lists' so one invalidation reaches all. */
export const priceListKeys = {
  all: ['price-lists'] as const,
  lists: (page: number, pageSize: number, search: string) => ['price-lists', 'list', page, pageSize, search] as const,
  detail: (id: number) => ['price-lists', 'detail', id] as const,
  services: (id: number) => ['price-lists', 'services', id] as const,
  servicesPage: (id: number, page: number, search: string) => ['price-lists', 'services', id, page, search] as const,
  assignees: (id: number) => ['price-lists', 'assignees', id] as const,
  assigneesPage: (id: number, page: number) => ['price-lists', 'assignees', id, page] as const,
  candidates: (id: number, search: string) => ['price-lists', 'candidates', id, search] as const,
  search: (id: number) => ['price-lists', 'search', id] as const,
};
