export { marketplaceSearchOperations } from './marketplace-search.operations.js';
