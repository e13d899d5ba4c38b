export { DEMO_VENDOR_PROFILES, demoLogo, encodePng, seedDemoVendorProfiles } from './vendor-profiles.demo.js';
export { vendorProfileOperations } from './vendor-profiles.operations.js';
export { findOrganisationLogoName, findVendorLogoAttachment, vendorLogoReferences } from './vendor-profiles.service.js';
