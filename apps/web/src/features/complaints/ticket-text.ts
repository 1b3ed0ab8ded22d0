/** How a complaint's ticket fields read on the screens (issue 23); pure, no zod. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-03' → '3 Dec 2026'; anything else is shown as it came. */
export function readableDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

export const STATE_LABELS: Record<string, string> = {
  received: 'Received',
  inReview: 'In review',
  answered: 'Answered',
};

/** Only https addresses become links. */
export const isWebAddress = (url: string) => /^https:\/\/[^\s"'<>]+$/i.test(url);
