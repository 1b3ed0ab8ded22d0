/**
 * Embedded PGlite behind the Db interface, with two things plain `PGlite.create` + `pg.query` lack:
 *
 * - A template of a new database. `initdb` and the migrations are most of a fresh start (a new data
 *   dir, and every in-memory database of the tests). The first fresh start copies its new cluster,
 *   once `prepare` (the migrations) has run and before anything else is written, into a cache;
 *   later fresh starts copy that instead of running initdb and the migrations again. The cache is
 *   keyed by the PGlite version and by `prepare.key` (a fingerprint of the migration files), so a
 *   copy is always what this PGlite and these migrations would have made.
 * - Prepared statements in one round trip. `pg.query` sends Parse, Describe, Bind, Describe, Execute
 *   and Sync as six separate calls into the wasm backend and plans the SQL every time. Here each SQL
 *   text is parsed and described once (a named statement), then every call is one Bind/Execute/Sync
 *   message. Values are serialized and rows parsed by PGlite's own serializers and parsers for the
 *   same types, under PGlite's own locks, so the answers are those of `pg.query`.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { gunzipSync, gzip } from 'node:zlib';
import type * as PgliteModuleNs from '@electric-sql/pglite';
import type { PGlite as PGliteClass, Transaction } from '@electric-sql/pglite';
import { REPO_ROOT } from '../paths.ts';
import type { Db, LockConnection, QueryResult } from './client.ts';
import { isWrite } from './writes.ts';

type PgliteModule = typeof PgliteModuleNs;
type BackendMessage = Awaited<ReturnType<PGliteClass['execProtocolStream']>>[number];

/** Where templates are cached: the checkout's node_modules/.cache (never a shared /tmp). */
export const DEFAULT_TEMPLATE_DIR = join(REPO_ROOT, 'node_modules/.cache/cashloan-server/');

/** Files of a template copied at once (libuv's pool has 4 threads). */
const COPY_CONCURRENCY = 8;

/** More distinct SQL texts than this (none today) run unprepared, as `pg.query` would. */
const MAX_PREPARED = 500;

export interface PgliteOptions {
  /** Data directory; undefined keeps the database in memory. */
  dataDir?: string | undefined;
  /** Directory of the template cache; null disables it. */
  templateDir?: string | null | undefined;
  /**
   * Runs on every open, before the database is handed out (the migrations). On a new cluster its
   * result is part of the template; `key` must change whenever what it does changes.
   */
  prepare?: { key: string; run: (db: Db, opened: { fromTemplate: boolean }) => Promise<unknown> } | undefined;
}

export async function openPglite(options: PgliteOptions): Promise<Db> {
  const mod = await import('@electric-sql/pglite');
  const templateDir = options.templateDir === undefined ? DEFAULT_TEMPLATE_DIR : options.templateDir;
  const version = pgliteVersion();
  const key = options.prepare?.key ?? 'initdb';
  const name = templateDir && version !== null && /^[\w.-]+$/.test(key) ? `pglite-${version}-${key}-${TEMPLATE_LAYOUT}` : null;
  const cluster = await openCluster(mod, options.dataDir, templateDir && name ? join(templateDir, name) : null);
  const db = dbOver(mod, cluster.pg);
  try {
    await options.prepare?.run(db, { fromTemplate: cluster.fromTemplate });
    await cluster.saveTemplate?.();
  } catch (error) {
    await cluster.pg.close().catch(() => undefined);
    throw error;
  }
  return db;
}

function dbOver(mod: PgliteModule, pg: PGliteClass): Db {
  const run = preparedRunner(mod, pg);
  const changes = { count: 0 };
  const db: Db = {
    kind: 'pglite',
    changes,
    query: async (sql, params) => {
      try {
        return await run.query(sql, params);
      } finally {
        if (isWrite(sql)) changes.count++;
      }
    },
    transaction: async (fn) => {
      try {
        return await pg.transaction((tx) =>
          fn({
            query: (sql, params = []) => run.queryInTransaction(tx, sql, params),
          }),
        );
      } finally {
        changes.count++;
      }
    },
    exec: async (sql) => {
      try {
        await pg.exec(sql);
      } finally {
        changes.count++;
      }
    },
    ...processLocks(() => db),
    close: () => pg.close(),
  };
  return db;
}

/**
 * Advisory locks of one PGlite database: it belongs to one process, so a lock within the process
 * is enough. fn gets the database itself as its connection.
 */
function processLocks(self: () => LockConnection): Pick<Db, 'withSessionLock' | 'tryWithSessionLock'> {
  const held = new Set<string>();
  const runHeld = async <T>(name: string, fn: (conn: LockConnection) => Promise<T>): Promise<T> => {
    held.add(name);
    try {
      return await fn(self());
    } finally {
      held.delete(name);
    }
  };
  return {
    async withSessionLock(name, fn) {
      while (held.has(name)) await new Promise((resolve) => setTimeout(resolve, 20));
      return runHeld(name, fn);
    },
    async tryWithSessionLock(name, fn) {
      if (held.has(name)) return { acquired: false };
      return { acquired: true, value: await runHeld(name, fn) };
    },
  };
}

// ---- the template of a new database --------------------------------------------------------------

/**
 * Part of a template's name: what it holds besides the migrations. `postgres-only`: the cluster's
 * one database, without template0 and template1 (dropTemplateDatabases).
 */
const TEMPLATE_LAYOUT = 'postgres-only';

/**
 * initdb makes template0 and template1 beside `postgres`, for CREATE DATABASE, which a database
 * embedded in one process never runs (PGlite opens `postgres`). A template leaves them out: 600 of
 * its 1,400 files and 14 of its 43 MB, copied at each fresh start (and loaded by each test's
 * database in memory).
 */
async function dropTemplateDatabases(pg: PGliteClass): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pg.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await pg.exec(`DROP DATABASE ${name}`);
  }
}

function pgliteVersion(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' && /^[\w.-]+$/.test(pkg.version) ? pkg.version : null;
  } catch {
    return null;
  }
}

interface Cluster {
  pg: PGliteClass;
  /** Copied from the template (so `prepare` already ran on it once). */
  fromTemplate: boolean;
  /** Set for a cluster initdb just made: caches it, once prepared, as the template. */
  saveTemplate?: () => Promise<void>;
}

/**
 * Opens the cluster: an existing data dir as it is; a new one as a copy of the template when there
 * is one (a directory for a data dir, a tar.gz for memory), otherwise through initdb.
 */
async function openCluster(mod: PgliteModule, dataDir: string | undefined, template: string | null): Promise<Cluster> {
  if (!dataDir) return openInMemory(mod, template && `${template}.tar.gz`);
  mkdirSync(dataDir, { recursive: true });
  const before = new Set(readdirSync(dataDir));
  if (before.has('PG_VERSION') || !template) return { pg: await mod.PGlite.create(dataDir), fromTemplate: false };

  // Only into a data dir holding none of the cluster's files (it may hold uploads/).
  const copied = existsSync(template) ? readdirSync(template) : [];
  if (copied.length > 0 && copied.every((entry) => !before.has(entry))) {
    try {
      await copyTree(template, dataDir);
      return { pg: await mod.PGlite.create(dataDir), fromTemplate: true };
    } catch {
      // A template this PGlite cannot open: drop it, undo the copy, and run initdb.
      rmSync(template, { recursive: true, force: true });
      for (const entry of copied) rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const pg = await mod.PGlite.create(dataDir);
  return { pg, fromTemplate: false, saveTemplate: () => saveDirectoryTemplate(pg, dataDir, before, template) };
}

/**
 * Copies a template's files into `to` on libuv's pool, several at a time: the server's modules go on
 * loading meanwhile (a synchronous copy of its 1,400 files held them up for the whole copy).
 */
async function copyTree(from: string, to: string): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const target = (entry: Dirent) => join(to, relative(from, join(entry.parentPath, entry.name)));
  // Parents before children: readdir lists a directory before what is in it.
  for (const entry of entries) if (entry.isDirectory()) await mkdir(target(entry), { recursive: true });
  const files = entries.filter((entry) => entry.isFile());
  let next = 0;
  const copyNext = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++]!;
      await copyFile(join(file.parentPath, file.name), target(file));
    }
  };
  await Promise.all(Array.from({ length: COPY_CONCURRENCY }, copyNext));
}

async function openInMemory(mod: PgliteModule, templateFile: string | null): Promise<Cluster> {
  const tar = templateFile ? readGzip(templateFile) : null;
  if (tar) {
    try {
      return { pg: await mod.PGlite.create({ loadDataDir: new Blob([tar]) }), fromTemplate: true };
    } catch {
      rmSync(templateFile!, { force: true });
    }
  }
  const pg = await mod.PGlite.create();
  return { pg, fromTemplate: false, ...(templateFile ? { saveTemplate: () => saveTarTemplate(pg, templateFile) } : {}) };
}

function readGzip(file: string): Uint8Array | null {
  try {
    return gunzipSync(readFileSync(file));
  } catch {
    return null;
  }
}

/** Written under a temporary name and renamed into place, so a reader never sees half a template. */
const temporaryName = (path: string) => `${path}.${process.pid}.${Date.now()}.tmp`;

/**
 * Copies the new cluster's files (not what the data dir held before) once a checkpoint has written
 * every change to them. The copy is synchronous: no statement can run while it is taken. Failing to
 * cache only means the next fresh start runs initdb again.
 */
async function saveDirectoryTemplate(pg: PGliteClass, dataDir: string, before: Set<string>, template: string): Promise<void> {
  const temporary = temporaryName(template);
  try {
    await dropTemplateDatabases(pg);
    await pg.exec('CHECKPOINT');
    mkdirSync(temporary, { recursive: true });
    for (const entry of readdirSync(dataDir)) if (!before.has(entry)) cpSync(join(dataDir, entry), join(temporary, entry), { recursive: true });
    renameSync(temporary, template);
    pruneTemplates(template);
  } catch {
    rmSync(temporary, { recursive: true, force: true });
  }
}

/**
 * Templates a new one replaces: those of other PGlite versions, and those of this version made
 * with other migrations (`-migrated-<fingerprint>`) or in another layout (TEMPLATE_LAYOUT), in the
 * same form (directory or tar.gz).
 * Files still being written (.tmp) are left alone.
 */
function pruneTemplates(saved: string): void {
  const dir = dirname(saved);
  const name = saved.slice(dir.length + 1);
  const version = /^pglite-([\w.]+?)-(initdb|migrated-)/.exec(name)?.[1];
  if (!version) return;
  const kind = name.startsWith(`pglite-${version}-migrated-`) ? 'migrated' : 'initdb';
  const form = name.endsWith('.tar.gz') ? '.tar.gz' : '';
  for (const entry of readdirSync(dir)) {
    if (entry === name || !entry.startsWith('pglite-') || entry.endsWith('.tmp') || (entry.endsWith('.tar.gz') ? '.tar.gz' : '') !== form) continue;
    const otherVersion = !entry.startsWith(`pglite-${version}-`);
    // Of this version and kind: other migrations, or another layout.
    const sameKind = entry.startsWith(`pglite-${version}-${kind === 'migrated' ? 'migrated-' : 'initdb'}`);
    if (otherVersion || sameKind) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}

/** The in-memory cluster as a tar, compressed off the main thread and written in the background. */
async function saveTarTemplate(pg: PGliteClass, file: string): Promise<void> {
  try {
    await dropTemplateDatabases(pg);
    await pg.exec('CHECKPOINT');
    const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer());
    gzip(tar, { level: 1 }, (error, compressed) => {
      if (error) return;
      const temporary = temporaryName(file);
      try {
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(temporary, compressed);
        renameSync(temporary, file);
        pruneTemplates(file);
      } catch {
        rmSync(temporary, { force: true });
      }
    });
  } catch {
    // no template this time
  }
}

// ---- prepared statements --------------------------------------------------------------------------

interface Prepared {
  name: string;
  paramTypes: number[];
  /** The statement's row description (null: it returns no rows), reused for every execution. */
  rowDescription: BackendMessage | null;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The error `pg.query` throws: PGlite's DatabaseError with the query and its parameters attached. */
function withQuery(error: unknown, sql: string, params: unknown[]): unknown {
  if (error instanceof Error) Object.assign(error, { query: sql, params, queryOptions: undefined });
  return error;
}

function preparedRunner(mod: PgliteModule, pg: PGliteClass) {
  const { serialize } = mod.protocol;
  const statements = new Map<string, Prepared>();
  /** Never reused, even when a Parse failed: a name is never asked to mean two texts. */
  let named = 0;

  /** Parses and describes a SQL text once, as a named statement; the caller holds the query lock. */
  async function prepare(sql: string): Promise<Prepared> {
    const name = `cl_${++named}`;
    const messages = await pg.execProtocolStream(concat([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs?: number[] } | undefined;
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [], rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null };
    statements.set(sql, prepared);
    return prepared;
  }

  /** One Bind/Execute/Sync round trip (after the first prepare()); the caller holds the query lock. */
  async function execute<T>(sql: string, params: unknown[], inTransaction: boolean): Promise<QueryResult<T>> {
    try {
      const prepared = statements.get(sql) ?? (await prepare(sql));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pg.serializers[prepared.paramTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await pg.execProtocolStream(concat([serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()]), {
        // Like pg.query: sync the file system after a statement outside a transaction — one that may
        // have written: a plain SELECT has nothing to sync, and the sync is a scheduled task per call (issue 42).
        syncToFs: !inTransaction && isWrite(sql),
      });
      // The rows come without a description (no Describe per call): the one from prepare() says
      // what they are, in the place a Describe's answer would have been.
      if (prepared.rowDescription) messages.splice(messages[0]?.name === 'bindComplete' ? 1 : 0, 0, prepared.rowDescription);
      const [result] = mod.parse.parseResults(messages, pg.parsers);
      return { rows: (result?.rows ?? []) as T[] };
    } catch (error) {
      throw withQuery(error, sql, params);
    }
  }

  const preparable = (sql: string) => statements.has(sql) || statements.size < MAX_PREPARED;

  return {
    /** A statement on its own: waits for any open transaction, like pg.query. */
    query: async <T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> => {
      if (!preparable(sql)) return { rows: (await pg.query<T>(sql, params)).rows };
      await pg._checkReady();
      return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => execute<T>(sql, params, false)));
    },
    /** A statement inside pg.transaction's callback (which holds the transaction lock). */
    queryInTransaction: async <T>(tx: Transaction, sql: string, params: unknown[]): Promise<QueryResult<T>> => {
      if (tx.closed) throw new Error('Transaction is closed');
      if (!preparable(sql)) return { rows: (await tx.query<T>(sql, params)).rows };
      return pg._runExclusiveQuery(() => execute<T>(sql, params, true));
    },
  };
}
