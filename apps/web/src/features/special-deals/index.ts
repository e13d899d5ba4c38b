export { SpecialDealTab } from './components/special-deal-tab';
