import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { metricsText } from './cluster.ts';
import { paymentsApplied } from './metrics.ts';

const PROBE = fileURLToPath(new URL('../../test-support/metrics-cluster-probe.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

/** Runs the probe (a primary and two workers) and returns what the asking worker got. */
function runCluster(mode: 'with-primary' | 'without-primary'): { text?: string; error?: string } {
  const run = spawnSync(process.execPath, ['--import', 'tsx', PROBE, mode], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
  expect(line, run.stdout).toBeDefined();
  return JSON.parse(line!) as { text?: string; error?: string };
}

describe('metrics of several processes (node:cluster)', () => {
  it('a worker answers the sum over every worker, added up by the primary', () => {
    const { text, error } = runCluster('with-primary');
    expect(error).toBeUndefined();
    // 2 in one worker, 3 in the other.
    expect(text).toContain('payments_applied_total{source="card"} 5');
    expect(text).toContain('# TYPE http_requests_total counter');
  }, 90_000);

  it('a worker whose primary does not answer fails after the timeout rather than passing its own numbers off as the sum', () => {
    const { text, error } = runCluster('without-primary');
    expect(text).toBeUndefined();
    expect(error).toMatch(/^ClusterMetricsError: the primary did not answer within 1000 ms/);
  }, 90_000);

  it('a process that is not a cluster worker answers its own registry', async () => {
    paymentsApplied.inc({ source: 'staff' }, 0);
    const text = await metricsText(50);
    expect(text).toContain('# TYPE payments_applied_total counter');
    expect(text).toMatch(/payments_applied_total\{source="staff"\} \d+/);
  });
});
