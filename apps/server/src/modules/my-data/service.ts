/**
 * The rules of the my-data family (issue 39, docs/privacy.md): the borrower's consents as the ledger
 * holds them (a withdrawal refused only where loan-terms/data-rights.ts says so), who receives their
 * data, their requests to correct or erase it (a reference and an answer date, one erasure open at a
 * time), and what the law makes the lender keep. The export is export.ts and pdf.ts.
 */
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import {
  CONSENT_PURPOSES,
  CONSENT_TEXTS,
  DATA_REQUEST_STATE_TITLES,
  MY_DATA_MESSAGES,
  type ConsentPurpose,
  type ConsentView,
  type DataRequestView,
  type Market,
  type MyData,
  type ParsedPayloadOf,
  type dataRequestCall,
} from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { addDays, dayToIsoDate, lenderDate, lenderDateTime, lenderDay } from '../../loan-terms/calendar.ts';
import { DATA_REQUEST_ANSWER_DAYS, keptUntil, RETENTION, withdrawalRefusal } from '../../loan-terms/data-rights.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { lockBorrower, setBorrowerName, type Borrower } from '../../domain/borrowers/service.ts';
import { consentStates, recordConsent } from '../../domain/borrowers/consents.ts';
import { listBorrowerOrders, type OrderRow } from '../../domain/orders/service.ts';
import { noticesOf } from '../../domain/breaches/breaches.ts';
import { findStaffRequest, insertRequest, openErasureOf, requestsOf, saveDecision, saveErasureDone, takeRequestSequence, type DataRequestRow, type StaffRequestRow } from './store.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { eraseBorrower, hasOpenLoan, type ErasureDeps, type ErasureRun } from './erase.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** Whether a photo URL is the borrower's own upload (the complaints family's rule, handed in by modules/index.ts). */
export type UploadOwnership = (db: Queryable, borrowerId: number, url: string) => Promise<boolean>;


function consentView(purpose: ConsentPurpose, state: { granted: boolean; at: Date } | undefined, orders: readonly OrderRow[]): ConsentView {
  const text = CONSENT_TEXTS[purpose];
  const granted = state?.granted === true;
  const lockedReason = granted ? (withdrawalRefusal(purpose, { hasOpenLoan: hasOpenLoan(orders) }) ?? '') : '';
  return {
    purpose,
    title: text.title,
    text: text.text,
    version: text.version,
    granted,
    changedAt: state ? lenderDateTime(state.at) : '',
    canWithdraw: granted && lockedReason === '',
    lockedReason,
  };
}

export function requestView(r: DataRequestRow): DataRequestView {
  return {
    refNo: r.refNo,
    kind: r.kind,
    field: r.field,
    state: r.state,
    stateTitle: DATA_REQUEST_STATE_TITLES[r.state],
    createdAt: lenderDateTime(r.createdAt),
    answerBy: r.answerBy,
    reason: r.reason,
    doneAt: r.doneAt ? lenderDateTime(r.doneAt) : '',
  };
}

/** The market whose law keeps the borrower's records: India when any of their loans is Indian. */
const marketOf = (orders: readonly OrderRow[]): Market => (orders.some((o) => o.market === 'IN') ? 'IN' : 'PH');

/** The third parties the borrower's data goes to, from the configured providers (docs/privacy.md, "Who receives it"). */
export function recipients(config: Deps['config']): MyData['recipients'] {
  const payIn = config.PAYMENT_PROVIDER === 'dragonpay' ? 'Dragonpay (payment partner)' : 'The payment partner (sandbox)';
  const payOutPh = config.PAYOUT_PROVIDER_PH === 'xendit' ? 'Xendit (payout partner, Philippines)' : 'The payout partner, Philippines (sandbox)';
  const payOutIn = config.PAYOUT_PROVIDER_IN === 'razorpayx' ? 'RazorpayX (payout partner, India)' : 'The payout partner, India (sandbox)';
  return [
    { name: 'The SMS gateway', what: 'Your phone number and the text of each message we send you', why: 'To send you codes, reminders and answers to your complaints' },
    { name: payIn, what: 'Your order number, the amount and the pay code or card you pay with', why: 'To take your payments' },
    { name: payOutPh, what: 'Your name, bank or e-wallet account and the loan amount', why: 'To pay your loan out to you' },
    { name: payOutIn, what: 'Your name, bank account or UPI address and the loan amount', why: 'To pay your loan out to you' },
    { name: config.CREDIT_BUREAU_NAME, what: 'Your name, phone, loans and how you repay them', why: 'Credit reporting, only while you consent to it' },
  ];
}

export async function myData(deps: Deps, borrower: Borrower): Promise<MyData> {
  const [states, orders, requests] = await Promise.all([consentStates(deps.db, borrower.id), listBorrowerOrders(deps.db, borrower.id), requestsOf(deps.db, borrower.id)]);
  const market = marketOf(orders);
  // The lender's retention, never shorter than the law's (keptUntil takes the longer too).
  const years = market === 'IN' ? deps.config.RETENTION_YEARS_IN : deps.config.RETENTION_YEARS_PH;
  const open = hasOpenLoan(orders);
  const lastClosed = orders
    .filter((o) => o.status === ORDER_STATUS.settled)
    .map((o) => o.settledAt ?? o.updatedAt)
    .reduce<Date | null>((latest, at) => (latest === null || at.getTime() > latest.getTime() ? at : latest), null);
  return {
    consents: CONSENT_PURPOSES.map((p) => consentView(p, states.get(p), orders)),
    recipients: recipients(deps.config),
    requests: requests.map(requestView),
    retention: {
      law: RETENTION[market].law,
      what: RETENTION[market].what,
      keptUntil: !open && lastClosed ? keptUntil(lastClosed, market, years) : '',
      years: Math.max(years, RETENTION[market].years),
    },
    notices: await noticesOf(deps.db, borrower.id),
  };
}

/**
 * Grants or withdraws a purpose in the ledger (channel 'app'), with its words as shown in the page's
 * `lang`; a withdrawal of loan servicing while a loan is open is refused.
 */
export async function setConsent(deps: Deps, borrower: Borrower, purpose: ConsentPurpose, granted: boolean, lang: Lang = DEFAULT_LANG): Promise<ConsentView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await lockBorrower(tx, borrower.id);
    const orders = await listBorrowerOrders(tx, borrower.id);
    if (!granted) {
      const refusal = withdrawalRefusal(purpose, { hasOpenLoan: hasOpenLoan(orders) });
      if (refusal) throw refused(refusal);
    }
    await recordConsent(tx, { borrowerId: borrower.id, purpose, granted, channel: 'app', at: now, lang });
    return consentView(purpose, (await consentStates(tx, borrower.id)).get(purpose), orders);
  });
}

type RequestPayload = ParsedPayloadOf<typeof dataRequestCall>;

/** A request to correct a field or to erase the borrower's data: a reference (DR-YYYYMMDD-NNNN) and an answer date. */
export async function createRequest(deps: Deps, borrower: Borrower, payload: RequestPayload, ownsUpload: UploadOwnership): Promise<DataRequestView> {
  const now = deps.clock.now();
  const correction = payload.kind === 'correction';
  if (correction && payload.field === undefined) throw invalidInput(MY_DATA_MESSAGES.unknownField);
  if (correction && payload.value === '') throw invalidInput(MY_DATA_MESSAGES.valueRequired);
  if (!correction && (payload.field !== undefined || payload.value !== '' || payload.image !== '')) throw invalidInput(MY_DATA_MESSAGES.notACorrection);
  return deps.db.transaction(async (tx) => {
    await lockBorrower(tx, borrower.id);
    if (payload.image !== '' && !(await ownsUpload(tx, borrower.id, payload.image))) throw invalidInput('image must be a photo uploaded from this account');
    if (!correction && (await openErasureOf(tx, borrower.id))) throw refused(MY_DATA_MESSAGES.erasureOpen);
    const day = dayToIsoDate(lenderDay(now));
    const refNo = `DR-${day.replaceAll('-', '')}-${String(await takeRequestSequence(tx, day)).padStart(4, '0')}`;
    const row = await insertRequest(tx, {
      refNo,
      borrowerId: borrower.id,
      kind: payload.kind,
      field: correction ? payload.field! : '',
      value: correction ? payload.value : '',
      imageUrl: payload.image,
      createdAt: now,
      answerBy: lenderDate(addDays(now, DATA_REQUEST_ANSWER_DAYS)),
    });
    return requestView(row);
  });
}

// ---- the data-protection officer's answers ----------------------------------------------------------

export { findStaffRequest, listRequests, type StaffRequestRow } from './store.ts';

export const DECISION_MESSAGES = {
  reasonRequired: 'reason: a refusal needs a reason the borrower reads',
  notOpen: (refNo: string, state: string) => `Request ${refNo} is ${state}, not open: it has its answer already.`,
  notFound: (id: number) => `Request ${id} does not exist.`,
  nameCorrected: 'Your name is corrected.',
  erased: (keptUntil: string) =>
    keptUntil === ''
      ? 'Your data is erased.'
      : `Your data is erased. Your loan and payment records are kept, with your name and phone sealed, until ${keptUntil} as the law requires; then they are anonymised too.`,
  erasureWaits: 'Approved: we erase your data as soon as your loan is closed.',
} as const;

/** The SMS that tells the borrower their erasure is done (sent to the phone they had, once). */
export const erasureDoneSms = (lenderName: string, refNo: string, keptUntil: string) => ({
  text: `${lenderName}: your data is erased as you asked (${refNo}).${keptUntil === '' ? '' : ` Loan records are kept sealed until ${keptUntil} as the law requires.`}`,
  reference: `erasure:${refNo}`,
});

export interface Decision {
  before: StaffRequestRow;
  after: StaffRequestRow;
  /** The erasure's photos and providers' copies to remove once the transaction has committed (a no-op otherwise). */
  afterCommit: () => Promise<void>;
}

/**
 * Carries out an approved erasure request in the caller's transaction: done with what it erased,
 * or left approved (null) while the borrower has a loan open. The job and the officer's approval both
 * come here.
 */
export async function runErasure(tx: Queryable, deps: ErasureDeps, sections: readonly PersonalDataSection[], request: DataRequestRow, staffId: number | null, now: Date): Promise<ErasureRun | null> {
  await lockBorrower(tx, request.borrowerId);
  if (hasOpenLoan(await listBorrowerOrders(tx, request.borrowerId))) return null;
  const run = await eraseBorrower(tx, deps, request.borrowerId, sections, now, (keptUntil) => erasureDoneSms(deps.config.COMPANY_CORPORATE_NAME, request.refNo, keptUntil));
  // Erased already (the retention job came first): the request is done all the same.
  await saveErasureDone(tx, { id: request.id, reason: DECISION_MESSAGES.erased(run?.retainedUntil ?? ''), erased: run?.parts ?? {}, at: now, staffId });
  return run ?? { parts: {}, retainedUntil: '', afterCommit: async () => {} };
}

/**
 * Answers an open request in the caller's transaction (the staff API writes its audit entry in the
 * same one). Refused: a reason is required, and the borrower reads it. Approved: a correction of the
 * name is applied and done; an erasure is carried out at once (erase.ts), or as soon as the borrower's
 * loans are closed (the retention job); any other correction is approved, to be carried out.
 */
export async function decideRequest(
  tx: Queryable,
  erasure: { deps: ErasureDeps; sections: readonly PersonalDataSection[] },
  d: { id: number; decision: 'approve' | 'refuse'; reason: string; staffId: number; now: Date },
): Promise<Decision> {
  const before = await findStaffRequest(tx, d.id, { forUpdate: true });
  if (!before) throw notFound(DECISION_MESSAGES.notFound(d.id));
  if (before.state !== 'open') throw refused(DECISION_MESSAGES.notOpen(before.refNo, before.state));
  let afterCommit: () => Promise<void> = async () => {};
  if (d.decision === 'refuse') {
    if (d.reason === '') throw invalidInput(DECISION_MESSAGES.reasonRequired);
    await saveDecision(tx, { id: d.id, state: 'refused', reason: d.reason, staffId: d.staffId, at: d.now, done: false });
  } else if (before.kind === 'correction' && before.field === 'name') {
    await setBorrowerName(tx, before.borrowerId, before.value);
    await saveDecision(tx, { id: d.id, state: 'done', reason: d.reason || DECISION_MESSAGES.nameCorrected, staffId: d.staffId, at: d.now, done: true });
  } else if (before.kind === 'erasure') {
    await saveDecision(tx, { id: d.id, state: 'approved', reason: d.reason || DECISION_MESSAGES.erasureWaits, staffId: d.staffId, at: d.now, done: false });
    const run = await runErasure(tx, erasure.deps, erasure.sections, before, d.staffId, d.now);
    if (run) afterCommit = run.afterCommit;
  } else {
    await saveDecision(tx, { id: d.id, state: 'approved', reason: d.reason, staffId: d.staffId, at: d.now, done: false });
  }
  return { before, after: (await findStaffRequest(tx, d.id))!, afterCommit };
}
