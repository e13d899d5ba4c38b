// npm test: install what is missing, then lint and format check, typecheck, unit and API tests
// (PGlite, or PostgreSQL when DATABASE_URL is set), the embed library's tests, a build, and the
// browser tests in Debian's Chromium. Prints one closing line: "tests: N passed, N failed".
// With TEST_POSTGRES=1 (CI: `TEST_POSTGRES=1 npm test`) or `--postgres` it also runs the server's database
// tests again against a throwaway PostgreSQL server. The browser tests run in two shards side by side; the type check and
// the unit, embed and PostgreSQL tests run meanwhile at lower priority (decision 0031).
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { databaseTestFiles } from './database-tests.mjs';
import { checkNode, ensureBuilt, ensureInstalled, root, run } from './lib.mjs';

checkNode();
ensureInstalled();
const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
// Read once and not passed on: the nested runs (the lane, the PostgreSQL run) are told their steps by name.
const postgresWanted = process.env.TEST_POSTGRES === '1';
delete process.env.TEST_POSTGRES;
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// `postgres` is a step of its own, asked for by name or by --postgres; the others run when none is named.
const wants = (step) =>
  step === 'postgres'
    ? only.includes(step) || flags.includes('--postgres') || postgresWanted
    : only.length === 0 || only.includes(step);
const reports = mkdtempSync(join(tmpdir(), 'portal-test-'));
const failures = [];
const timings = [];
/** The failed tests by name ("file › title: first line of the message"), printed again at the very end of the run. */
const failedTests = [];
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
  for (const suite of r.testResults ?? []) {
    const file = relative(root, suite.name ?? '');
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const message = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failedTests.push(`${file} › ${test.fullName ?? test.title}: ${message}`);
    }
    // A file can fail with every test passed (a hook that timed out, an error outside any test): name the file then.
    if (suite.status === 'failed' && !(suite.assertionResults ?? []).some((test) => test.status === 'failed')) {
      failedTests.push(
        `${file}: ${String(suite.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
}

if (wants('lint')) {
  step('lint and format (biome)', 'npx', ['biome', 'check', '.']);
  step('no merge conflict markers', process.execPath, [join(root, 'scripts/conflict-markers.mjs')]);
}
// With the browser tests, the type check and the unit, embed and PostgreSQL steps run beside them (startLane).
const laneSteps = wants('e2e') && !process.env.TEST_SEQUENTIAL ? ['typecheck', 'unit', 'embed', 'postgres'].filter(wants) : [];
if (wants('typecheck') && !laneSteps.includes('typecheck')) {
  // The embed host type-checks against the embed library's published types (dist/esm/*.d.ts).
  ensureBuilt({ only: ['embed library'] });
  // The contracts, the server, the bench and the browser tests share one set of compiler options: one program
  // (tsconfig.node.json) checks them together, each file once, instead of the server's files again in the bench's and
  // the contracts' in every project (about 12 CPU-s against 30).
  const projects = ['apps/web', 'tsconfig.node.json', 'packages/embed', 'apps/embed-host'];
  await typecheck(projects.filter((project) => existsSync(project.endsWith('.json') ? project : join(project, 'tsconfig.json'))));
}
/** Names the browser tests that failed in the end (suites nest by file and describe). */
function countPlaywrightFailures(suites) {
  eachSpec(suites, (spec) => {
    for (const test of spec.tests ?? []) {
      if (test.status !== 'unexpected') continue;
      const last = test.results?.at(-1);
      const message = String(last?.error?.message ?? '')
        .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
        .split('\n')[0]
        .slice(0, 300);
      failedTests.push(`e2e/${spec.file} › ${spec.title}: ${message}`);
    }
  });
}

/** Calls `visit` with every spec of a Playwright JSON report's suites (they nest by file and describe). */
function eachSpec(suites, visit) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) visit(spec);
    eachSpec(suite.suites ?? [], visit);
  }
}

/** A summary file a nested run (the low-priority lane, the PostgreSQL run) leaves for its parent to count. */
function readSummary(file) {
  if (!existsSync(file)) return false;
  const summary = JSON.parse(readFileSync(file, 'utf8'));
  passed += summary.passed;
  failed += summary.failed;
  timings.push(...summary.timings);
  failures.push(...summary.failures);
  failedTests.push(...(summary.failedTests ?? []));
  return true;
}

function unitAndEmbed() {
  if (wants('unit')) {
    const out = join(reports, 'vitest.json');
    step(process.env.DATABASE_URL ? 'unit and API tests (PostgreSQL)' : 'unit and API tests (PGlite)', 'npx', [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      // Against PostgreSQL only the server's tests that reach a database (scripts/database-tests.mjs): the pure
      // rule tests, the web app's and the contracts' never do, and ran on the first pass.
      ...(process.env.DATABASE_URL ? databaseTestFiles() : []),
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
  if (wants('postgres')) {
    // The server's tests that reach a database (scripts/database-tests.mjs), again on a real PostgreSQL.
    const summary = join(reports, 'postgres.json');
    step(
      'database tests on PostgreSQL (scripts/with-postgres.sh)',
      'scripts/with-postgres.sh',
      ['node', 'scripts/test.mjs', 'unit'],
      {
        env: { ...process.env, TEST_SUMMARY_FILE: summary },
      },
    );
    if (!readSummary(summary)) failures.push('database tests on PostgreSQL (no summary)');
  }
}

/**
 * With the browser tests: the type check and the unit, embed and PostgreSQL steps run in a child `scripts/test.mjs` at a
 * lower CPU priority (nice 5: about a quarter of a core the browser tests want; the two browser shards keep both cores
 * busy, and at 19 a loaded machine starved vitest's workers past their start timeout), so they mostly use what the
 * browser tests leave. Its output is kept in a file and
 * printed after the browser tests. TEST_SEQUENTIAL=1 runs everything one after another instead.
 */
function startLane() {
  const steps = laneSteps;
  if (steps.length === 0) return null;
  // Built before the lane starts: its type check and the browser tests then never build the same output at once.
  ensureBuilt();
  const log = join(reports, 'lane.log');
  const summary = join(reports, 'lane.json');
  const fd = openSync(log, 'w');
  const started = Date.now();
  const nice = existsSync('/usr/bin/nice') ? ['/usr/bin/nice', ['-n', '5', process.execPath]] : [process.execPath, []];
  const child = spawn(nice[0], [...nice[1], join(root, 'scripts/test.mjs'), ...steps], {
    cwd: root,
    stdio: ['ignore', fd, fd],
    env: { ...process.env, TEST_SUMMARY_FILE: summary },
  });
  closeSync(fd);
  console.log(`\n━━ ${steps.join(', ')}: running beside the browser tests at low priority (output after them)`);
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve(String(error)));
    child.on('close', () => resolve(null));
  });
  return async () => {
    const error = await done;
    console.log(`\n━━ ${steps.join(', ')} (beside the browser tests, ${Math.round((Date.now() - started) / 1000)} s)`);
    console.log(readFileSync(log, 'utf8').trimEnd());
    if (error) console.log(error);
    if (!readSummary(summary)) failures.push(`${steps.join(', ')} (no summary)`);
  };
}

const lane = startLane();
if (!lane) unitAndEmbed();
if (wants('e2e')) {
  ensureBuilt();
  // Debian's headless build of Chromium (package chromium-headless-shell, from the same chromium source as the
  // browser): the build Playwright itself runs headless tests in, about a fifth less CPU than the full browser
  // in headless mode (decision 0031). CHROMIUM_PATH chooses another.
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(chromium) && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get') && !process.env.SKIP_BROWSER_INSTALL) {
    console.log('\n› installing Debian Chromium (headless shell) for the browser tests');
    run('apt-get', ['update', '-q']);
    run('apt-get', ['install', '-y', '-q', 'chromium-headless-shell'], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (existsSync(chromium)) {
    await browserTests(chromium);
  } else {
    console.log(
      `\n! browser tests skipped: no Chromium at ${chromium} (install Debian's chromium-headless-shell package, or set CHROMIUM_PATH)`,
    );
    failures.push('browser tests (Chromium not installed)');
  }
}

/** Each spec file's test time in the Playwright reports given (retries included), by file name. */
function specSeconds(reports) {
  const seconds = {};
  for (const report of reports) {
    eachSpec(report.suites ?? [], (spec) => {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) seconds[spec.file] = (seconds[spec.file] ?? 0) + result.duration / 1000;
      }
    });
  }
  return Object.fromEntries(Object.entries(seconds).map(([file, s]) => [file, Math.round(s)]));
}

/**
 * Cuts the spec files, in their name order (the order one run takes them in), into `count` runs of about the same
 * time by e2e/spec-seconds.json; a file it does not name counts as its median.
 */
function cutSpecs(count) {
  const files = readdirSync(join(root, 'e2e/specs'))
    .filter((f) => f.endsWith('.spec.ts'))
    .sort();
  // Each spec file's seconds in a recent run, by file name.
  const specSecondsFile = join(root, 'e2e/spec-seconds.json');
  const known = existsSync(specSecondsFile) ? JSON.parse(readFileSync(specSecondsFile, 'utf8')) : {};
  const values = Object.values(known).sort((a, b) => a - b);
  const median = values.length > 0 ? values[Math.floor(values.length / 2)] : 1;
  const weight = (f) => known[f] ?? median;
  const total = files.reduce((sum, f) => sum + weight(f), 0);
  const shards = [];
  let current = [];
  let done = 0;
  for (const f of files) {
    // A file goes to the next shard once this one has its share, counting the file at its middle.
    if (current.length > 0 && shards.length < count - 1 && done + weight(f) / 2 > (total * (shards.length + 1)) / count) {
      shards.push(current);
      current = [];
    }
    current.push(f);
    done += weight(f);
  }
  shards.push(current);
  return shards;
}

/**
 * The browser tests in E2E_SHARDS (default 2) Playwright runs side by side, each its own portal, demo database and
 * mail catcher on its own port (8091, 8092, ...; E2E_PORT moves the first): one chain of runner, browser and portal
 * keeps about one and a half of the two cores busy, two keep both (decision 0031). The spec files are cut in name
 * order by their recent times (e2e/spec-seconds.json; this run's are written beside its reports). Their lines are
 * printed as they come, each led by its shard.
 */
async function browserTests(chromium) {
  const shards = cutSpecs(Math.max(1, Number(process.env.E2E_SHARDS ?? 2)));
  const firstPort = Number(process.env.E2E_PORT ?? 8091);
  const started = Date.now();
  console.log(`\n━━ browser tests (Chromium, ${shards.length} shard${shards.length > 1 ? 's' : ''})`);
  const outs = shards.map((_, i) => join(reports, `e2e-${i + 1}.json`));
  const statuses = await Promise.all(
    shards.map((files, i) => {
      const label = shards.length > 1 ? `[${i + 1}/${shards.length}] ` : '';
      if (shards.length > 1) console.log(`${label}${files[0]} to ${files.at(-1)} (${files.length} files)`);
      // Each file by its path from specs/, so that no other file's name matches it.
      const args = ['playwright', 'test', '--reporter=list,json', ...(shards.length > 1 ? files.map((f) => `/specs/${f}`) : [])];
      return new Promise((resolve) => {
        const child = spawn('npx', args, {
          cwd: join(root, 'e2e'),
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, CHROMIUM_PATH: chromium, E2E_PORT: String(firstPort + i), PLAYWRIGHT_JSON_OUTPUT_NAME: outs[i] },
        });
        for (const stream of [child.stdout, child.stderr]) {
          let rest = '';
          stream.on('data', (chunk) => {
            const lines = (rest + chunk).split('\n');
            rest = lines.pop() ?? '';
            for (const line of lines) console.log(label + line);
          });
          stream.on('end', () => {
            if (rest) console.log(label + rest);
          });
        }
        child.on('error', () => resolve(1));
        child.on('close', (code) => resolve(code ?? 1));
      });
    }),
  );
  const shardsLabel = `${shards.length} shard${shards.length > 1 ? 's' : ''}`;
  timings.push(`browser tests (Chromium, ${shardsLabel}): ${Math.round((Date.now() - started) / 1000)} s`);
  statuses.forEach((status, i) => {
    if (status !== 0) failures.push(`browser tests (Chromium, shard ${i + 1} of ${shards.length})`);
  });
  // Each shard's report, read once: its counts, its failures and its spec times.
  const shardReports = outs.filter((out) => existsSync(out)).map((out) => JSON.parse(readFileSync(out, 'utf8')));
  for (const report of shardReports) {
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    countPlaywrightFailures(report.suites ?? []);
  }
  writeFileSync(join(reports, 'spec-seconds.json'), `${JSON.stringify(specSeconds(shardReports), null, 2)}\n`);
  console.log(`\nthis run's spec times: ${join(reports, 'spec-seconds.json')} (copy to e2e/spec-seconds.json to cut by them)`);
}

if (lane) await lane();

if (process.env.TEST_SUMMARY_FILE) {
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, timings, failures, failedTests }));
}
console.log(`\nstep times: ${timings.join('; ')}`);
if (failures.length > 0) console.log(`failed steps: ${failures.join('; ')}`);
for (const test of failedTests) console.log(`failed test: ${test}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failures.length > 0 ? 1 : 0);
