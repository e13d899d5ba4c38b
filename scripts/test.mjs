// npm test: install what is missing, then lint and format check, typecheck, unit and API tests
// (PGlite, or PostgreSQL when DATABASE_URL is set), the embed library's tests, a build, and the
// browser tests in Debian's Chromium. Prints one closing line: "tests: N passed, N failed".
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, run } from './lib.mjs';

checkNode();
ensureInstalled();
const only = process.argv.slice(2);
const wants = (step) => only.length === 0 || only.includes(step);
const reports = mkdtempSync(join(tmpdir(), 'portal-test-'));
const failures = [];
const timings = [];
let passed = 0;
let failed = 0;

function step(name, command, args, options) {
  console.log(`\n━━ ${name}`);
  const started = Date.now();
  const status = run(command, args, options);
  timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (status !== 0) failures.push(name);
  return status;
}

/** Type-checks the projects two at a time (one per core); each project's output is printed when it ends. */
async function typecheck(projects) {
  const queue = [...projects];
  const one = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const name = `typecheck ${project}`;
      const started = Date.now();
      const { status, output } = await new Promise((resolve) => {
        const child = spawn('npx', ['tsc', '--noEmit', '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
        let text = '';
        child.stdout.on('data', (chunk) => {
          text += chunk;
        });
        child.stderr.on('data', (chunk) => {
          text += chunk;
        });
        child.on('error', (error) => resolve({ status: 1, output: String(error) }));
        child.on('close', (code) => resolve({ status: code ?? 1, output: text }));
      });
      console.log(`\n━━ ${name}`);
      if (output.trim()) console.log(output.trimEnd());
      timings.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
      if (status !== 0) failures.push(name);
    }
  };
  await Promise.all([one(), one()]);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
}

if (wants('lint')) step('lint and format (biome)', 'npx', ['biome', 'check', '.']);
if (wants('typecheck')) {
  // The embed host type-checks against the embed library's published types (dist/esm/*.d.ts).
  ensureBuilt({ only: ['embed library'] });
  const projects = ['packages/contracts', 'apps/server', 'apps/web', 'e2e', 'bench', 'packages/embed', 'apps/embed-host'];
  await typecheck(projects.filter((project) => existsSync(join(project, 'tsconfig.json'))));
}
if (wants('unit')) {
  const out = join(reports, 'vitest.json');
  step(process.env.DATABASE_URL ? 'unit and API tests (PostgreSQL)' : 'unit and API tests (PGlite)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
    // Against PostgreSQL only the server's tests: the web app's and the contracts' never reach a database.
    ...(process.env.DATABASE_URL ? ['apps/server/'] : []),
  ]);
  countVitest(out);
}
if (wants('embed')) {
  const out = join(reports, 'embed.json');
  step('embed library tests', 'npx', [
    'vitest',
    'run',
    '--root',
    'packages/embed',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  countVitest(out);
}
if (wants('e2e')) {
  ensureBuilt();
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.SKIP_BROWSER_INSTALL) {
    console.log('\n› installing Debian Chromium for the browser tests');
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (existsSync(chromium)) {
    const out = join(reports, 'e2e.json');
    step('browser tests (Chromium)', 'npx', ['playwright', 'test', '--reporter=list,json'], {
      cwd: join(process.cwd(), 'e2e'),
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    if (existsSync(out)) {
      const stats = JSON.parse(readFileSync(out, 'utf8')).stats;
      passed += stats.expected + stats.flaky;
      failed += stats.unexpected;
    }
  } else {
    console.log(
      `\n! browser tests skipped: no Chromium at ${chromium} (install Debian's chromium package, or set CHROMIUM_PATH)`,
    );
    failures.push('browser tests (Chromium not installed)');
  }
}

console.log(`\nstep times: ${timings.join('; ')}`);
if (failures.length > 0) console.log(`failed steps: ${failures.join('; ')}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
