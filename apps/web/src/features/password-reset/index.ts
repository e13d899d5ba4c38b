export { NewPasswordForm } from './components/new-password-form';
export { RequestLinkForm } from './components/request-link-form';
