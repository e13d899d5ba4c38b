export { AccountChooser } from './components/account-chooser';
export { AccountTree } from './components/account-tree';
export {
  AccountView,
  type FeatureActionsRenderer,
  type FeatureTabRenderer,
  type ReportTabRenderer,
} from './components/account-view';
export { ChildAccountsTab } from './components/child-accounts-tab';
export { ResetPriceProtectionButton } from './components/reset-price-protection';
export { UpgradeSubscription } from './components/upgrade-subscription';
export { CustomActionModal } from './lazy-parts';
