import type { AccountExtension } from '../accounts/index.js';
import { listForAccount, PAGE_FACTS_SQL } from './provisioning.repository.js';
import * as service from './provisioning.service.js';

export { seedProvisioningDemo } from './provisioning.demo.js';
export { provisioningJobHandler } from './provisioning.job.js';
export { provisioningOperations } from './provisioning.operations.js';
export { provisioningRoutes } from './provisioning.routes.js';
/** Fills `{{NAME}}` placeholders with values (the request templates' rule; the post-creation message uses it too). */
export { renderTemplate } from './provisioning.rules.js';
/** Starts a provisioning request for an account's service action (null when the service defines none). */
export { CREATE_ACTION as CREATE_PROVISIONING_ACTION, startRequest as startProvisioningRequest } from './provisioning.service.js';
/** The newest provisioning requests of one account (the order detail's provisioning state); the caller checks scope. */
export { listForAccount as listAccountProvisioningRequests };

/** What provisioning adds to accounts: the ExtendedView counts [A3.1] and a request on each save [A4.2]. */
export const provisioningAccountExtension: AccountExtension = {
  name: 'provisioning',
  extendedSql: PAGE_FACTS_SQL,
  extendedValues: (facts, account) => service.extendedValues(facts, account),
  afterSave: (db, event) => service.requestAfterSave(db, event),
};
export { type FailedRequestRow, failedProvisioningRequests } from './provisioning.reports.js';
