/**
 * A part of what the lender holds about a borrower (issue 39, docs/privacy.md): each room or family
 * that keeps personal data names its part here, and "My data" collects every part for the borrower's
 * export. The families' parts are handed to the my-data family by modules/index.ts (a module never
 * imports another); the rooms' it reads through their doors.
 */
import type { Queryable } from './db/client.ts';

export interface PersonalDataSubject {
  id: number;
  mobilePhone: string;
}

export interface PersonalDataSection {
  /** The key of this part in the export's JSON, e.g. 'complaints'. */
  key: string;
  /** Its heading in the PDF, e.g. 'Complaints'. */
  title: string;
  /** The borrower's rows of this part, plain JSON (dates as ISO strings), oldest first. */
  collect(db: Queryable, subject: PersonalDataSubject): Promise<Array<Record<string, unknown>>>;
}
