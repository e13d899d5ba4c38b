export { globalSearchOperations } from './global-search.operations.js';
