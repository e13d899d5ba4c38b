export { ProvisioningTab } from './components/provisioning-tab';
