/** One small database interface over embedded PGlite or a real PostgreSQL (DATABASE_URL). */
import { createHash } from 'node:crypto';
import { migrate, migrationsFingerprint, stampCopiedMigrations } from './migrate.ts';
import { openPglite } from './pglite.ts';

export interface QueryResult<T> {
  rows: T[];
}
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}
export interface Db extends Queryable {
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a multi-statement script (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

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

async function openPostgres(url: string, schema?: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // bigint (int8) columns come back as strings by default; our amounts fit in a double exactly.
  pg.types.setTypeParser(20, (value: string) => Number(value));
  if (schema !== undefined && !/^\w+$/.test(schema)) throw new Error(`Bad schema name: ${schema}`);
  const pool = new pg.Pool({ connectionString: url, max: 10, ...(schema ? { options: `-c search_path=${schema}` } : {}) });
  if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: 'postgres',
    query: async <T>(sql: string, params: unknown[] = []) => {
      const result = await pool.query(statement(sql, params));
      return { rows: result.rows as T[] };
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params: unknown[] = []) => ({ rows: (await client.query(statement(sql, params))).rows as T[] }),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exec: async (sql) => {
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}
