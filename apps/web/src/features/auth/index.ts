export { currentUserKey, useCurrentUser } from './api/use-current-user';
export { SignInForm } from './components/sign-in-form';
export { UserMenu } from './components/user-menu';
