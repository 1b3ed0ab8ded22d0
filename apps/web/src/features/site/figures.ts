/** The loan-terms figures as words and numbers in the published texts (the values come from the server). */
import type { LoanTermsFigures } from '@cashloan/contract/site';

type Tier = LoanTermsFigures['overdueInterestTiers'][number];

/** A rate in basis points as a percentage: 500 → '5%', 250 → '2.5%', 5 → '0.05%'. Integer arithmetic only. */
export function percentFromBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const hundredths = Math.abs(bp % 100);
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

const SHARE_WORDS: Record<string, string> = { '1/2': 'half', '1/3': 'one third', '2/3': 'two thirds', '1/4': 'a quarter', '3/4': 'three quarters' };

/** A share of the term in words where English has one: 1/2 → 'half', otherwise '2/5'. */
export function shareText(share: { numerator: number; denominator: number }): string {
  const key = `${share.numerator}/${share.denominator}`;
  return SHARE_WORDS[key] ?? key;
}

/** '1 day', '3 days', '7 business days'. */
export function countText(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** '1 to 3 days', or '2 days' when both ends agree. */
export function rangeText(range: { min: number; max: number }, unit: string): string {
  return range.min === range.max ? countText(range.min, unit) : `${range.min} to ${range.max} ${unit}s`;
}

/** Which overdue days a tier covers: 'on days 1 to 30', 'on day 31', 'from day 91'. */
export function tierDaysText(tier: Pick<Tier, 'firstDay' | 'lastDay'>): string {
  if (tier.lastDay === null) return `from day ${tier.firstDay}`;
  if (tier.lastDay === tier.firstDay) return `on day ${tier.firstDay}`;
  return `on days ${tier.firstDay} to ${tier.lastDay}`;
}

/** One overdue tier in a sentence: '5% a day on days 1 to 30'. */
export function tierText(tier: Tier): string {
  return `${percentFromBp(tier.dailyRateBp)} a day ${tierDaysText(tier)}`;
}

/**
 * The effective-rate cap by the date a loan is made: '15% a month for loans made before 2026-04-01
 * and 12% a month for loans made from 2026-04-01'. The first step has no start worth naming.
 */
export function effectiveCapText(steps: LoanTermsFigures['chargeCaps']['effectiveMonthlyBp']): string {
  return steps
    .map((step, i) => {
      const next = steps[i + 1];
      const when = next ? `for loans made before ${next.fromDate}` : i > 0 ? `for loans made from ${step.fromDate}` : '';
      return `${percentFromBp(step.bp)} a month${when ? ` ${when}` : ''}`;
    })
    .join(' and ');
}
