export { FooterActions, type FooterActionsProps } from './components/footer-actions';
export { SupportDetailsScreen } from './components/support-details-screen';
