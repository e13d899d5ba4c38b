import { ExchangeRatesScreen } from '../../features/exchange-rates';

/** #/ExchangeRates: the provider's month-end exchange rates [A2.33]. */
export function ExchangeRatesPage() {
  return <ExchangeRatesScreen />;
}
