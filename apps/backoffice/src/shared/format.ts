/** How the back office writes money, times and order statuses. */
import { ORDER_STATUS, type OrderStatus } from '@cashloan/contract/routes';

/** The lender's time zone: every time on screen is the lender's, whatever the staff computer says. */
export const LENDER_TIME_ZONE = 'Asia/Manila';

const pesos = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });

/** Minor units (centavos) as pesos with 2 decimals: 560500 → ₱5,605.00. */
export function formatMoney(minor: number): string {
  return pesos.format(minor / 100);
}

/** Pesos typed by staff → whole centavos (rounded, so 0.1 + 0.2 does not become 30.000000000000004). */
export function pesosToMinor(pesos: number): number {
  return Math.round(pesos * 100);
}

const dateTimeParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: LENDER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An ISO date and time as yyyy-mm-dd hh:mm in the lender's time zone; '' for none, the text itself if unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(dateTimeParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** A lender's calendar day (yyyy-mm-dd) as the first or last instant of it, for a date-range filter. */
export function lenderDayStart(day: string): string {
  return `${day}T00:00:00+08:00`;
}
export function lenderDayEnd(day: string): string {
  return `${day}T23:59:59.999+08:00`;
}

/** What each order status means, as staff say it (docs/statuses.md). */
export const ORDER_STATUS_TITLES: Record<OrderStatus, string> = {
  [ORDER_STATUS.inReview]: 'In review',
  [ORDER_STATUS.disbursing]: 'Approved, disbursing',
  [ORDER_STATUS.rejected]: 'Rejected',
  [ORDER_STATUS.repaying]: 'Repaying',
  [ORDER_STATUS.due]: 'Due',
  [ORDER_STATUS.overdue]: 'Overdue',
  [ORDER_STATUS.settled]: 'Settled',
};

export function orderStatusTitle(status: number): string {
  return `${status} ${ORDER_STATUS_TITLES[status as OrderStatus] ?? 'Unknown status'}`;
}

/** Basis points as a percentage: 150 → 1.50 %. */
export function formatBasisPoints(bp: number): string {
  return `${(bp / 100).toFixed(2)} %`;
}

/** How a borrower is named on screen and in links: their name, or their number when they gave none yet. */
export function borrowerLabel(name: string | null | undefined, id: number): string {
  return name?.trim() ? name : `Borrower #${id}`;
}
