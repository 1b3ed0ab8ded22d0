/** One small database interface over embedded PGlite or a real PostgreSQL (DATABASE_URL). */
import { createHash } from 'node:crypto';
import type { PoolClient as PgPoolClient } from 'pg';
import { migrate, migrationsFingerprint, stampCopiedMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { isWrite } from './writes.ts';

export interface QueryResult<T> {
  rows: T[];
}
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}
/** A connection of its own (PostgreSQL) that holds a session-level lock while fn runs. */
export interface LockConnection extends Queryable {
  /** Runs a multi-statement script on this connection. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  /**
   * Runs fn while this process holds the advisory lock `name`, waiting for it as long as another
   * process holds it. PostgreSQL: a session-level pg_advisory_lock on one dedicated connection,
   * handed to fn, released when fn ends (or by PostgreSQL when the process dies). PGlite (one
   * process): a lock within this process.
   */
  withSessionLock<T>(name: string, fn: (conn: LockConnection) => Promise<T>): Promise<T>;
  /** The same lock without waiting: fn runs only when the lock was free ({ acquired: false } otherwise). */
  tryWithSessionLock<T>(name: string, fn: (conn: LockConnection) => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /**
   * How many writes went through this Db (statements other than a plain SELECT, scripts, and
   * transactions, counted once done): the cached reads (cached-read.ts) look at their versions again
   * after one, so this process reads its own writes at once. Shared by wrappers that spread the Db.
   */
  readonly changes?: { count: number };
  /** PostgreSQL: what the connection pool holds now (the db_pool_* metrics). PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/**
 * The two int4 keys of the advisory lock `name` (pg_advisory_lock(key1, key2); pg_locks shows them
 * as classid and objid): ADVISORY_LOCK_NAMESPACE, and the first 4 bytes of sha256(name) as a signed
 * integer. A schema (tests share one database) is part of the name: `<schema>:<name>`.
 */
export const ADVISORY_LOCK_NAMESPACE = 242024;
export function advisoryLockKeys(name: string, schema?: string): [number, number] {
  const digest = createHash('sha256').update(schema ? `${schema}:${name}` : name).digest();
  return [ADVISORY_LOCK_NAMESPACE, digest.readInt32BE(0)];
}

/** How often a process waiting for an advisory lock asks again (a blocking wait would meet statement_timeout). */
const LOCK_POLL_MS = 200;

export interface DbOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory (tests). */
  dataDir?: string | undefined;
  /** PostgreSQL schema to work in (tests isolate themselves in a schema of their own). */
  schema?: string | undefined;
  /** Apply the migrations before the database is handed out. */
  migrate?: boolean | undefined;
  /** PGlite: directory of the template cache (default node_modules/.cache); null: always run initdb. */
  pgliteTemplateDir?: string | null | undefined;
}

export async function openDb(options: DbOptions): Promise<Db> {
  if (options.databaseUrl) {
    const db = await openPostgres(options.databaseUrl, options.schema);
    if (options.migrate) await migrate(db);
    return db;
  }
  // A new PGlite database is copied from a template that has these migrations when there is one.
  const prepare = options.migrate
    ? {
        key: `migrated-${migrationsFingerprint()}`,
        run: async (db: Db, opened: { fromTemplate: boolean }) => {
          if (opened.fromTemplate) await stampCopiedMigrations(db);
          await migrate(db);
        },
      }
    : undefined;
  return openPglite({ dataDir: options.dataDir, templateDir: options.pgliteTemplateDir, prepare });
}

/**
 * A named (prepared) statement: each pooled connection parses and plans a SQL text once and then
 * only binds and executes it. The name is derived from the text, so one name never means two texts.
 */
const statementNames = new Map<string, string>();
function statement(text: string, values: unknown[]): { name: string; text: string; values: unknown[] } {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `cl_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/** Bounds that make every call end while PostgreSQL is away (test/security/postgres-restart.test.ts). */
export const POSTGRES_TIMEOUTS = {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: 3_000,
  /** A statement PostgreSQL itself cancels (server side). */
  statementMs: 10_000,
  /** A query whose answer never arrives (a silent network), ended on our side. */
  queryMs: 15_000,
} as const;

async function openPostgres(url: string, schema?: string, onLostConnection: (error: Error) => void = reportLostConnection): Promise<Db> {
  const { default: pg } = await import('pg');
  // bigint (int8) columns come back as strings by default; our amounts fit in a double exactly.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  if (schema !== undefined && !/^\w+$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: POSTGRES_TIMEOUTS.connectMs,
    statement_timeout: POSTGRES_TIMEOUTS.statementMs,
    query_timeout: POSTGRES_TIMEOUTS.queryMs,
    keepAlive: true,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection PostgreSQL closed (restart, failover): the pool already dropped it and the
  // next query opens a new one. Unheard, this 'error' event would end the process.
  pool.on('error', onLostConnection);
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const run = async <T>(client: Pick<PgPoolClient, 'query'>, sql: string, params: unknown[]): Promise<QueryResult<T>> => {
    try {
      return { rows: (await client.query(statement(sql, params))).rows as T[] };
    } catch (error) {
      throw asUnavailable(error);
    }
  };
  const changes = { count: 0 };
  return {
    kind: 'postgres',
    changes,
    query: async <T>(sql: string, params: unknown[] = []) => {
      try {
        return await run<T>(pool, sql, params);
      } finally {
        if (isWrite(sql)) changes.count++;
      }
    },
    transaction: async (fn) => {
      const client = await pool.connect().catch((error: unknown) => {
        throw asUnavailable(error);
      });
      // A connection lost between two statements of the transaction (while fn awaits something
      // else) is reported on the checked-out client; the next statement fails with it instead.
      client.on('error', ignoreLostConnection);
      let broken: Error | undefined;
      try {
        await run(client, 'BEGIN', []);
        const result = await fn({ query: <T>(sql: string, params: unknown[] = []) => run<T>(client, sql, params) });
        await run(client, 'COMMIT', []);
        return result;
      } catch (error) {
        if (error instanceof DbUnavailableError) broken = error;
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', ignoreLostConnection);
        // A broken connection is closed, not handed to the next request.
        client.release(broken);
        changes.count++;
      }
    },
    exec: async (sql) => {
      try {
        await pool.query(sql);
      } catch (error) {
        throw asUnavailable(error);
      } finally {
        changes.count++;
      }
    },
    withSessionLock: async (name, fn) => {
      const keys = advisoryLockKeys(name, schema);
      const result = await holdLock(keys, fn, true);
      if (!result.acquired) throw new Error(`advisory lock ${name} was not taken`);
      return result.value;
    },
    tryWithSessionLock: (name, fn) => holdLock(advisoryLockKeys(name, schema), fn, false),
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };

  async function holdLock<T>(keys: [number, number], fn: (conn: LockConnection) => Promise<T>, wait: boolean): Promise<{ acquired: true; value: T } | { acquired: false }> {
    const client = await pool.connect().catch((error: unknown) => {
      throw asUnavailable(error);
    });
    client.on('error', ignoreLostConnection);
    let broken: Error | undefined;
    let held = false;
    try {
      for (;;) {
        const { rows } = await run<{ ok: boolean }>(client, 'SELECT pg_try_advisory_lock($1::int, $2::int) AS ok', keys);
        if (rows[0]?.ok) break;
        if (!wait) return { acquired: false };
        await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      }
      held = true;
      const conn: LockConnection = {
        query: async <R>(sql: string, params: unknown[] = []) => {
          try {
            return await run<R>(client, sql, params);
          } finally {
            if (isWrite(sql)) changes.count++;
          }
        },
        exec: async (sql) => {
          try {
            await client.query(sql);
          } catch (error) {
            throw asUnavailable(error);
          } finally {
            changes.count++;
          }
        },
      };
      return { acquired: true, value: await fn(conn) };
    } catch (error) {
      if (error instanceof DbUnavailableError) broken = error;
      throw error;
    } finally {
      if (held && !broken) {
        await run(client, 'SELECT pg_advisory_unlock($1::int, $2::int)', keys).catch((error: unknown) => {
          // Not unlocked: the connection is closed below, which releases the lock.
          broken = error instanceof Error ? error : new Error(String(error));
        });
      }
      client.removeListener('error', ignoreLostConnection);
      client.release(broken);
    }
  }
}

const ignoreLostConnection = (): void => undefined;

function reportLostConnection(error: Error): void {
  process.stderr.write(`${JSON.stringify({ level: 40, time: Date.now(), msg: 'database connection lost; it is reopened on the next query', err: error.message })}\n`);
}

/**
 * PostgreSQL could not be reached or dropped the connection: the request may be retried once it is
 * back. The error handler answers it with 503 and a message saying so (never the driver's text).
 */
export class DbUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is unavailable', { cause });
    this.name = 'DbUnavailableError';
  }
}

/** Socket errors of a connection that could not open or was cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOENT']);
/**
 * SQLSTATEs of a server going away or not ready: class 08 (connection exception), 57P01–57P03
 * (admin/crash shutdown, cannot connect now), 53300 (too many connections), 57014 (our statement timeout).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;
/** What pg itself says when a connection ends or a wait runs out (it sets no code on these). */
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|connection error/i;

export function isUnavailable(error: unknown): boolean {
  if (error instanceof DbUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  return UNAVAILABLE_MESSAGES.test(error.message);
}

function asUnavailable(error: unknown): unknown {
  return isUnavailable(error) && !(error instanceof DbUnavailableError) ? new DbUnavailableError(error) : error;
}
