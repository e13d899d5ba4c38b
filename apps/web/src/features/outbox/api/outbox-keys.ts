export const outboxKeys = {
  all: ['outbox'] as const,
  list: (page: number, search: string) => ['outbox', 'list', page, search] as const,
  message: (id: string) => ['outbox', 'message', id] as const,
};
