export { DiscountTab } from './components/discount-tab';
