export { useIsVendorOrganisation } from './api/use-vendor-profiles';
export { VendorLogo } from './components/vendor-logo';
export { VendorProfilePanel } from './components/vendor-profile-panel';
export { VendorProfileScreen } from './components/vendor-profile-screen';
