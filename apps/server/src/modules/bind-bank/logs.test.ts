import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const PROBE = fileURLToPath(new URL('../../test-support/log-probe.ts', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

describe('the server log', () => {
  it('never holds an account number: not a refused one, not a saved one, not one sent in the address', () => {
    const numbers = { refused: '5550001112223334445', bank: '7770001112223', wallet: '09665554443' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', PROBE, numbers.refused, numbers.bank, numbers.wallet], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 90_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(run.status, output).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
    // The probe ran every call: refused, saved, changed, shown, sent in the address, listed by the back office.
    expect(lines.find((l) => l.probe !== undefined)).toEqual({ probe: 'done', statuses: [400, 200, 200, 200, 200, 200] });
    // Logging was on: every request was logged with its (redacted) URL.
    const urls = lines.map((l) => (l.req as { url?: string } | undefined)?.url).filter((u): u is string => u !== undefined);
    expect(urls.filter((u) => u.startsWith('/h5api/v3/bind-card/'))).toHaveLength(5);
    expect(urls.some((u) => u.includes('cardNo=[redacted]'))).toBe(true);
    for (const number of Object.values(numbers)) expect(output).not.toContain(number);
    // Not even the tail beyond the masked last four.
    expect(output).not.toContain(numbers.bank.slice(0, 9));
  }, 120_000);
});
