// npm start: install what is missing, build what is stale, then migrate, seed the demo tenant and
// serve everything on one port (PORT, default 8080) with the embedded database unless DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { checkNode, ensureBuilt, ensureInstalled, root } from './lib.mjs';

checkNode();
ensureInstalled();
ensureBuilt();

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js', '--seed-demo'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
