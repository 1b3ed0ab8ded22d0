/**
 * Issue 24: production runs the server from its compiled JavaScript, without tsx. The server is
 * built by scripts/build-server.mjs into a directory of its own (beside apps/server/dist, removed
 * at the end), started from it on a fresh PGlite data dir, and must migrate, seed and answer a
 * borrower's order-details call; its process must be plain `node <build>/main.js` (no loader in its
 * arguments or NODE_OPTIONS: on Node 20 a .ts module cannot load without one, so a build that still
 * needed TypeScript would not start). The compiled staff CLI then reads the same database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callUrlPath, loanDetailsCall } from '@cashloan/contract';
import { migrationsFingerprint } from '../../apps/server/src/platform/db/migrate.ts';
import { buildCompiledServer, demoOrderIn, REPO_ROOT, startServer, type ServerProcess } from '../support/server-process.ts';

const outdir = join(REPO_ROOT, `apps/server/dist-test-${process.pid}`);

describe('the compiled server (scripts/build-server.mjs)', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;

  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('builds flat ESM chunks with the migrations beside them, and no TypeScript or undeclared package left to load', () => {
    buildCompiledServer(outdir, { force: true });
    const files = readdirSync(outdir);
    expect(files).toEqual(expect.arrayContaining(['main.js', 'main.js.map', 'staff-cli.js', 'migrations']));
    // The same migration files, byte for byte: the same fingerprint (and PGlite template) from src and dist.
    expect(migrationsFingerprint(join(outdir, 'migrations'))).toBe(migrationsFingerprint());
    // main.ts's lazy import() stays lazy: chunks beside main.js, and main.js imports only config and the database statically (below).
    expect(files.filter((f) => /^chunk-.*\.js$/.test(f)).length).toBeGreaterThan(1);
    const meta = JSON.parse(readFileSync(join(outdir, 'meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, unknown> }>;
    };
    const serverDeps = Object.keys((JSON.parse(readFileSync(join(REPO_ROOT, 'apps/server/package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
    const externals = new Set(Object.values(meta.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    const packageOf = (p: string) => p.split('/').slice(0, p.startsWith('@') ? 2 : 1).join('/');
    const undeclared = [...externals].filter((p) => !p.startsWith('node:') && !serverDeps.includes(packageOf(p)));
    expect(undeclared, 'external imports that are not dependencies of apps/server').toEqual([]);
    expect([...externals].filter((p) => /\.tsx?$|^tsx|@cashloan\//.test(p)), 'TypeScript, tsx or a workspace package left to load at run time').toEqual([]);
    // What main.js loads before the database starts opening: its static imports, followed through the chunks.
    const [mainName, main] = Object.entries(meta.outputs).find(([name]) => name.endsWith('/main.js'))!;
    const loadedFirst = new Set<string>([mainName]);
    for (const name of loadedFirst) {
      for (const i of meta.outputs[name]?.imports ?? []) if (!i.external && i.kind === 'import-statement') loadedFirst.add(i.path);
    }
    const sourcesFirst = [...loadedFirst].flatMap((name) => Object.keys(meta.outputs[name]?.inputs ?? {})).filter((input) => input.includes('apps/server/src/'));
    expect(sourcesFirst.filter((input) => !/apps\/server\/src\/(main|config)\.ts$|apps\/server\/src\/platform\//.test(input)), 'server code main.js loads before the database opens').toEqual([]);
    // The rest of the server (server.ts: the app, every module, the jobs) comes by main's dynamic import.
    const lazily = main.imports.filter((i) => i.kind === 'dynamic-import').map((i) => i.path);
    expect(lazily.some((name) => Object.keys(meta.outputs[name]?.inputs ?? {}).some((input) => input.endsWith('apps/server/src/server.ts')))).toBe(true);
  });

  it('starts from the build on a fresh database, migrates, seeds and answers order details, as node <build>/main.js', { timeout: 180_000 }, async () => {
    if (!existsSync(join(outdir, 'main.js'))) buildCompiledServer(outdir, { force: true });
    dataDir = mkdtempSync(join(tmpdir(), 'cashloan-compiled-'));
    const srv = (server = await startServer({ dataDir, entry: 'compiled', compiledDir: outdir }));

    // The process: node, source maps on, the build's main.js; nothing of tsx anywhere in how it runs.
    const argv = readFileSync(`/proc/${srv.child.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(argv.slice(1)).toEqual(['--enable-source-maps', `apps/server/dist-test-${process.pid}/main.js`]);
    const environ = readFileSync(`/proc/${srv.child.pid}/environ`, 'utf8').split('\0');
    expect(environ.filter((e) => e.startsWith('NODE_OPTIONS=') && /tsx|--import|--loader/.test(e))).toEqual([]);

    const health = (await (await fetch(`${srv.url}/healthz`)).json()) as { ok: boolean; db: string };
    expect(health).toMatchObject({ ok: true, db: 'pglite' });

    // The demo seed's session and order, as printed by the server.
    const { session, orderId, productId } = demoOrderIn(srv.output());
    const res = await fetch(`${srv.url}${callUrlPath(loanDetailsCall.route)}?${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ productId, orderId }).toString(),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { code: number; data: { orderStatus: number; userOrderDetail: { detail: { text: string }[] } } };
    expect(answer.code).toBe(0);
    expect(answer.data.orderStatus).toBe(170);
    expect(answer.data.userOrderDetail.detail[0]!.text).toBe('Order No.');

    // The staff CLI's build, on the same database once the server has stopped:
    await srv.stop();
    expect(srv.child.exitCode, srv.output()).toBe(0);
    server = undefined;
    const cli = spawnSync(process.execPath, [join(outdir, 'staff-cli.js'), 'list'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PORT: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(cli.status, cli.stderr).toBe(0);
    expect(cli.stdout).toMatch(/agent@/);
  });
});
