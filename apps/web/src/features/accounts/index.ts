export { AccountTree } from './components/account-tree';
export { AccountView, type FeatureTabRenderer } from './components/account-view';
