// `npm run bench`: builds the web app, runs bench/bundle, bench/api and bench/lighthouse in turn
// (each writes bench/results/<name>.md and .json) and writes docs/benchmarks.md with the date, the
// machine and the command. `npm run bench -- bundle api` runs only those; `npm run bench -- --compose`
// runs nothing and writes docs/benchmarks.md from the results already in bench/results/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';

const ALL = ['bundle', 'api', 'lighthouse', 'books'];
const picked = process.argv.slice(2).filter((a) => ALL.includes(a));
const composeOnly = process.argv.includes('--compose');
const benches = picked.length ? picked : ALL;

const version = (command, args) => {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim().split('\n')[0] : 'not found';
};

const started = new Date();
mkdirSync('bench/results', { recursive: true });
const outcomes = [];
if (composeOnly) {
  for (const name of benches) outcomes.push({ name, ok: existsSync(`bench/results/${name}.md`), seconds: 0 });
} else {
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(2);
}
for (const name of composeOnly ? [] : benches) {
  rmSync(`bench/results/${name}.md`, { force: true });
  const t0 = Date.now();
  process.stderr.write(`\n=== bench/${name}\n`);
  const r = spawnSync('node', [`bench/${name}/run.mjs`], { stdio: 'inherit' });
  outcomes.push({ name, ok: r.status === 0 && existsSync(`bench/results/${name}.md`), seconds: Math.round((Date.now() - t0) / 1000) });
}

const cpus = os.cpus();
const lines = [
  '# Benchmarks',
  '',
  'Written by `npm run bench` (bench/run.mjs); rerun it to refresh. Budgets are those of issue 10; the bundle budget is also',
  'enforced by `npm test`. Figures from a shared 2-core machine vary by a few percent between runs.',
  '',
  `- Date: ${started.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  `- Machine: ${os.type()} ${os.release()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
  `- Node ${process.version}; ${version('/usr/bin/chromium', ['--version'])}; PostgreSQL: ${process.env.DATABASE_URL ? 'DATABASE_URL set' : 'DATABASE_URL not set (bench/api makes a throwaway cluster)'}`,
  composeOnly
    ? '- Command: `npm run bench -- --compose` (the sections below from the runs in bench/results/; each says when it was measured)'
    : `- Command: \`npm run bench${picked.length ? ` -- ${picked.join(' ')}` : ''}\` (${outcomes.map((o) => `${o.name} ${o.seconds} s`).join(', ')})`,
  '',
];
for (const { name, ok } of outcomes) {
  lines.push(ok ? readFileSync(`bench/results/${name}.md`, 'utf8').trim() : `## ${name}\n\nbench/${name} failed on this run; see its output.`, '');
}
writeFileSync('docs/benchmarks.md', lines.join('\n'));
process.stderr.write('\nWrote docs/benchmarks.md\n');
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
