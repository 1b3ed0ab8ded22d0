// `npm test`: typecheck, lint, unit + server integration tests (vitest), web build, browser e2e
// (Playwright on Debian's Chromium), and the bundle budgets (bench/bundle). Ends with one plain line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = { passed: 0, failed: 0 };
const failures = [];
/** The names of the failed tests, printed again just above the summary so a CI log's tail shows them. */
const failedTests = [];
mkdirSync('test-results', { recursive: true });

function run(label, command, args, env = {}) {
  process.stdout.write(`\n=== ${label}: ${command} ${args.join(' ')}\n`);
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return child.status === 0;
}
function check(label, ok) {
  if (ok) results.passed += 1;
  else {
    results.failed += 1;
    failures.push(label);
  }
}
/** Adds a runner's own counts; a runner that crashed before reporting counts as one failure. */
function countJson(label, file, read, exitedOk) {
  if (!existsSync(file)) return check(label, false);
  const { passed, failed } = read(JSON.parse(readFileSync(file, 'utf8')));
  results.passed += passed;
  results.failed += failed;
  if (failed > 0 || (!exitedOk && passed === 0)) failures.push(label);
  if (!exitedOk && failed === 0) check(`${label} (runner exit)`, false);
}

check('typecheck', run('typecheck', 'npm', ['run', '--silent', 'typecheck']));
check('lint', run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));

rmSync('test-results/vitest.json', { force: true });
const vitestOk = run('unit and server tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
countJson(
  'vitest',
  'test-results/vitest.json',
  (r) => {
    for (const file of r.testResults ?? [])
      for (const test of file.assertionResults ?? [])
        if (test.status !== 'passed') failedTests.push(`vitest ${test.status}: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numPendingTests ?? 0) };
  },
  vitestOk,
);

const buildOk = run('web build', 'npm', ['run', '--silent', 'build']);
check('web build', buildOk);
if (buildOk) {
  // Bundle sizes are deterministic: the budgets of issue 10 are checked on every run.
  rmSync('test-results/bundle.json', { force: true });
  const bundleOk = run('bundle budgets', 'node', ['bench/bundle/run.mjs', '--check']);
  countJson('bundle budgets', 'test-results/bundle.json', (r) => r, bundleOk);

  rmSync('test-results/e2e.json', { force: true });
  const e2eOk = run('browser end-to-end tests', 'npx', ['playwright', 'test']);
  countJson(
    'e2e',
    'test-results/e2e.json',
    (r) => {
      collectPlaywrightFailures(r.suites ?? [], []);
      return { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky + (r.stats.skipped ?? 0) };
    },
    e2eOk,
  );
}

function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status !== 'expected') failedTests.push(`e2e ${test.status}: ${[...path, spec.title].join(' › ')}`);
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

if (failedTests.length) process.stdout.write(`\n${failedTests.join('\n')}\n`);
if (failures.length) process.stdout.write(`\nFailed: ${failures.join(', ')}\n`);
process.stdout.write(`\n${results.passed} passed, ${results.failed} failed\n`);
process.exit(results.failed === 0 ? 0 : 1);
