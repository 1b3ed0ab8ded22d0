/** How the privacy desk names a request's kind, field and state, and how long is left to answer it. */
import { CORRECTABLE_FIELD_TITLES } from '@cashloan/contract/routes/my-data-values';
import type { PrivacyRequestRow } from '@cashloan/contract/staff/privacy';

export const KIND_TITLES: Record<PrivacyRequestRow['kind'], string> = { correction: 'Correction', erasure: 'Erasure' };
export const STATE_TITLES: Record<PrivacyRequestRow['state'], string> = { open: 'Open', approved: 'Approved', refused: 'Refused', done: 'Done' };

/** A correction's field as the borrower chose it ('' for an erasure: none). */
export function fieldTitle(field: string): string {
  return (CORRECTABLE_FIELD_TITLES as Record<string, string>)[field] ?? field;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** Calendar days to the answer date: "3 days left", "Due today", "2 days late". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft > 0) return `${days(daysLeft)} left`;
  if (daysLeft === 0) return 'Due today';
  return `${days(-daysLeft)} late`;
}
