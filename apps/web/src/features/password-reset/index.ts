export { NewPasswordForm } from './components/new-password-form';
export { PasswordRules } from './components/password-rules';
export { RequestLinkForm } from './components/request-link-form';
