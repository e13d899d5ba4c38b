export { CreateAccountMenu } from './components/create-account-menu';
export { CreateAccountWindow } from './components/create-account-window';
export type { CreateSuccessLinks } from './components/create-success';
export { OrderingWindow } from './components/ordering-window';
export { type ChosenParent, StepParent } from './components/step-parent';
export { ORDER_CAPABILITY } from './utils/order-capability';
export { referrerPath } from './utils/ordering-steps';
