/**
 * What `npm start` leaves open (issue 18): it listens on loopback only unless HOST says otherwise,
 * the dev back office gets a random token per start (a set OPS_TOKEN must be 32 characters, and
 * production refuses one), and a demo session is printed only by the start that seeds the demo, never
 * in production, which also needs its card-data keys. Each case starts the real server as its own
 * process (`scripts/start.mjs`).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startServer } from '../support/server-process.ts';

const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cashloan-dev-defaults-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Production needs its card-data keys (docs/ops.md, "Card-data keys"). */
const CARD_KEYS = { CARD_DATA_KEYS: `k1:${randomBytes(32).toString('base64')}`, CARD_HASH_KEY: randomBytes(32).toString('base64') };

/** Whether something accepts a connection at this address and port. */
async function answers(host: string, port: number): Promise<boolean> {
  try {
    await fetch(`http://${host}:${port}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return true;
  } catch {
    return false;
  }
}

/** Runs the server with this environment until it exits (it should refuse to start). */
function refusedStart(env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: '', DATABASE_URL: '', DATA_DIR: newDataDir(), WEB_DIST: '', LOG_LEVEL: 'warn', PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('npm start', () => {
  it('listens on 127.0.0.1 only, gives /ops a new random token each start, and prints the demo session only when it seeds it', async () => {
    const dataDir = newDataDir();
    const first = await startServer({ dataDir, launch: 'npm-start' });
    let second;
    try {
      expect(first.opsToken).toMatch(/^[\w-]{32,}$/);
      expect(first.output()).toContain(`Borrower app on http://127.0.0.1:${first.port}`);
      expect(first.output()).toMatch(/Developer preview with a demo session: .*sessionId=[0-9a-f]{64}/);
      // 127.0.0.2 is loopback too: a server on every interface would answer it.
      expect(await answers('127.0.0.1', first.port)).toBe(true);
      expect(await answers('127.0.0.2', first.port)).toBe(false);
      const clock = await fetch(`${first.url}/ops/clock`, { headers: { authorization: `Bearer ${first.opsToken}` } });
      expect(clock.status).toBe(200);
      await first.stop();

      second = await startServer({ dataDir, launch: 'npm-start', port: first.port });
      expect(second.opsToken).toMatch(/^[\w-]{32,}$/);
      expect(second.opsToken).not.toBe(first.opsToken);
      expect(second.output()).not.toContain('sessionId=');
      expect(second.output()).toContain('Demo data was seeded on an earlier start; GET /ops/demo-links');
      expect((await fetch(`${second.url}/ops/clock`, { headers: { authorization: `Bearer ${first.opsToken}` } })).status).toBe(401);
      const links = await fetch(`${second.url}/ops/demo-links`, { headers: { authorization: `Bearer ${second.opsToken}` } });
      expect(((await links.json()) as { data: { previewPath: string } }).data.previewPath).toMatch(/^\/testPreview\?.*sessionId=[0-9a-f]{64}/);
    } finally {
      await first.stop();
      await second?.stop();
    }
  });

  it('with NODE_ENV=production: no ops token is made, /ops is not there, and no demo session is printed', async () => {
    const server = await startServer({ dataDir: newDataDir(), launch: 'npm-start', env: { NODE_ENV: 'production', ...CARD_KEYS } });
    try {
      expect(server.opsToken).toBe('');
      expect(server.output()).not.toContain('sessionId=');
      expect(server.output()).not.toContain('Ops API');
      expect((await fetch(`${server.url}/ops/clock`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with OPS_TOKEN under NODE_ENV=production, or with an OPS_TOKEN shorter than 32 characters, naming it', () => {
    const production = refusedStart({ NODE_ENV: 'production', OPS_TOKEN: 'x'.repeat(40), ...CARD_KEYS });
    expect(production.status).not.toBe(0);
    expect(production.output).toContain('OPS_TOKEN: the /ops dev back office must not run with NODE_ENV=production');
    const short = refusedStart({ OPS_TOKEN: 'dev-ops-token' });
    expect(short.status).not.toBe(0);
    expect(short.output).toContain('OPS_TOKEN: must be at least 32 characters');
  });

  it('refuses to start under NODE_ENV=production without the card-data keys, naming them, and makes no key file', () => {
    const dataDir = newDataDir();
    const result = refusedStart({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('CARD_DATA_KEYS: is required when NODE_ENV=production');
    expect(result.output).toContain('CARD_HASH_KEY: is required when NODE_ENV=production');
    expect(existsSync(join(dataDir, 'card-data.key'))).toBe(false);
  });
});
