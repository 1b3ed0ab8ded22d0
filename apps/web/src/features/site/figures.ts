/**
 * The loan-terms figures as words and numbers in the published texts (the values come from the
 * server). Each phrase is a whole text of the catalogue, its numbers in places, so a translation
 * orders the words its own way (docs/i18n.md); the counts go through the page language's plurals.
 */
import type { LoanTermsFigures } from '@cashloan/contract/site';
import { pageLang, t } from '../../shared/i18n/texts.ts';

type Tier = LoanTermsFigures['overdueInterestTiers'][number];

/** A rate in basis points as a percentage: 500 → '5%', 250 → '2.5%', 5 → '0.05%'. Integer arithmetic only. */
export function percentFromBp(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const hundredths = Math.abs(bp % 100);
  if (hundredths === 0) return `${whole}%`;
  return `${whole}.${String(hundredths).padStart(2, '0').replace(/0$/, '')}%`;
}

const SHARE_TEXTS: Record<string, string> = { '1/2': 'half', '1/3': 'one third', '2/3': 'two thirds', '1/4': 'a quarter', '3/4': 'three quarters' };

/** A share of the term in words where there is one: 1/2 → 'half', otherwise '2/5'. */
export function shareText(share: { numerator: number; denominator: number }): string {
  const key = `${share.numerator}/${share.denominator}`;
  const words = SHARE_TEXTS[key];
  return words ? t(words) : key;
}

/** The units the texts count in. */
const UNIT_TEXTS = {
  day: ['{n} day', '{n} days', '{min} to {max} days'],
  'calendar day': ['{n} calendar day', '{n} calendar days', '{min} to {max} calendar days'],
  'business day': ['{n} business day', '{n} business days', '{min} to {max} business days'],
} as const;
type Unit = keyof typeof UNIT_TEXTS;

/**
 * '1 day', '3 days', '7 business days': the form the page language's plural rules choose, in its
 * words. What shared/i18n/plural.ts does; the build keeps that module in the loan-confirmation chunk
 * (vite.config.ts), so importing it here would load that whole chunk on the site (bench/bundle).
 */
export function countText(n: number, unit: Unit): string {
  const [one, other] = UNIT_TEXTS[unit];
  return t(new Intl.PluralRules(pageLang()).select(n) === 'one' ? one : other, { n });
}

/** '1 to 3 days', or '2 days' when both ends agree. */
export function rangeText(range: { min: number; max: number }, unit: Unit): string {
  return range.min === range.max ? countText(range.min, unit) : t(UNIT_TEXTS[unit][2], { min: range.min, max: range.max });
}

/** Which overdue days a tier covers: 'on days 1 to 30', 'on day 31', 'from day 91'. */
export function tierDaysText(tier: Pick<Tier, 'firstDay' | 'lastDay'>): string {
  if (tier.lastDay === null) return t('from day {day}', { day: tier.firstDay });
  if (tier.lastDay === tier.firstDay) return t('on day {day}', { day: tier.firstDay });
  return t('on days {first} to {last}', { first: tier.firstDay, last: tier.lastDay });
}

/** One overdue tier in a sentence: '5% a day on days 1 to 30'. */
export function tierText(tier: Tier): string {
  return t('{rate} a day {days}', { rate: percentFromBp(tier.dailyRateBp), days: tierDaysText(tier) });
}

/** The overdue tiers one after another: '5% a day on days 1 to 30; 2% a day from day 31'. */
export const tiersText = (tiers: readonly Tier[]): string => tiers.map(tierText).join('; ');

/**
 * The effective-rate cap by the date a loan is made: '15% a month for loans made before 2026-04-01
 * and 12% a month for loans made from 2026-04-01'. The first step has no start worth naming.
 */
export function effectiveCapText(steps: LoanTermsFigures['chargeCaps']['effectiveMonthlyBp']): string {
  const each = steps.map((step, i) => {
    const rate = percentFromBp(step.bp);
    const next = steps[i + 1];
    if (next) return t('{rate} a month for loans made before {date}', { rate, date: next.fromDate });
    return i > 0 ? t('{rate} a month for loans made from {date}', { rate, date: step.fromDate }) : t('{rate} a month', { rate });
  });
  return listText(each);
}

/** 'a', 'a and b', 'a, b and c'. */
export function listText(items: readonly string[]): string {
  if (items.length < 2) return items[0] ?? '';
  return t('{first} and {next}', { first: items.slice(0, -1).join(', '), next: items[items.length - 1]! });
}

/** When a loan may be repaid early: 'after half of the term has passed, and not before day 4 from disbursement'. */
export function prepaymentRuleText(prepayment: LoanTermsFigures['prepayment']): string {
  return t('after {share} of the term has passed, and not before day {day} from disbursement', {
    share: shareText(prepayment.termShare),
    day: prepayment.minDaysFromDisbursement,
  });
}

/** The server's nationality names, as a text of the catalogue. */
const NATIONALITY_TEXTS: Record<string, string> = { Filipino: 'Filipino', Indian: 'Indian' };

/** Who may borrow: 'Filipino citizens aged 18 or over'. */
export function eligibilityText(applicant: LoanTermsFigures['applicant']): string {
  const nationality = NATIONALITY_TEXTS[applicant.nationality];
  return t('{nationality} citizens aged {age} or over', { nationality: nationality ? t(nationality) : applicant.nationality, age: applicant.minAge });
}
