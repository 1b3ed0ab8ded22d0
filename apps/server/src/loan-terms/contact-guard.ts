/**
 * The contact guard (issue 38, docs/loan-terms.md "Contact about a debt"): every contact with a
 * borrower about a debt — a collector's call logged before dialling, a collector's SMS or e-mail, the
 * reminder job's own messages — asks `checkContact` first. A refused contact is not made; the caller
 * records it with the refusal's reason and rule. Pure: the facts are the caller's to gather.
 *
 * The rules, by market:
 * - hours: the Philippines 06:00–22:00 Manila (SEC MC 18 s2019, Section 1, contact at unreasonable or
 *   inconvenient times), unless the account is more than 15 days past due or the borrower expressly
 *   consented to other hours (given before the contact); India 08:00–19:00 Kolkata for every recovery
 *   contact, the reminders too (RBI directions on recovery agents), with no exception;
 * - whom: the borrower, or a guarantor or co-maker the borrower named; never anyone else (MC 18,
 *   Section 1: no contact with persons in the borrower's contacts, no disclosure of the debt);
 * - words: a message is an approved template filled by the server (MC 18, Section 1: no threats,
 *   insults, or false or deceptive words); while the borrower disputes the debt, a collector sends no
 *   message until the lead resolves the dispute, and every other message says the debt is disputed
 *   (MC 18, Section 1: failing to say that a debt is disputed); India: every recovery message names
 *   the grievance officer, and an agent contacts the borrower only after the borrower was sent the
 *   agent's name, agency and phone;
 * - a collection-type complaint against the collector, not yet answered, stops that collector's contacts;
 * - frequency: at most `callsPerDay` calls and `messagesPerDay` messages a lender day, counted across
 *   the collectors and the reminder job.
 */
import type { Market } from '@cashloan/contract';
import { lenderDay, lenderDayStartsAt } from './calendar.ts';

export type ContactChannel = 'call' | 'sms' | 'email';
export type ContactParty = 'borrower' | 'guarantor' | 'co_maker' | 'other';

export type ContactRefusal =
  | 'hours'
  | 'party'
  | 'template'
  | 'dispute_open'
  | 'dispute_label'
  | 'grievance_officer'
  | 'agent_notice'
  | 'complaint_open'
  | 'frequency';

/** The hours of each market in which a debt may be spoken of, lender time: [from, until). */
export const CONTACT_HOURS: Record<Market, { fromHour: number; untilHour: number }> = {
  PH: { fromHour: 6, untilHour: 22 },
  IN: { fromHour: 8, untilHour: 19 },
};
/** The Philippines: past this many days overdue, the hours no longer bind (MC 18 s2019). */
export const PH_HOURS_WAIVED_AFTER_DAYS_PAST_DUE = 15;
/** Contact attempts a borrower may get a lender day, unless the lender sets fewer. */
export const DEFAULT_CONTACT_LIMITS = { callsPerDay: 3, messagesPerDay: 2 } as const;

export interface ContactAsk {
  at: Date;
  market: Market;
  daysPastDue: number;
  channel: ContactChannel;
  /** The reminder job, or a collector (an agent of the lender or of its agency). */
  by: 'system' | 'collector';
  party: ContactParty;
  /** A guarantor or co-maker: whether the borrower named this person as such. */
  namedByBorrower: boolean;
  /** The Philippines: when the borrower expressly consented to be contacted at other hours (null: never). */
  consentToOtherHoursAt: Date | null;
  /** A message: whether it is one of the lender's approved templates, filled by the server. */
  approvedTemplate: boolean;
  /** The borrower disputes the debt and the lead has not resolved it. */
  disputeOpen: boolean;
  /** A message: whether its text says the debt is disputed. */
  saysDisputed: boolean;
  /** A message: whether it names the borrower's grievance officer. */
  namesGrievanceOfficer: boolean;
  /** India, a collector: when the borrower was sent the agent's name, agency and phone (null: never). */
  agentNoticeSentAt: Date | null;
  /** A collection-type complaint against this collector, not yet answered. */
  complaintAgainstCollectorOpen: boolean;
  /** Attempts made with this borrower so far on the lender day of `at`, by anyone. */
  attemptsToday: { calls: number; messages: number };
  limits?: { callsPerDay: number; messagesPerDay: number };
}

export type ContactDecision =
  | { allowed: true }
  | {
      allowed: false;
      reason: ContactRefusal;
      /** What stopped it, in words staff read (and the record keeps). */
      message: string;
      /** When the same contact would be allowed, if waiting is all it needs; null when waiting does not help. */
      nextAllowedAt: Date | null;
    };

const HOUR_MS = 3_600_000;
const isMessage = (channel: ContactChannel) => channel !== 'call';

/** Milliseconds since the start of the lender day `at` falls on. */
function timeOfDay(at: Date, market: Market): number {
  return at.getTime() - lenderDayStartsAt(lenderDay(at, market), market).getTime();
}

/** Whether `at` is inside the market's contact hours. */
export function withinContactHours(at: Date, market: Market): boolean {
  const t = timeOfDay(at, market);
  const { fromHour, untilHour } = CONTACT_HOURS[market];
  return t >= fromHour * HOUR_MS && t < untilHour * HOUR_MS;
}

/** The next moment the market's contact hours begin, from `at` on (`at` itself when inside them). */
export function nextContactHour(at: Date, market: Market): Date {
  if (withinContactHours(at, market)) return at;
  const day = lenderDay(at, market);
  const { fromHour } = CONTACT_HOURS[market];
  const morningOf = timeOfDay(at, market) < fromHour * HOUR_MS ? day : day + 1;
  return new Date(lenderDayStartsAt(morningOf, market).getTime() + fromHour * HOUR_MS);
}

/** Whether the hours bind this contact: always in India; in the Philippines unless long overdue or consented. */
function hoursBind(ask: ContactAsk): boolean {
  if (ask.market === 'IN') return true;
  if (ask.daysPastDue > PH_HOURS_WAIVED_AFTER_DAYS_PAST_DUE) return false;
  return !(ask.consentToOtherHoursAt !== null && ask.consentToOtherHoursAt.getTime() <= ask.at.getTime());
}

const refuse = (reason: ContactRefusal, message: string, nextAllowedAt: Date | null = null): ContactDecision => ({ allowed: false, reason, message, nextAllowedAt });

/** Whether a contact may be made now; when not, why (the first rule it breaks) and when it could be. */
export function checkContact(ask: ContactAsk): ContactDecision {
  const limits = ask.limits ?? DEFAULT_CONTACT_LIMITS;
  const message = isMessage(ask.channel);
  const collector = ask.by === 'collector';

  if (ask.party === 'other' || (ask.party !== 'borrower' && !ask.namedByBorrower)) {
    return refuse('party', 'Only the borrower, or a guarantor or co-maker the borrower named, may be contacted about the debt.');
  }
  if (collector && ask.complaintAgainstCollectorOpen) {
    return refuse('complaint_open', "The borrower's complaint against this collector is not answered yet: the collector does not contact the borrower until it is.");
  }
  if (message && !ask.approvedTemplate) return refuse('template', "Only the lender's approved templates, filled by the server, may be sent.");
  if (message && ask.disputeOpen && collector) {
    return refuse('dispute_open', 'The borrower disputes this debt: no collection message until the collections lead resolves the dispute.');
  }
  if (message && ask.disputeOpen && !ask.saysDisputed) return refuse('dispute_label', 'The borrower disputes this debt: every message about it must say so.');
  if (ask.market === 'IN' && message && !ask.namesGrievanceOfficer) return refuse('grievance_officer', "Every recovery message must name the borrower's grievance officer.");
  if (ask.market === 'IN' && collector && (ask.agentNoticeSentAt === null || ask.agentNoticeSentAt.getTime() > ask.at.getTime())) {
    return refuse('agent_notice', "The borrower must first be sent the agent's name, agency and phone by SMS.");
  }
  if (hoursBind(ask) && !withinContactHours(ask.at, ask.market)) {
    const { fromHour, untilHour } = CONTACT_HOURS[ask.market];
    const pad = (h: number) => `${String(h).padStart(2, '0')}:00`;
    return refuse('hours', `Contact about a debt only between ${pad(fromHour)} and ${pad(untilHour)} ${ask.market === 'IN' ? 'Kolkata' : 'Manila'} time.`, nextContactHour(ask.at, ask.market));
  }
  const [made, most, what] = message ? [ask.attemptsToday.messages, limits.messagesPerDay, 'messages'] : [ask.attemptsToday.calls, limits.callsPerDay, 'calls'];
  if (made >= most) {
    // Tomorrow's first allowed moment (the count starts again at the lender day's start).
    const tomorrow = lenderDayStartsAt(lenderDay(ask.at, ask.market) + 1, ask.market);
    return refuse('frequency', `This borrower has had ${made} ${what} today, the most a day allows (${most}).`, hoursBind(ask) ? nextContactHour(tomorrow, ask.market) : tomorrow);
  }
  return { allowed: true };
}
