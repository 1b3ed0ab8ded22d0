/**
 * Removes uploads nobody can use any more: rows of images that no complaint references, older than
 * a grace period (a borrower may still be writing the complaint, and the web keeps a draft; an agent
 * a reply), with their files; and files that no row names at all (the server stopped between writing the file
 * and inserting its row; see uploadComplaintImage). Runs as the periodic job `orphan-sweep`, hourly (main.ts).
 * Also deletes the upload quota's slots that no longer count (older than its hour).
 */
import type { Clock } from '../../platform/clock/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { lockBorrower } from '../../domain/borrowers/service.ts';
import { borrowersWithOrphanImages, deleteOrphanImages, deleteOrphanStaffImages, knownStorageKeys } from './store.ts';
import { forgetExpiredUploadSlots } from './upload-quota.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import type { ImageStorage } from '../../providers/storage/storage.ts';

/** Unused uploads are kept a week: the web's complaint draft holds their URLs until Send. */
export const ORPHAN_GRACE_MS = 7 * 24 * 60 * 60 * 1000;
/** A file without a row is left alone this long, so an upload between its two steps is not swept. */
export const ROWLESS_FILE_GRACE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;
const FOLDER = 'complaints';

export interface SweepDeps {
  db: Db;
  storage: ImageStorage;
  clock: Clock;
}

/**
 * `olderThanMs` (default ORPHAN_GRACE_MS) is the age an unreferenced upload must reach (by its row's
 * created_at on `clock`); a file without a row must reach the smaller of it and ROWLESS_FILE_GRACE_MS
 * (by its modification time on the wall clock). 0 sweeps everything unreferenced: only safe while
 * no upload is in progress.
 */
export async function sweepOrphanUploads(deps: SweepDeps, options: { olderThanMs?: number } = {}): Promise<{ removed: number }> {
  const olderThanMs = options.olderThanMs ?? ORPHAN_GRACE_MS;
  const before = new Date(deps.clock.now().getTime() - olderThanMs);
  let removed = 0;

  for (const borrowerId of await borrowersWithOrphanImages(deps.db, before)) {
    // Under the borrower's lock, like problem-save: an image cannot be attached while it is deleted.
    const keys = await deps.db.transaction(async (tx) => {
      await lockBorrower(tx, borrowerId);
      return deleteOrphanImages(tx, borrowerId, before);
    });
    // Rows first, files after: a crash in between leaves files without rows, swept below next time.
    for (const key of keys) await deps.storage.remove(key);
    removed += keys.length;
  }

  // Images an agent uploaded for a reply never sent: the same week of grace (the reply form may stay open).
  const staffKeys = await deleteOrphanStaffImages(deps.db, before);
  for (const key of staffKeys) await deps.storage.remove(key);
  removed += staffKeys.length;

  await forgetExpiredUploadSlots(deps.db, deps.clock.now());

  if (deps.storage.list) {
    const fileBefore = Date.now() - Math.min(olderThanMs, ROWLESS_FILE_GRACE_MS);
    const old = (await deps.storage.list(FOLDER)).filter((f) => f.modifiedAt.getTime() <= fileBefore).map((f) => f.key);
    const known = await knownStorageKeys(deps.db, old);
    for (const key of old.filter((k) => !known.has(k))) {
      await deps.storage.remove(key);
      removed += 1;
    }
  }
  return { removed };
}

/** The periodic job `orphan-sweep` (platform/jobs/scheduler.ts): a sweep every SWEEP_INTERVAL_MS, on one process. */
export function orphanSweepJob(deps: SweepDeps, log: JobLog): PeriodicJob {
  return {
    name: 'orphan-sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    failureMessage: 'orphan upload sweep failed',
    run: async () => {
      const { removed } = await sweepOrphanUploads(deps);
      if (removed > 0) log.info({ removed }, 'orphan uploads removed');
    },
  };
}
