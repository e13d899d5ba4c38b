// A worker starts without the TypeScript loader: this entry registers it, then runs thread.ts.
import { register } from 'tsx/esm/api';

register();
await import('./thread.ts');
