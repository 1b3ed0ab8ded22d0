/** How a complaint's ticket fields read on the screens (issue 23); pure, no zod. */
import { t } from '../../shared/i18n/texts.ts';

/** The months' short names, in the page's language through the catalogue. */
const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-12-03' → '3 Dec 2026' ('3 Dis 2026' in Filipino); anything else is shown as it came. */
export function readableDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const english = match ? MONTH_LABELS[Number(match[2]) - 1] : undefined;
  const month = english && t(english);
  return match && month ? `${Number(match[3])} ${month} ${match[1]}` : isoDate;
}

export const STATE_LABELS: Record<string, string> = {
  received: 'Received',
  inReview: 'In review',
  answered: 'Answered',
};

/** Only https addresses become links. */
export const isWebAddress = (url: string) => /^https:\/\/[^\s"'<>]+$/i.test(url);
