export { priceListOperations } from './price-lists.operations.js';
