export { type SubscriptionServiceRow, subscriptionsByServiceAndVendor } from './subscriptions.reports.js';
export { subscriptionOperations } from './upgrade.operations.js';
export { upgradeSubscriptionAction } from './upgrade.service.js';
