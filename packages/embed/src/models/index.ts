export * from './enums.js';
export * from './filters.js';
export * from './selectors.js';
export * from './types.js';
export * from './validators.js';
