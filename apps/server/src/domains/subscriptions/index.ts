export { subscriptionOperations } from './upgrade.operations.js';
export { upgradeSubscriptionAction } from './upgrade.service.js';
