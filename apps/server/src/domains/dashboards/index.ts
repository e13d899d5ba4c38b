export { seedDemoDashboards } from './dashboards.demo.js';
export { dashboardOperations } from './dashboards.operations.js';
export { dashboardRoutes } from './dashboards.routes.js';
