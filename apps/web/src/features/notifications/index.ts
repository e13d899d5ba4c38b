export { NotificationsTab } from './components/notifications-tab';
