export { ImportAccountsButton } from './components/import-accounts-button';
export { type ImportParent, ImportWizardWindow } from './components/import-wizard-window';
