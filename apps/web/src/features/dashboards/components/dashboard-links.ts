/** The addresses of the manager's modes, given by the page (features do not build routes). */
export interface DashboardLinks {
  start: () => string;
  view: (id: number) => string;
  edit: (id: number) => string;
}
