/** How the breach register says the 72-hour countdown, the query's parameters and a breach's state. */
import type { BreachRow } from '@cashloan/contract/staff/breaches';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** Whole hours to the deadline: "69 hours left", "Less than an hour left", "Overdue by 11 hours". */
export function countdownText(hoursLeft: number): string {
  if (hoursLeft > 0) return `${hours(hoursLeft)} left`;
  if (hoursLeft === 0) return 'Less than an hour left';
  return `Overdue by ${hours(-hoursLeft)}`;
}

/** Both steps the law asks for within 72 hours are done: the borrowers told and the authority reported to. */
export const bothDone = (breach: Pick<BreachRow, 'notifiedAt' | 'reportedAt'>) => breach.notifiedAt !== null && breach.reportedAt !== null;

/** A step done after the deadline. */
export const late = (doneAt: string | null, deadlineAt: string) => doneAt !== null && new Date(doneAt).getTime() > new Date(deadlineAt).getTime();

/** A wall-clock time picked in the form (the lender's, Manila, whatever the staff computer says) as an ISO time with its offset. */
export const manilaIso = (wallClock: string) => `${wallClock}:00+08:00`;
