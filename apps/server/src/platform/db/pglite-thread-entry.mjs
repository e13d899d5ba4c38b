// The worker thread of pglite-worker.ts when the server runs from its TypeScript sources (tsx, vitest): a worker starts
// without the TypeScript loader, so this registers it, then runs pglite-thread.ts. The built server starts
// dist/pglite-thread.js instead (build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./pglite-thread.ts');
