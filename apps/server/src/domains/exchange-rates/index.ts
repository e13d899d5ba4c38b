export { exchangeRateOperations } from './exchange-rates.operations.js';
export {
  conversionForAccount,
  loadRates,
  providerIdOf,
  providerRatesSql,
  ratesOf,
  seedDemoExchangeRates,
} from './exchange-rates.service.js';
