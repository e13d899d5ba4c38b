export { orderingOperations } from './ordering.operations.js';
