export { orderingOperations } from './ordering.operations.js';
export { acceptTermsForService, marketServiceForAccount, type PlacedOrder, placeOrder } from './ordering.service.js';
