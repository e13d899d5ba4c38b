export { AccountChooser } from './components/account-chooser';
export { AccountTree } from './components/account-tree';
export {
  AccountView,
  type FeatureActionsRenderer,
  type FeatureTabRenderer,
  type ReportTabRenderer,
} from './components/account-view';
export { CustomActionModal } from './components/custom-action-modal';
export { UpgradeSubscription } from './components/upgrade-subscription';
