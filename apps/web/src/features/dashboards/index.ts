export { LANDING_PAGE_CAPABILITY, useLandingDashboard } from './api/use-dashboards';
export { DashboardEditor } from './components/dashboard-editor';
export type { DashboardLinks } from './components/dashboard-links';
export { DashboardStart } from './components/dashboard-start';
export { DashboardViewer } from './components/dashboard-viewer';
export { LandingDashboard } from './components/landing-dashboard';
