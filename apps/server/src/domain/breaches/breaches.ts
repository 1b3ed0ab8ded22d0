/**
 * The breaches room's door (issue 39, docs/privacy.md "Breach register"): a personal data breach
 * recorded with a reference, the named queries that choose the borrowers it touched (counted before
 * anyone is told), and the notice each of them gets: in the app from the moment it is claimed, then
 * one SMS, sent after the claim is committed and never twice (the notice's id is the gateway's
 * reference). The 72 hours are loan-terms/data-rights.ts; the report for the authority is report.ts.
 * A breach notice is the law's, not a use the borrower consents to: it is sent whatever their consents.
 */
import { BREACH_MARKET_TITLES, type AffectedQuery, type BreachNoticeView } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound } from '../../platform/http/api-error.ts';
import { dayToIsoDate, isoDateToDay, lenderDateTime, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { findBorrowers } from '../borrowers/service.ts';
import {
  affectedBorrowerIds,
  countAffected,
  findBreach,
  insertBreach,
  insertNotices,
  markNoticeFailed,
  markNoticeSent,
  noticesOfBorrower,
  setNotified,
  takeBreachSequence,
  unsentNotices,
  type BreachRecord,
  type ResolvedQuery,
  type StoredQuery,
} from './store.ts';

export { listBreaches, noticeCounts, type BreachRecord, type NoticeCounts, type StoredQuery } from './store.ts';

export const BREACH_MESSAGES = {
  notFound: (id: number) => `Breach ${id} does not exist.`,
  discoveredInFuture: 'discoveredAt: a breach cannot be found in the future',
} as const;

/** The query's stored form: only the parameters its kind takes. */
export function storedQuery(q: AffectedQuery): StoredQuery {
  return q.kind === 'orders-in-market' ? { kind: q.kind, market: q.market! } : { kind: q.kind, from: q.from!, to: q.to! };
}

/** The days as the instants the SQL compares (the first day's start to the end of the last, Manila). */
function resolve(q: StoredQuery): ResolvedQuery {
  if (q.kind === 'orders-in-market') return { kind: q.kind, market: q.market! };
  return { kind: q.kind, start: lenderDayStartsAt(isoDateToDay(q.from!)), end: lenderDayStartsAt(isoDateToDay(q.to!) + 1) };
}

/** The query in words, as the screens and the report say it. */
export function queryText(q: StoredQuery): string {
  switch (q.kind) {
    case 'bound-account-between':
      return `Every borrower who bound a payment account from ${q.from} to ${q.to} (Manila)`;
    case 'signed-up-between':
      return `Every borrower who signed up from ${q.from} to ${q.to} (Manila)`;
    case 'orders-in-market':
      return `Every borrower with an order in ${BREACH_MARKET_TITLES[q.market!]}`;
  }
}

/** How many borrowers the query chooses now (erased borrowers left out). */
export async function countAffectedBorrowers(db: Queryable, q: StoredQuery): Promise<number> {
  return countAffected(db, resolve(q));
}

export async function loadBreach(db: Queryable, id: number): Promise<BreachRecord> {
  const breach = await findBreach(db, id);
  if (!breach) throw notFound(BREACH_MESSAGES.notFound(id));
  return breach;
}

export interface BreachWords {
  whatHappened: string;
  dataInvolved: string;
  measuresTaken: string;
  borrowerCanDo: string;
  contact: string;
  details: string;
}

/** Records a breach (BR-YYYYMMDD-NNNN, numbered by the lender day it is recorded on) in the caller's transaction. */
export async function recordBreach(tx: Queryable, b: BreachWords & { discoveredAt: Date; query: AffectedQuery; staffId: number; now: Date }): Promise<BreachRecord> {
  if (b.discoveredAt.getTime() > b.now.getTime()) throw invalidInput(BREACH_MESSAGES.discoveredInFuture);
  const day = dayToIsoDate(lenderDay(b.now));
  const refNo = `BR-${day.replaceAll('-', '')}-${String(await takeBreachSequence(tx, day)).padStart(4, '0')}`;
  const id = await insertBreach(tx, {
    refNo,
    whatHappened: b.whatHappened,
    dataInvolved: b.dataInvolved,
    measuresTaken: b.measuresTaken,
    borrowerCanDo: b.borrowerCanDo,
    contact: b.contact,
    details: b.details,
    discoveredAt: b.discoveredAt,
    recordedBy: b.staffId,
    createdAt: b.now,
    query: storedQuery(b.query),
  });
  return (await findBreach(tx, id))!;
}

// ---- notices ------------------------------------------------------------------------------------------

/** A sentence ends with its stop: staff may type one or not. */
const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * The notice's SMS: what happened, what data, what we did, what the borrower can do, whom to contact.
 * With the texts at their longest (the contract's BREACH_TEXT_MAX) it is 546 characters with the app
 * name PesoNow: 4 parts of GSM-7 text (docs/privacy.md).
 */
export function breachSmsText(appName: string, b: Pick<BreachRecord, 'refNo' | 'whatHappened' | 'dataInvolved' | 'measuresTaken' | 'borrowerCanDo' | 'contact'>): string {
  return [
    `${appName}: personal data breach ${b.refNo}.`,
    `What happened: ${sentence(b.whatHappened)}`,
    `Data involved: ${sentence(b.dataInvolved)}`,
    `What we did: ${sentence(b.measuresTaken)}`,
    `What you can do: ${sentence(b.borrowerCanDo)}`,
    `Contact: ${sentence(b.contact)}`,
  ].join(' ');
}

export interface ClaimedNotices {
  breach: BreachRecord;
  /** Borrowers given a notice for the first time. */
  added: number;
  /** The SMS still to send: new notices and any the gateway refused before. */
  toSend: Array<{ noticeId: number; phone: string }>;
}

/**
 * In the caller's transaction (which holds the breach's row): a notice for every borrower the query
 * chooses now and who has none yet, seen in the app at once, and the breach marked notified. Answers
 * the SMS to send once the transaction is committed (sendNotices): never inside it.
 */
export async function claimNotices(tx: Queryable, breachId: number, now: Date): Promise<ClaimedNotices> {
  const breach = await findBreach(tx, breachId, { forUpdate: true });
  if (!breach) throw notFound(BREACH_MESSAGES.notFound(breachId));
  const added = await insertNotices(tx, breach.id, await affectedBorrowerIds(tx, resolve(breach.query)), now);
  if (added > 0) await setNotified(tx, breach.id, now);
  const unsent = await unsentNotices(tx, breach.id);
  const phones = new Map((await findBorrowers(tx, [...new Set(unsent.map((n) => n.borrowerId))])).map((b) => [b.id, b.mobilePhone]));
  return {
    breach: (await findBreach(tx, breach.id))!,
    added,
    toSend: unsent.filter((n) => phones.get(n.borrowerId)).map((n) => ({ noticeId: n.id, phone: phones.get(n.borrowerId)! })),
  };
}

/**
 * Hands each claimed notice's SMS to the gateway, one by one, with the notice's reference (a repeat
 * after a crash sends nothing twice), and records what it answered: sent, or refused (the next Notify
 * tries again).
 */
export async function sendNotices(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'sms'>, claimed: Pick<ClaimedNotices, 'breach' | 'toSend'>): Promise<{ sent: number; failed: number }> {
  const text = breachSmsText(deps.config.APP_EN_NAME, claimed.breach);
  let sent = 0;
  let failed = 0;
  for (const notice of claimed.toSend) {
    try {
      const { providerRef } = await deps.sms.send({ phone: notice.phone, text, reference: `breach-notice:${notice.noticeId}` });
      await markNoticeSent(deps.db, notice.noticeId, providerRef, deps.clock.now());
      sent++;
    } catch {
      await markNoticeFailed(deps.db, notice.noticeId);
      failed++;
    }
  }
  return { sent, failed };
}

/** The breach notices a borrower was given, newest first, in the words they read ("My data"). */
export async function noticesOf(db: Queryable, borrowerId: number): Promise<BreachNoticeView[]> {
  return (await noticesOfBorrower(db, borrowerId)).map(({ breach, sentAt }) => ({
    refNo: breach.refNo,
    sentAt: lenderDateTime(sentAt),
    whatHappened: breach.whatHappened,
    dataInvolved: breach.dataInvolved,
    whatWeDid: breach.measuresTaken,
    whatYouCanDo: breach.borrowerCanDo,
    contact: breach.contact,
  }));
}
