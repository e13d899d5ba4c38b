export { auditOperations } from './audit.operations.js';
