/**
 * The top frames of a V8 CPU profile (`node --cpu-prof`, as BENCH_API_CPU_PROF writes): self time by
 * function, and total time (self + callees) by function, each as a share of the profile.
 *
 *   node bench/api/profile-top.mjs <file.cpuprofile> [rows] [last-seconds]
 *
 * With last-seconds, only the samples of the profile's last seconds count (the load, not the
 * server's start and the seeding before it).
 */
import { readFileSync } from 'node:fs';

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) {
  process.stderr.write('usage: node bench/api/profile-top.mjs <file.cpuprofile> [rows]\n');
  process.exit(2);
}
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their time deltas.
const selfUs = new Map();
const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= from) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const name = (n) => {
  const f = n.callFrame;
  const where = f.url ? `${f.url.replace(/^.*\/(node_modules\/|apps\/|node:)/, '$1')}:${f.lineNumber + 1}` : '';
  return `${f.functionName || '(anonymous)'} ${where}`.trim();
};

const self = new Map();
const inclusive = new Map();
for (const [id, us] of selfUs) {
  const key = name(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + us);
  // Each function once per stack, so recursion is not counted twice.
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const k = name(byId.get(at));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + us);
  }
}
process.stdout.on('error', () => process.exit(0));
const table = (title, map) => {
  process.stdout.write(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)\n`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    process.stdout.write(`${((us * 100) / total).toFixed(1).padStart(5)}%  ${key}\n`);
  }
};
table('self', self);
table('total', inclusive);
