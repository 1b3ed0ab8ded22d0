/**
 * Small, hot reads a process keeps in memory (issue 42): the product catalogue, the recommendations,
 * and the borrower each session names. Every change to a kept table — by the app, or by a DBA in
 * psql — moves its row in cached_read_versions in the same transaction (statement triggers,
 * migration 045). A process compares the versions of all it keeps in one small query at most every
 * FRESH_MS, and sooner after a write of its own (Db.changes), and drops what a moved version kept:
 * another process's or a DBA's change is seen within a second; this process's own at once.
 *
 * Only for reads outside a transaction: the version check runs on the Db itself (on PGlite a query
 * through the Db inside an open transaction would wait for that transaction).
 */
import type { Db, Queryable } from './client.ts';

/** How long a version check is trusted; half a second keeps a DBA's change visible within one. */
export const FRESH_MS = 500;
/** At most this many keys of one lookup are kept (all are dropped at once past it: simple, and rare). */
const MAX_KEYS = 50_000;

interface Kept {
  version: string;
  value: unknown;
}
interface DbVersions {
  checkedAt: number;
  /** Db.changes.count when that check was sent. */
  checkedChanges: number;
  versions: Map<string, string>;
  checking: Promise<void> | null;
  /** By cache name: the table whose version it follows, and by key what was read at which version. */
  kept: Map<string, { table: string; entries: Map<string, Kept> }>;
}

// Per database (tests run many in one process), forgotten with it.
const byDb = new WeakMap<Db, DbVersions>();

function stateOf(db: Db): DbVersions {
  let state = byDb.get(db);
  if (!state) {
    state = { checkedAt: -Infinity, checkedChanges: -1, versions: new Map(), checking: null, kept: new Map() };
    byDb.set(db, state);
  }
  return state;
}

const fresh = (db: Db, state: DbVersions, now: number) => now - state.checkedAt < FRESH_MS && (db.changes?.count ?? 0) === state.checkedChanges;

async function checkVersions(db: Db, state: DbVersions, now: number): Promise<void> {
  if (fresh(db, state, now)) return;
  // A check already on its way may have been sent before the change that made this one stale: wait for it, then look again.
  if (state.checking) {
    await state.checking;
    if (fresh(db, state, now)) return;
  }
  state.checking ??= (async () => {
    // Taken before the query is sent: the versions read are at least as new as this moment (and as
    // these writes of our own), so a request that starts FRESH_MS after a commit always sees it.
    const sentAt = performance.now();
    const changes = db.changes?.count ?? 0;
    try {
      const { rows } = await db.query<{ name: string; version: string | number }>('SELECT name, version FROM cached_read_versions');
      const versions = new Map(rows.map((r) => [r.name, String(r.version)]));
      // What a moved version kept is of no more use: dropped now, not when its key is next asked for.
      for (const cache of state.kept.values()) if (versions.get(cache.table) !== state.versions.get(cache.table)) cache.entries.clear();
      state.versions = versions;
      state.checkedAt = sentAt;
      state.checkedChanges = changes;
    } finally {
      state.checking = null;
    }
  })();
  await state.checking;
}

/** The value kept under `key` by the cache `name` of `table`, read again (by `load`) once the table's version moved. */
async function keptValue<T>(db: Db, name: string, table: string, key: string, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
  const state = stateOf(db);
  await checkVersions(db, state, performance.now());
  const version = state.versions.get(table);
  if (version === undefined) throw new Error(`cached_read_versions has no row for ${table} (migration 045)`);
  let cache = state.kept.get(name);
  if (!cache) state.kept.set(name, (cache = { table, entries: new Map() }));
  const kept = cache.entries;
  const entry = kept.get(key);
  if (entry?.version === version) return entry.value as T;
  // Read after the version: what is kept is at least as new as the version it is kept under.
  const value = await load();
  const now = kept.get(key);
  if (keep(value) && (!now || BigInt(now.version) <= BigInt(version))) {
    if (kept.size >= MAX_KEYS) kept.clear();
    kept.set(key, { version, value });
  }
  return value;
}

export interface CachedRead<T> {
  /** The table's contents as `load` read them at its current version (read again once it moved). */
  get(db: Db): Promise<T>;
}

/** A cached read of a whole `table` (a name in cached_read_versions): `load` reads what is kept. */
export function cachedRead<T>(table: string, load: (db: Queryable) => Promise<T>): CachedRead<T> {
  const name = `read:${table}`;
  return { get: (db) => keptValue(db, name, table, '', () => load(db), () => true) };
}

export interface CachedLookup<T> {
  /** What `load` found for `key` at the current version of the table (read again once it moved); null is not kept. */
  get(db: Db, key: string): Promise<T | null>;
}

/**
 * A cached lookup by key under `version` (a name in cached_read_versions whose triggers cover every
 * table `load` reads). A key not found is not kept: a new row (a new session) is found at once.
 */
export function cachedLookup<T>(version: string, load: (db: Queryable, key: string) => Promise<T | null>): CachedLookup<T> {
  const name = `lookup:${version}`;
  return { get: (db, key) => keptValue(db, name, version, key, () => load(db, key), (value) => value !== null) };
}
