export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: () => ['dashboards', 'list'] as const,
  detail: (id: number) => ['dashboards', 'detail', id] as const,
  /** The signed-in user's landing dashboard [M7.6]. */
  mine: () => ['dashboards', 'mine'] as const,
};
