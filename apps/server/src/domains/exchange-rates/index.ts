export { exchangeRateOperations } from './exchange-rates.operations.js';
export { conversionForAccount, loadRates, providerIdOf, seedDemoExchangeRates } from './exchange-rates.service.js';
