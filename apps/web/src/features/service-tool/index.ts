export { ServiceToolWindow } from './components/service-tool-window';
export { ServicesList } from './components/services-list';
