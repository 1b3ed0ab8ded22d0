/**
 * The hourly complaint-image quota, kept in the database (upload_slots) so that every server process
 * sharing it counts the same uploads. A slot is taken before the request's file is read, so a
 * refused request costs one short transaction and never its file.
 */
import type { Db } from '../../platform/db/client.ts';
import { lockBorrower } from '../../domain/borrowers/service.ts';
import { countUploadSlotsSince, deleteUploadSlot, deleteUploadSlotsTakenBefore, insertUploadSlot } from './store.ts';

/** Uploads one borrower may make in an hour: nine images per complaint leave room for retries and several complaints. */
export const UPLOADS_PER_HOUR = 30;
export const UPLOAD_QUOTA_WINDOW_MS = 60 * 60 * 1000;

/** A slot taken for one upload (its upload_slots row). */
export interface UploadSlot {
  id: number;
}

/**
 * Takes one of the borrower's hourly slots, or answers null when all UPLOADS_PER_HOUR are taken.
 * Counted and taken under the borrower's row lock: concurrent uploads, from this process or
 * another, go through here one after another, so the 31st always sees the 30 before it.
 */
export async function takeUploadSlot(db: Db, borrowerId: number, now: Date): Promise<UploadSlot | null> {
  return db.transaction(async (tx) => {
    await lockBorrower(tx, borrowerId);
    const taken = await countUploadSlotsSince(tx, borrowerId, new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS));
    if (taken >= UPLOADS_PER_HOUR) return null;
    return { id: await insertUploadSlot(tx, borrowerId, now) };
  });
}

/** Gives a slot back (the upload failed on the server's side, not for what the borrower sent). */
export async function giveBackUploadSlot(db: Db, slot: UploadSlot): Promise<void> {
  await deleteUploadSlot(db, slot.id);
}

/** Deletes the slots that no longer count (taken an hour or more before `now`); the hourly sweep calls it. */
export async function forgetExpiredUploadSlots(db: Db, now: Date): Promise<void> {
  await deleteUploadSlotsTakenBefore(db, new Date(now.getTime() - UPLOAD_QUOTA_WINDOW_MS));
}
