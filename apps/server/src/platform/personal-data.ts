/**
 * A part of what the lender holds about a borrower (issue 39, docs/privacy.md): each room or family
 * that keeps personal data names its part here. "My data" collects every part for the borrower's
 * export, and the erasure run erases every part in one transaction. The families' parts are handed
 * to the my-data family by modules/index.ts (a module never imports another); the rooms' it reaches
 * through their doors.
 */
import type { Queryable } from './db/client.ts';

export interface PersonalDataSubject {
  id: number;
  mobilePhone: string;
  /** The name on file ('' when none); the erasure run also removes it where a text was written with it. */
  name?: string | undefined;
}

/** What erasing a part did: rows changed or removed, and the stored images to remove once it commits. */
export interface ErasedPart {
  rows: number;
  /** Storage keys (ImageStorage.remove) of the images the erased rows held. */
  imageKeys: string[];
  /** Work outside the database once the transaction has committed (a provider's own copy, e.g. the SMS outbox). */
  afterCommit?: (() => Promise<unknown>) | undefined;
}

export interface PersonalDataSection {
  /** The key of this part in the export's JSON, e.g. 'complaints'. */
  key: string;
  /** Its heading in the PDF, e.g. 'Complaints'. */
  title: string;
  /** The borrower's rows of this part, plain JSON (dates as ISO strings), oldest first. */
  collect(db: Queryable, subject: PersonalDataSubject): Promise<Array<Record<string, unknown>>>;
  /**
   * Erases the part in the caller's transaction: texts the borrower wrote or that were written with
   * their name or phone are emptied, identifiers removed, image rows deleted (their files are removed
   * after the commit). What the law keeps (amounts, dates, states, references) stays.
   */
  erase(tx: Queryable, subject: PersonalDataSubject): Promise<ErasedPart>;
}

/** What an erased text says instead. */
export const ERASED = '[erased]';

/**
 * A text with every occurrence of the given values (a name, a phone) replaced by ERASED. Values of
 * fewer than 3 characters are left alone: they would erase ordinary words.
 */
export function redact(text: string, values: readonly string[]): string {
  let out = text;
  for (const v of values) if (v.trim().length >= 3) out = out.split(v).join(ERASED);
  return out;
}
