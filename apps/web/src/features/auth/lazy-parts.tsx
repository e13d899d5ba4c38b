import { lazyPart, PartLoader } from '../../components/ui/lazy-part';

// The account page's security tabs are fetched when first opened: most visits never open them.
const asTab = { fallback: <PartLoader m="xl" /> };
export const SecurityTab = lazyPart(() => import('./components/security-tab'), 'SecurityTab', asTab);
export const UserSecurityTab = lazyPart(() => import('./components/user-security-tab'), 'UserSecurityTab', asTab);

// The gates stand in for the whole shell, and only a user with a first-time password or new terms ever meets them.
const asGate = { fallback: <PartLoader m="xl" /> };
export const InitialPasswordGate = lazyPart(() => import('./components/initial-password-gate'), 'InitialPasswordGate', asGate);
export const TermsGate = lazyPart(() => import('./components/terms-gate'), 'TermsGate', asGate);
