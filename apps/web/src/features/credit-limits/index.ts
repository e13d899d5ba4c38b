export { CreditCheckTab } from './components/credit-check-tab';
