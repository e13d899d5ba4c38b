export { CreateAccountMenu } from './components/create-account-menu';
export { CreateAccountWindow } from './components/create-account-window';
export type { CreateSuccessLinks } from './components/create-success';
export { type ChosenParent, StepParent } from './components/step-parent';
