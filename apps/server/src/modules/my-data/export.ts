/**
 * "My data"'s export (issue 39, docs/privacy.md): everything the lender holds about one borrower,
 * part by part, as plain JSON (dates as ISO strings, amounts in minor units beside their currency).
 * The rooms' parts are read here through their doors; the families' parts (complaints, reminders, the
 * promotion sign-up) are PersonalDataSections handed in by modules/index.ts, since a module never
 * imports another. Every read names the borrower: no other borrower's row can come in.
 */
import { LANG_NAMES } from '@cashloan/contract/i18n';
import { CONSENT_TEXTS, type Market } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { lenderDate } from '../../loan-terms/calendar.ts';
import { findBorrowerRecord } from '../../domain/borrowers/service.ts';
import { consentEventsOf } from '../../domain/borrowers/consents.ts';
import { listAccounts, type AccountRow } from '../../domain/bank-cards/service.ts';
import { lastFourOnly } from '../../domain/bank-cards/card-numbers.ts';
import { listBorrowerOrders, listConfirmedDocuments, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { listOrderPaymentResults, type OrderPaymentRecord, type PaymentResult } from '../../domain/payments/payments.ts';
import { listOrderPayouts } from '../../domain/payouts/payouts.ts';
import { attemptsOf } from '../../domain/contacts/contacts.ts';
import { promisesOf } from '../../domain/collections/promises.ts';
import { noticesOf } from '../../domain/breaches/breaches.ts';

export type PersonalDataRow = Record<string, unknown>;

export interface PersonalDataPart {
  key: string;
  title: string;
  rows: PersonalDataRow[];
}

export interface PersonalDataExport {
  /** When the export was made (ISO). */
  generatedAt: string;
  borrowerId: number;
  parts: PersonalDataPart[];
}

export interface PersonalDataBorrower {
  id: number;
  mobilePhone: string;
  name: string;
}

/** The ISO code an amount is in: the order's market decides it (the wire's ₱/₹ are the screens'). */
export const CURRENCY_OF_MARKET: Record<Market, 'PHP' | 'INR'> = { PH: 'PHP', IN: 'INR' };

const iso = (at: Date | string | null | undefined): string | null => (at === null || at === undefined ? null : new Date(at).toISOString());

/** A stored payment result: `{}` on a payment written before results were kept (migration 002's default). */
type StoredResult = Partial<PaymentResult>;

/** What the borrower reads for what a payment was for. */
const PAID_FOR: Record<string, string> = { repay: 'repayment', rollover: 'rollover', cancel: 'cooling-off cancellation' };

// ---- the rooms' parts ----------------------------------------------------------------------------------

async function profilePart(db: Queryable, borrowerId: number): Promise<PersonalDataRow[]> {
  const b = await findBorrowerRecord(db, borrowerId);
  if (!b) return [];
  // The language we keep for them (their latest call's) is theirs to see too; '' before their first call.
  const language = b.lang ? LANG_NAMES[b.lang] : '';
  return [{ name: b.name, mobilePhone: b.mobilePhone, userId: b.userId, merchantNumber: b.merchantNumber, createdAt: iso(b.createdAt), isRepeat: b.isRepeat, language }];
}

async function consentsPart(db: Queryable, borrowerId: number): Promise<PersonalDataRow[]> {
  return (await consentEventsOf(db, borrowerId)).map((e) => ({
    purpose: e.purpose,
    title: CONSENT_TEXTS[e.purpose]?.title ?? e.purpose,
    granted: e.granted,
    channel: e.channel,
    textVersion: e.textVersion,
    textShown: e.textShown,
    at: iso(e.at),
  }));
}

/** A saved form value as the export shows it: an account number (stored masked) keeps its last 4 digits only. */
const maskedValue = (value: string): string => (value.includes('*') ? lastFourOnly(value) : value);

/**
 * Bound accounts, oldest first: payout accounts from the bank screen (the current one is the newest
 * not replaced) and the cards the borrower repays with. Last 4 digits only, as the back office shows them.
 */
function accountsPart(accounts: AccountRow[]): PersonalDataRow[] {
  const currentPayout = accounts.find((a) => a.boundVia !== null && a.replacedAt === null);
  return [...accounts].reverse().map((a) => ({
    kind: a.boundVia === null ? 'repayment card' : 'payout account',
    bankName: a.bankName,
    accountNo: lastFourOnly(a.cardNoMasked),
    current: a.boundVia === null ? a.replacedAt === null : a === currentPayout,
    details: Object.fromEntries(Object.entries(a.fields).map(([code, value]) => [code, maskedValue(value)])),
    createdAt: iso(a.createdAt),
    replacedAt: iso(a.replacedAt),
  }));
}

interface LedgerLine {
  at: string | null;
  entry: string;
  /** + adds to what is owed, − takes off. */
  amountMinor: number;
  reference: string;
}

/**
 * The order's ledger, oldest first, from stored facts: the loan paid out (what it owes), each payment
 * (with the charges it booked first, and any part beyond what was owed held as the borrower's credit),
 * and the waiver of a cooling-off cancellation.
 */
function ledgerOf(order: OrderRow, payments: Array<OrderPaymentRecord<StoredResult>>): LedgerLine[] {
  const lines: LedgerLine[] = [];
  if (order.disbursedAt) {
    lines.push({ at: iso(order.disbursedAt), entry: 'Loan paid out: principal, interest and service fee owed', amountMinor: order.principalMinor + order.interestMinor + order.feeMinor, reference: order.orderNo });
  }
  const oldestFirst = [...payments].sort((a, b) => a.appliedAt.getTime() - b.appliedAt.getTime() || a.id - b.id);
  for (const p of oldestFirst) {
    const r = p.result;
    if ((r.bookedChargesMinor ?? 0) > 0) {
      lines.push({ at: iso(p.appliedAt), entry: 'Charges booked (late interest, penalty or rollover fee)', amountMinor: r.bookedChargesMinor!, reference: p.providerRef });
    }
    const purpose = r.purpose ?? 'repay';
    lines.push({ at: iso(p.appliedAt), entry: `Payment received (${PAID_FOR[purpose] ?? purpose}) through ${p.channelName}`, amountMinor: -p.amountMinor, reference: p.providerRef });
    if ((r.unappliedMinor ?? 0) > 0) {
      lines.push({ at: iso(p.appliedAt), entry: 'Paid beyond what was owed: held as your credit', amountMinor: r.unappliedMinor!, reference: p.providerRef });
    }
  }
  if (order.cancellation) {
    const waived = order.interestMinor - order.cancellation.keptInterestMinor + order.feeMinor;
    lines.push({ at: iso(order.cancellation.at), entry: 'Waived on cancellation in the cooling-off period: interest for the unused days and the service fee', amountMinor: -waived, reference: '' });
  }
  return lines;
}

interface OrderFacts {
  order: OrderRow;
  currency: 'PHP' | 'INR';
  payments: Array<OrderPaymentRecord<StoredResult>>;
}

async function ordersPart(db: Queryable, facts: OrderFacts[], now: Date): Promise<PersonalDataRow[]> {
  const rows: PersonalDataRow[] = [];
  for (const { order, currency, payments } of facts) {
    const view = viewOrder(order, now);
    const payouts = await listOrderPayouts(db, order.id);
    rows.push({
      orderNo: order.orderNo,
      product: order.productName,
      market: order.market,
      currency,
      status: view.meaning,
      principalMinor: order.principalMinor,
      interestMinor: order.interestMinor,
      serviceFeeMinor: order.feeMinor,
      lateChargesMinor: order.lateChargesMinor,
      otherChargesMinor: order.extraChargesMinor - order.lateChargesMinor,
      paidMinor: order.paidMinor,
      owedNowMinor: view.position?.totalOwedMinor ?? 0,
      termDays: order.termDays,
      instalments: order.periods,
      rollovers: order.rolloverCount,
      appliedAt: iso(order.createdAt),
      disbursedAt: iso(order.disbursedAt),
      dueAt: iso(order.dueAt),
      settledAt: iso(order.settledAt),
      cancelledAt: iso(order.cancellation?.at),
      plan: order.plan.map((p) => ({ instalment: p.seq, dueAt: iso(p.dueAt), amountMinor: p.amountMinor, paidMinor: p.paidMinor, settledAt: iso(p.settledAt) })),
      ledger: ledgerOf(order, payments),
      payouts: [...payouts].reverse().map((p) => ({
        releasedAt: iso(p.releasedAt),
        amountMinor: p.amountMinor,
        toAccount: `${p.bankName} ****${p.accountLast4}`,
        status: p.status,
        reference: p.reference,
        paidAt: iso(p.paidAt),
        reversedAt: iso(p.reversedAt),
      })),
    });
  }
  return rows;
}

async function documentsPart(db: Queryable, orders: OrderRow[]): Promise<PersonalDataRow[]> {
  const rows: PersonalDataRow[] = [];
  for (const order of orders) {
    for (const d of await listConfirmedDocuments(db, order.id)) {
      rows.push({ orderNo: order.orderNo, kind: d.kind, title: d.title, confirmedAt: iso(d.confirmedAt), sha256: d.sha256 });
    }
  }
  return rows;
}

function paymentsPart(facts: OrderFacts[]): PersonalDataRow[] {
  const all = facts.flatMap(({ order, currency, payments }) => payments.map((p) => ({ order, currency, p })));
  all.sort((a, b) => a.p.appliedAt.getTime() - b.p.appliedAt.getTime() || a.p.id - b.p.id);
  return all.map(({ order, currency, p }) => {
    const r = p.result;
    return {
      orderNo: order.orderNo,
      currency,
      amountMinor: p.amountMinor,
      reference: p.providerRef,
      payCode: p.payCode,
      channel: p.channelName,
      purpose: PAID_FOR[r.purpose ?? 'repay'] ?? r.purpose,
      appliedAt: iso(p.appliedAt),
      allocation: r.allocation
        ? {
            lateChargesMinor: r.allocation.lateChargesMinor,
            interestMinor: r.allocation.interestMinor,
            serviceFeeMinor: r.allocation.serviceFeeMinor,
            principalMinor: r.allocation.principalMinor,
            heldAsCreditMinor: r.allocation.unappliedMinor,
          }
        : null,
      owedAfterMinor: r.balanceAfterMinor ?? null,
    };
  });
}

async function contactAttemptsPart(db: Queryable, borrowerId: number, orderNos: Map<number, string>): Promise<PersonalDataRow[]> {
  return (await attemptsOf(db, borrowerId)).map((a) => ({
    orderNo: a.orderId === null ? null : (orderNos.get(a.orderId) ?? null),
    channel: a.channel,
    by: a.madeBy === 'system' ? 'automatic' : 'collector',
    with: a.party,
    made: a.allowed,
    refusedBecause: a.refusalMessage,
    message: a.body,
    outcome: a.outcome,
    reference: a.reference,
    at: iso(a.at),
  }));
}

async function promisesPart(db: Queryable, facts: OrderFacts[], now: Date): Promise<PersonalDataRow[]> {
  const rows: Array<PersonalDataRow & { createdAt: string }> = [];
  for (const { order, currency } of facts) {
    for (const p of await promisesOf(db, order.id, now, order.market)) {
      rows.push({ orderNo: order.orderNo, currency, promisedOn: p.promisedOn, amountMinor: p.amountMinor, paidMinor: p.paidMinor, state: p.state, createdAt: p.createdAt });
    }
  }
  return rows.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

/** The messages the SMS provider sent to the borrower's phone, where the provider keeps them (none: no part). */
export function smsSectionOf(sms: SmsProvider): PersonalDataSection[] {
  const sentTo = sms.sentTo?.bind(sms);
  if (!sentTo) return [];
  const forget = sms.forget?.bind(sms);
  return [
    {
      key: 'smsMessages',
      title: 'Text messages sent to your phone',
      collect: async (_db, subject) => (subject.mobilePhone ? (await sentTo(subject.mobilePhone)).map((m) => ({ phone: subject.mobilePhone, text: m.text, at: m.at.toISOString() })) : []),
      // The provider keeps its own copy: it is asked once the erasure has committed (a provider may write through the database).
      erase: async (_tx, subject) => ({ rows: 0, imageKeys: [], afterCommit: forget && subject.mobilePhone ? () => forget(subject.mobilePhone) : undefined }),
    },
  ];
}

// ---- the export -------------------------------------------------------------------------------------------

/**
 * Everything the lender holds about the borrower: the rooms' parts (profile, consents, bound
 * accounts, orders with their plans and ledgers, documents confirmed, payments, contacts about
 * debts, promises to pay), then the `sections` handed in, in the order given (the families' parts,
 * and the text messages the SMS provider sent to their phone, when it keeps them). `now` is the export's moment (what each order owes now, the promises' state).
 */
export async function collectPersonalData(db: Queryable, subject: PersonalDataBorrower, sections: readonly PersonalDataSection[], now: Date): Promise<PersonalDataExport> {
  const orders = [...(await listBorrowerOrders(db, subject.id))].reverse(); // oldest first
  const facts: OrderFacts[] = [];
  for (const order of orders) {
    facts.push({ order, currency: CURRENCY_OF_MARKET[order.market], payments: await listOrderPaymentResults(db, order.id) });
  }
  const orderNos = new Map(orders.map((o) => [o.id, o.orderNo]));

  const parts: PersonalDataPart[] = [
    { key: 'profile', title: 'Your profile', rows: await profilePart(db, subject.id) },
    { key: 'consents', title: 'Your consents: each grant and withdrawal', rows: await consentsPart(db, subject.id) },
    { key: 'accounts', title: 'Bound accounts and cards (last 4 digits only)', rows: accountsPart(await listAccounts(db, subject.id)) },
    { key: 'orders', title: 'Loans: plans and ledgers', rows: await ordersPart(db, facts, now) },
    { key: 'documents', title: 'Documents you confirmed', rows: await documentsPart(db, orders) },
    { key: 'payments', title: 'Payments', rows: paymentsPart(facts) },
    { key: 'contactAttempts', title: 'Contacts about your loans', rows: await contactAttemptsPart(db, subject.id, orderNos) },
    { key: 'promisesToPay', title: 'Promises to pay', rows: await promisesPart(db, facts, now) },
    // Oldest first, like every part (the screen lists them newest first).
    { key: 'breachNotices', title: 'Data breach notices we sent you', rows: (await noticesOf(db, subject.id)).reverse() },
  ];
  for (const section of sections) {
    parts.push({ key: section.key, title: section.title, rows: await section.collect(db, { id: subject.id, mobilePhone: subject.mobilePhone }) });
  }
  return { generatedAt: now.toISOString(), borrowerId: subject.id, parts };
}

/** The JSON file: `my-data-YYYY-MM-DD.json` (the Manila calendar day of the export), pretty-printed. */
export function exportJson(data: PersonalDataExport): { fileName: string; content: string } {
  return { fileName: `${exportBaseName(data)}.json`, content: `${JSON.stringify(data, null, 2)}\n` };
}

/** `my-data-YYYY-MM-DD` (the Manila calendar day of the export): the JSON's and the PDF's name without its ending. */
export const exportBaseName = (data: PersonalDataExport) => `my-data-${lenderDate(new Date(data.generatedAt), 'PH')}`;
