import { lazyPart, PartLoader } from '../../components/ui/lazy-part';

// The account page's security tabs are fetched when first opened: most visits never open them.
const asTab = { fallback: <PartLoader m="xl" /> };
export const SecurityTab = lazyPart(() => import('./components/security-tab'), 'SecurityTab', asTab);
export const UserSecurityTab = lazyPart(() => import('./components/user-security-tab'), 'UserSecurityTab', asTab);
