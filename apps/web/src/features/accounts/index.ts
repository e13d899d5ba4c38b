export { AccountTree } from './components/account-tree';
export { AccountView, type FeatureTabRenderer } from './components/account-view';
export { CustomActionModal } from './components/custom-action-modal';
