export { notificationOperations } from './notifications.operations.js';
