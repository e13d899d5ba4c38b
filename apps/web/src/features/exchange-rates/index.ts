export { ExchangeRatesScreen } from './components/exchange-rates-screen';
