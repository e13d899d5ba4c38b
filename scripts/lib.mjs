// Shared steps of `npm start` and `npm test`: install what is missing, build what is stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function mustRun(command, args, options = {}) {
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed with exit code ${status}`);
    process.exit(status);
  }
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`Node.js 20.19 or newer is needed; this is ${process.versions.node}.`);
    process.exit(1);
  }
}

/** Newest modification time of any file below the given folders (node_modules and dist skipped). */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
      const path = join(dir, name);
      const stat = statSync(path);
      if (stat.isDirectory()) walk(path);
      else newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const d of dirs) walk(join(root, d));
  return newest;
}

const mtime = (path) => (existsSync(join(root, path)) ? statSync(join(root, path)).mtimeMs : 0);

export function ensureInstalled() {
  const marker = 'node_modules/.package-lock.json';
  if (!existsSync(join(root, marker)) || mtime('package-lock.json') > mtime(marker)) {
    console.log('› installing dependencies (npm install)');
    mustRun('npm', ['install', '--no-audit', '--no-fund']);
  }
}

/** Builds the web app, the server and the embed library when their sources are newer than their output. */
export function ensureBuilt({ force = false, only = null } = {}) {
  const targets = [
    {
      name: 'web app',
      output: 'apps/web/dist/index.html',
      sources: ['apps/web', 'packages/contracts/src', 'packages/embed/src'],
      workspace: 'apps/web',
    },
    {
      name: 'server',
      output: 'apps/server/dist/server.js',
      sources: ['apps/server/src', 'packages/contracts/src'],
      workspace: 'apps/server',
    },
    {
      name: 'embed library',
      output: 'packages/embed/dist/powerbi.js',
      sources: ['packages/embed/src', 'packages/embed/scripts'],
      workspace: 'packages/embed',
    },
    {
      name: 'embed host',
      output: 'apps/embed-host/dist/host.js',
      sources: ['apps/embed-host/src', 'packages/embed/src'],
      workspace: 'apps/embed-host',
    },
  ];
  for (const t of targets) {
    if (only && !only.includes(t.name)) continue;
    if (force || mtime(t.output) < newestMtime(t.sources)) {
      console.log(`› building the ${t.name}`);
      mustRun('npm', ['run', 'build', '-w', t.workspace]);
    }
  }
}
