export { type SalesQuotesRoute, SalesQuotesScreen, type SalesQuotesScreenProps } from './components/sales-quotes-screen';
