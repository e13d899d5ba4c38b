export * from './http-post-message.js';
export * from './message-proxy.js';
export * from './router.js';
export * from './types.js';
