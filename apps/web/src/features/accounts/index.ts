export { AccountTree } from './components/account-tree';
export { AccountView } from './components/account-view';
