/**
 * The SMS payment reminder job (docs/records.md, Reminders). A pass, run every REMINDER_INTERVAL_MS as
 * the periodic job `payment-reminders` (main.ts) and on demand by POST /ops/reminders/run:
 *
 * 1. does nothing outside the Philippines' contact hours (06:00-22:00 Manila), and sends to an Indian
 *    order only inside India's (08:00-19:00 Kolkata): loan-terms/contact-guard.ts;
 * 2. takes over the claims a stopped process or a failed provider left 'sending' for STALE_CLAIM_MS,
 *    and sends each again with the SAME reference (the provider sends one message per reference), or
 *    drops it when it is no longer due (paid, STOP, or a later kind is due now);
 * 3. finds the unpaid instalments of orders being repaid that are due within 3 days or overdue (one
 *    indexed query through the orders room), their borrowers' phones and STOPs (one query), and the
 *    reminders already claimed for those orders (one query);
 * 4. for each instalment whose latest sendable kind (schedule.ts) is not claimed yet: claims it in a
 *    transaction that holds the order's row lock and checks again that the instalment is unpaid with
 *    that due date and the borrower has not replied STOP (INSERT … ON CONFLICT DO NOTHING: of two
 *    passes or two processes, one gets the row); then hands the SMS to the provider with the reference
 *    'reminder:<id>' and marks it 'sent' with the provider's reference.
 *
 * A claim is committed before the SMS is handed over, so no crash, restart or second process sends a
 * reminder twice; the worst case is a claim whose send is retried, which the reference makes harmless.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { JobLog, PeriodicJob } from '../../platform/jobs/scheduler.ts';
import { dayToIsoDate, isoDateToDay, lenderDate, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { nextContactHour, withinContactHours } from '../../loan-terms/contact-guard.ts';
import { isRepaying } from '../../loan-terms/status.ts';
import { confirmedLangOf, listOpenInstalmentsDueBefore, loadOrder, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { reminderContacts } from '../../domain/borrowers/service.ts';
import { hasConsent } from '../../domain/borrowers/consents.ts';
import { FIRST_REMINDER_DAYS_BEFORE, latestSendableKind, type ReminderKind } from './schedule.ts';
import { claimReminder, markDropped, markSent, reminderKey, reminderKeysOf, takeStaleClaims, type ReminderRow } from './store.ts';
import { reminderText } from './text.ts';
import { askToContact, grievanceOfficerOf } from '../../domain/contacts/contacts.ts';
import { disputeOpen } from '../../domain/collections/collections.ts';
import { debtLinesIn } from '../../loan-terms/debt-sms-text.ts';
import { remindersSent } from '../../platform/metrics/metrics.ts';
import { smsLang } from '../../platform/i18n/sms-text.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>;

/** How often the server runs a pass (main.ts). A reminder is sent within this long of 06:00 on its day. */
export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;
/** A claim still 'sending' after this long is taken over by the next pass (its process stopped or its send failed). */
export const STALE_CLAIM_MS = 5 * 60 * 1000;

/** The provider's reference of a reminder: the same on every attempt. */
export const reminderReference = (id: number) => `reminder:${id}`;

export interface SentReminder {
  reminderId: number;
  orderId: number;
  seq: number;
  dueOn: string;
  kind: ReminderKind;
  phone: string;
  providerRef: string;
  /** A claim taken over from an earlier pass (sent with its first reference). */
  retried: boolean;
}

export interface ReminderPass {
  at: string;
  /** The pass fell in the quiet hours and sent nothing. */
  quiet: boolean;
  /** The first moment a reminder may be sent (`at` outside the quiet hours). */
  nextAllowedAt: string;
  sent: SentReminder[];
  /** Claims whose send failed this pass: they are 'sending' and the pass after STALE_CLAIM_MS retries them. */
  failed: number;
  /** Taken-over claims no longer due (paid, STOP, or a later kind due now): never sent. */
  dropped: number;
}

interface ReminderKey {
  orderId: number;
  seq: number;
  dueOn: string;
  kind: ReminderKind;
}

/**
 * Whether the reminder is due at `now` for this order: the order is being repaid, the instalment is
 * unpaid and still due on that date (a rollover moves the date, and the new date has reminders of
 * its own), and the kind is the latest one whose moment has come (the catch-up rule).
 */
function isDue(order: OrderRow | null, key: ReminderKey, now: Date): order is OrderRow {
  if (!order || !isRepaying(order.status)) return false;
  const dueDay = isoDateToDay(key.dueOn);
  const instalment = order.plan.find((p) => p.seq === key.seq);
  if (!instalment || instalment.settledAt !== null || lenderDay(instalment.dueAt) !== dueDay) return false;
  return latestSendableKind(dueDay, now) === key.kind;
}

/** Under the order's row lock: checks the reminder is still due and the borrower has not replied STOP. */
async function lockIfDue(tx: Queryable, key: ReminderKey, now: Date): Promise<OrderRow | null> {
  const order = await loadOrder(tx, key.orderId, { forUpdate: true });
  if (!isDue(order, key, now)) return null;
  // The consent ledger decides: a withdrawn (or never granted) purpose stops at once.
  if (!(await hasConsent(tx, order.borrowerId, 'payment_reminders'))) return null;
  return order;
}

/** Claims a new reminder (committed before it is sent), with its text as of now; null when not ours or not due. */
async function claimIfDue(deps: Deps, key: ReminderKey, phone: string, now: Date): Promise<ReminderRow | null> {
  return deps.db.transaction(async (tx) => {
    const order = await lockIfDue(tx, key, now);
    // An Indian order also waits for India's hours on the Kolkata calendar (08:00-19:00 IST is 10:30-21:30 Manila).
    // Outside its market's hours the job attempts nothing (no refusal to record), even where the guard
    // would waive the Philippine hours for a long-overdue loan: reminders stay in the daytime.
    if (!order || !withinContactHours(now, order.market)) return null;
    const position = viewOrder(order, now).position;
    const amountDueMinor = position?.currentDueMinor ?? 0;
    if (amountDueMinor <= 0) return null;
    // The text reads the due date on the order's market calendar; the key's dueOn stays the Manila day the schedule counts by.
    const dueAt = order.plan.find((p) => p.seq === key.seq)!.dueAt;
    const grievanceOfficer = grievanceOfficerOf(deps.config);
    // A debt the borrower disputes is said to be disputed in every message about it (SEC MC 18 s2019).
    const disputed = await disputeOpen(tx, order.id);
    // In the language the loan was confirmed in, unless the lender keeps the market's SMS in English.
    const lang = smsLang(deps.config.SMS_IN_ENGLISH, order.market, await confirmedLangOf(tx, order.id));
    const text = reminderText(key.kind, { brand: deps.config.APP_EN_NAME, orderNo: order.orderNo, amountDueMinor, dueOn: lenderDate(dueAt, order.market), market: order.market, grievanceOfficer }, lang);
    const lines = debtLinesIn(lang, grievanceOfficer);
    const body = disputed ? `${lines.disputed} ${text}` : text;
    // The contact guard decides, and the attempt (or its refusal) is recorded with the claim.
    const decision = await askToContact(tx, {
      at: now,
      market: order.market,
      daysPastDue: position?.daysOverdue ?? 0,
      channel: 'sms',
      by: 'system',
      party: 'borrower',
      namedByBorrower: false,
      consentToOtherHoursAt: null,
      approvedTemplate: true,
      disputeOpen: disputed,
      saysDisputed: body.includes(lines.disputed),
      namesGrievanceOfficer: body.includes(lines.grievance),
      agentNoticeSentAt: null,
      complaintAgainstCollectorOpen: false,
      limits: { callsPerDay: deps.config.CONTACT_CALLS_PER_DAY, messagesPerDay: deps.config.CONTACT_MESSAGES_PER_DAY },
      borrowerId: order.borrowerId,
      orderId: order.id,
      staffId: null,
      reference: `reminder:${reminderKey(key)}`,
    });
    if (!decision.allowed) return null;
    return claimReminder(tx, { ...key, phone, body }, now);
  });
}

async function send(deps: Deps, claim: ReminderRow, pass: ReminderPass, retried: boolean): Promise<void> {
  try {
    const { providerRef } = await deps.sms.send({ phone: claim.phone, text: claim.body, reference: reminderReference(claim.id) });
    await markSent(deps.db, claim.id, providerRef, deps.clock.now());
    const { id: reminderId, orderId, seq, dueOn, kind, phone } = claim;
    pass.sent.push({ reminderId, orderId, seq, dueOn, kind, phone, providerRef, retried });
    remindersSent.inc({ kind });
  } catch {
    // Left 'sending': a pass after STALE_CLAIM_MS sends it again with the same reference.
    pass.failed++;
  }
}

/** One pass of the reminder job at the clock's now. Never throws for one reminder's failure. */
export async function runReminderPass(deps: Deps): Promise<ReminderPass> {
  const { db, clock } = deps;
  const now = clock.now();
  const pass: ReminderPass = { at: now.toISOString(), quiet: !withinContactHours(now, 'PH'), nextAllowedAt: nextContactHour(now, 'PH').toISOString(), sent: [], failed: 0, dropped: 0 };
  if (pass.quiet) return pass;

  // Claims left by a stopped process or a failed send: the same reminder, the same reference.
  for (const claim of await takeStaleClaims(db, new Date(now.getTime() - STALE_CLAIM_MS), now)) {
    const at = clock.now();
    // Taken now, so it waits STALE_CLAIM_MS again: the morning's first pass sends it.
    if (!withinContactHours(at, 'PH')) break;
    try {
      const order = await db.transaction((tx) => lockIfDue(tx, claim, at));
      if (!order) {
        await markDropped(db, claim.id);
        pass.dropped++;
        continue;
      }
      // Quiet on the order's own market calendar (India): kept, and taken again after STALE_CLAIM_MS.
      if (!withinContactHours(at, order.market)) continue;
    } catch {
      pass.failed++;
      continue;
    }
    await send(deps, claim, pass, true);
  }

  // New reminders: unpaid instalments due within FIRST_REMINDER_DAYS_BEFORE days, or overdue.
  const today = lenderDay(now);
  const instalments = await listOpenInstalmentsDueBefore(db, lenderDayStartsAt(today + FIRST_REMINDER_DAYS_BEFORE + 1));
  const contacts = await reminderContacts(db, [...new Set(instalments.map((i) => i.borrowerId))]);
  const claimed = await reminderKeysOf(db, [...new Set(instalments.map((i) => i.orderId))]);
  for (const instalment of instalments) {
    const contact = contacts.get(instalment.borrowerId);
    if (!contact || contact.stopped) continue;
    const dueDay = lenderDay(instalment.dueAt);
    const kind = latestSendableKind(dueDay, now);
    if (!kind) continue;
    const key = { orderId: instalment.orderId, seq: instalment.seq, dueOn: dayToIsoDate(dueDay), kind };
    if (claimed.has(reminderKey(key))) continue;
    const at = clock.now();
    // A pass that runs into 22:00 stops there; the morning's first pass goes on.
    if (!withinContactHours(at, 'PH')) break;
    let claim: ReminderRow | null;
    try {
      claim = await claimIfDue(deps, key, contact.mobilePhone, at);
    } catch {
      pass.failed++;
      continue;
    }
    if (claim) await send(deps, claim, pass, false);
  }
  return pass;
}

/** The periodic job `payment-reminders` (platform/jobs/scheduler.ts): a pass every REMINDER_INTERVAL_MS, on one process. */
export function paymentRemindersJob(deps: Deps, log: JobLog): PeriodicJob {
  return {
    name: 'payment-reminders',
    intervalMs: REMINDER_INTERVAL_MS,
    failureMessage: 'payment reminders failed',
    run: async () => {
      const pass = await runReminderPass(deps);
      if (pass.sent.length + pass.dropped > 0) log.info({ sent: pass.sent.length, dropped: pass.dropped }, 'payment reminders sent');
      if (pass.failed > 0) log.error({ failed: pass.failed }, 'payment reminders left some for the next pass');
    },
  };
}
