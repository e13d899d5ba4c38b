export { AuditLogTab } from './components/audit-log-tab';
