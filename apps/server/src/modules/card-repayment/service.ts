/**
 * Repayment by bank card and by the alternate (hosted checkout) channel: repayment-way,
 * repayment-commit, repayment-confirm and repayment-huichao. The money is booked on a pay code and
 * applied by applyPaidPayCode, so a card payment settles the order exactly like a paid counter code.
 *
 * Nothing is charged twice: a commit repeated with the same repayToken finds the repayment it made;
 * only the newest open repayment of an order can be confirmed; a repayment is claimed before the
 * provider is asked to take the money, so a second confirm answers 800005; and the pay code is
 * applied once whatever happens after. Provider calls never run inside a database transaction.
 */
import { randomBytes } from 'node:crypto';
import { CALL_ERROR_CODES, DUPLICATE_REPAYMENT_MESSAGE, ERROR_CODES, ERROR_MESSAGES, type RepaymentWays } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { ApiError, invalidInput, notFound, refused, sessionRefused, tooMany } from '../../platform/http/api-error.ts';
import { quote } from '../../loan-terms/position.ts';
import { moneyTextIn } from '../../loan-terms/money-text.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { loadOrder, lockOrder, toLoanState, viewOrder } from '../../domain/orders/service.ts';
import { issuePayCode } from '../../domain/payments/pay-codes.ts';
import { isChannelActive } from '../../domain/payments/channels.ts';
import type { CardChargeResult } from '../../providers/payments/payment-provider.ts';
import type { Borrower } from '../../domain/borrowers/session.ts';
import { dateTextIn } from '../../loan-terms/date-text.ts';
import { MESSAGES, assertAmount, assertPaymentAllowed, repayingOrder } from '../../domain/payments/repaying-order.ts';
import { settle, settleSucceeded } from './settlement.ts';
import { STALE_CLAIM_MS, START_FAILED_MESSAGE, resolveStaleClaim, resolveStarting } from './recovery.ts';
import { CODE_MESSAGES, claimCodeCheck, claimCodeSend, closeIfChecksUsed, codeLimitReached } from './codes.ts';
import { findBorrowerCard, listBorrowerCards } from '../../domain/bank-cards/service.ts';
import { CARD_CHANNEL, CHECKOUT_CHANNEL } from './channels.ts';
import {
  cancelOtherOpenRepayments,
  countRepaymentsSince,
  findRepayToken,
  findRepayment,
  findRepaymentByToken,
  hasRepaymentInFlight,
  insertRepayToken,
  insertRepayment,
  moveRepayment,
  type CardRepayment,
} from './store.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

/** How long a repayment screen's token may start a repayment. */
export const REPAY_TOKEN_TTL_MS = 30 * 60 * 1000;
export { STALE_CLAIM_MS };
/** How long a repeated commit waits for the first one of the same token to finish starting. */
const START_WAIT_MS = 3000;
/**
 * Card repayments a borrower may start per 24 hours (each issues a pay code and starts a charge). The
 * verification codes they send and check have bounds of their own (card-codes.ts).
 */
export const CARD_REPAYMENTS_PER_DAY = 10;

export const CARD_MESSAGES = {
  duplicate: DUPLICATE_REPAYMENT_MESSAGE,
  wrongCode: 'The verification code is wrong. Please check it and try again.',
  codeExpired: 'The verification code has expired. Please tap Resend to get a new one.',
  tooManyAttempts: 'Too many wrong codes. Please tap Resend to get a new code.',
  tokenExpired: 'This payment page has expired. Please go back and open it again.',
  replaced: 'This payment was replaced by a newer one. Please start the repayment again.',
  inFlight: 'A card payment for this loan is being processed. Please wait for it to finish.',
  starting: 'Your payment is still being started. Please try again in a moment.',
  cardNotFound: 'This bank card was not found. Please select one of your bank cards.',
  noCoupon: 'couponId: no coupon applies to this repayment',
  startFailed: START_FAILED_MESSAGE,
  repaymentNotFound: 'This repayment was not found. Please start the repayment again.',
  amountChanged: 'The amount to pay has changed. Please start the repayment again.',
  checkoutUnavailable: 'Online payment is not available now. Please choose another way to pay.',
  dailyLimit: 'Too many card payments were started today. Please try again tomorrow or pay with a repayment code.',
} as const;

const duplicate = () => new ApiError(CALL_ERROR_CODES.duplicateRepayment, CARD_MESSAGES.duplicate);
const wrongCode = () => new ApiError(CALL_ERROR_CODES.wrongVerifyCode, CARD_MESSAGES.wrongCode);
/** The repayment was stopped after its last wrong code: only a new one can pay (the page starts it). */
const closedByChecks = () => new ApiError(CALL_ERROR_CODES.repaymentClosed, CODE_MESSAGES.checksUsed, ERROR_CODES.refused);
/** What a failed repayment answers: closed by its codes, or its own failure. */
const failedAnswer = (repayment: CardRepayment) =>
  repayment.failureMessage === CODE_MESSAGES.checksUsed ? closedByChecks() : refused(repayment.failureMessage || CARD_MESSAGES.startFailed);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** repayment-way: the borrower's cards (masked), whether the alternate channel is offered, a fresh token and the amount due. */
export async function repaymentWays(deps: Deps, borrower: Borrower, orderId: number, currency: string): Promise<RepaymentWays> {
  const now = deps.clock.now();
  const view = await repayingOrder(deps.db, borrower.id, { orderId }, now);
  assertPaymentAllowed(view, 'repay', dateTextIn(currency));
  const token = `rt_${randomBytes(16).toString('hex')}`;
  await insertRepayToken(deps.db, { token, borrowerId: borrower.id, orderId, expiresAt: new Date(now.getTime() + REPAY_TOKEN_TTL_MS), now });
  const cards = await listBorrowerCards(deps.db, borrower.id);
  return {
    alipay: (await isChannelActive(deps.db, CHECKOUT_CHANNEL)) ? 1 : 0,
    repayToken: token,
    bankCards: cards.map((c) => ({ id: c.id, bankName: c.bankName, cardNo: c.maskedNo, bankCode: c.bankCode })),
    repayAmount: quote(toLoanState(view.order), 'repay', now),
  };
}

export interface CommitRequest {
  orderId: number;
  amountMinor: number;
  cardId: number;
  couponId: string | undefined;
  repayToken: string;
  sendCode: boolean;
}

/**
 * repayment-commit. The bank name, masked number and bank code the page sends are what it shows;
 * the card is the stored one named by cardId.
 */
export async function commitCardRepayment(deps: Deps, borrower: Borrower, request: CommitRequest, currency: string): Promise<{ needValid: number; repayRecordId: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  const token = await findRepayToken(db, request.repayToken);
  if (!token || token.borrowerId !== borrower.id || token.orderId !== request.orderId) throw refused(CARD_MESSAGES.tokenExpired);
  // Before anything else, a repeat (Resend) included: an old page neither pays nor sends codes.
  if (token.expiresAt.getTime() <= now.getTime()) throw refused(CARD_MESSAGES.tokenExpired);
  const earlier = await findRepaymentByToken(db, token.token);
  if (earlier) return answerRepeat(deps, earlier, request.sendCode);
  if (request.couponId !== undefined) throw invalidInput(CARD_MESSAGES.noCoupon);

  const card = await findBorrowerCard(db, borrower.id, request.cardId);
  if (!card) throw notFound(CARD_MESSAGES.cardNotFound);
  const view = await repayingOrder(db, borrower.id, { orderId: request.orderId }, now);
  assertPaymentAllowed(view, 'repay', dateTextIn(currency));
  assertAmount(request.amountMinor, quote(toLoanState(view.order), 'repay', now), moneyTextIn(currency));
  if ((await countRepaymentsSince(db, borrower.id, new Date(now.getTime() - DAY_MS))) >= CARD_REPAYMENTS_PER_DAY) throw tooMany(CARD_MESSAGES.dailyLimit);
  const codeLimit = await codeLimitReached(db, borrower.id, now);
  if (codeLimit) throw codeLimit;
  const payCode = await issuePayCode(deps, { orderId: view.order.id, purpose: 'repay', channelNumber: CARD_CHANNEL, now });

  const id = await db.transaction(async (tx) => {
    await lockOrder(tx, view.order.id);
    if (await hasRepaymentInFlight(tx, view.order.id, token.token)) throw refused(CARD_MESSAGES.inFlight);
    const inserted = await insertRepayment(tx, {
      repayToken: token.token,
      borrowerId: borrower.id,
      orderId: view.order.id,
      bankCardId: card.id,
      payCodeId: payCode.id,
      payCode: payCode.code,
      amountMinor: payCode.amountMinor,
      now,
    });
    if (inserted !== null) await cancelOtherOpenRepayments(tx, view.order.id, inserted, now);
    return inserted;
  });
  // A concurrent commit of the same token got there first: answer what it made.
  if (id === null) return answerRepeat(deps, (await findRepaymentByToken(db, token.token))!, request.sendCode);

  let start;
  try {
    start = await deps.payments.startCardCharge({
      reference: payCode.code,
      amountMinor: payCode.amountMinor,
      card: { id: card.id, bankCode: card.bankCode, bankName: card.bankName, maskedNo: card.maskedNo },
      phone: borrower.mobilePhone,
      borrowerId: borrower.id,
    });
  } catch (error) {
    // The call may have reached the provider before it failed (a remembered card is charged at
    // once): ask by the reference. If that fails too the repayment stays 'starting' for the recovery.
    const outcome = await resolveStarting(deps, (await findRepayment(db, id))!).catch(() => 'open' as const);
    if (outcome === 'closed' || outcome === 'open') throw Object.assign(refused(CARD_MESSAGES.startFailed), { cause: error });
    return answerRepeat(deps, (await findRepayment(db, id))!, request.sendCode);
  }
  if (start.otpRequired) {
    const moved = await moveRepayment(db, id, ['starting'], 'pending', { needValid: 1, providerChargeId: start.chargeId }, deps.clock.now());
    if (!moved) throw refused(CARD_MESSAGES.replaced);
    if (request.sendCode) await sendCode(deps, id, start.chargeId);
    return { needValid: 1, repayRecordId: id };
  }
  const moved = await moveRepayment(db, id, ['starting'], 'charged', { needValid: 0, providerChargeId: start.chargeId, providerRef: start.providerRef ?? `charge:${start.chargeId}` }, deps.clock.now());
  if (!moved) throw refused(CARD_MESSAGES.replaced);
  await settle(deps, (await findRepayment(db, id))!);
  return { needValid: 0, repayRecordId: id };
}

/** Sends a verification code, counted first (card-codes.ts refuses one sent too soon or one too many). */
async function sendCode(deps: Deps, id: number, chargeId: string): Promise<void> {
  const now = deps.clock.now();
  if (await deps.db.transaction((tx) => claimCodeSend(tx, id, now))) await deps.payments.sendCardCode(chargeId);
}

/** What a commit repeated with the same token answers: the same repayment, never a second one. */
async function answerRepeat(deps: Deps, first: CardRepayment, codeAsked: boolean): Promise<{ needValid: number; repayRecordId: number }> {
  let repayment = first;
  for (let waited = 0; repayment.status === 'starting' && waited < START_WAIT_MS; waited += 50) {
    await sleep(50);
    repayment = (await findRepayment(deps.db, repayment.id))!;
  }
  switch (repayment.status) {
    case 'starting':
      throw refused(CARD_MESSAGES.starting);
    case 'pending':
      // Resend: a repeated commit that asks for a message gets a new code, within the limits.
      if (codeAsked && repayment.providerChargeId) await sendCode(deps, repayment.id, repayment.providerChargeId);
      return { needValid: 1, repayRecordId: repayment.id };
    case 'charged':
      await settle(deps, repayment);
      return { needValid: 0, repayRecordId: repayment.id };
    case 'confirming':
    case 'paid':
      return { needValid: 0, repayRecordId: repayment.id };
    case 'cancelled':
      throw refused(CARD_MESSAGES.replaced);
    case 'failed':
      throw failedAnswer(repayment);
  }
}

/** repayment-confirm: the verification code; 800006 when wrong, 800005 when this repayment was already submitted. */
export async function confirmCardRepayment(deps: Deps, borrower: Borrower, request: { orderId: number; repaymentRecordId: number; verifyCode: string }): Promise<void> {
  const { db } = deps;
  const repayment = await findRepayment(db, request.repaymentRecordId);
  if (!repayment || repayment.borrowerId !== borrower.id || repayment.orderId !== request.orderId) throw notFound(CARD_MESSAGES.repaymentNotFound);
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - STALE_CLAIM_MS);
  switch (repayment.status) {
    case 'charged':
      // Taken but not yet applied (the process stopped in between): apply it now, once.
      await settle(deps, repayment);
      throw duplicate();
    case 'paid':
      throw duplicate();
    case 'confirming':
      if (repayment.claimedAt && repayment.claimedAt > staleBefore) throw duplicate();
      // The confirmation that claimed it never finished: the provider says whether it took the money
      // (then it is booked now, without the code) before anything is asked of it again.
      if ((await resolveStaleClaim(deps, repayment, { release: false })) === 'settled') return;
      break;
    case 'cancelled':
      throw refused(CARD_MESSAGES.replaced);
    case 'failed':
      throw failedAnswer(repayment);
    case 'starting':
      throw refused(CARD_MESSAGES.starting);
    case 'pending':
      break;
  }

  // Claim it: of two confirms only one goes on to the provider; the other answers 800005. The code
  // is counted as checked here, before the provider sees it.
  const claim = await db.transaction(async (tx): Promise<'claimed' | 'taken' | 'settled' | 'changed' | { refusal: ApiError }> => {
    await lockOrder(tx, repayment.orderId);
    const fresh = await findRepayment(tx, repayment.id);
    const takeable = fresh?.status === 'pending' || (fresh?.status === 'confirming' && fresh.claimedAt !== null && fresh.claimedAt <= staleBefore);
    if (!takeable) return 'taken';
    // The order may have changed since the commit (paid at a counter, a new lender day's charges):
    // the card is never charged an amount the order no longer owes.
    const owed = await owedNow(tx, repayment.orderId, now);
    if (owed !== repayment.amountMinor) {
      await moveRepayment(tx, repayment.id, [fresh!.status], 'cancelled', { failureMessage: CARD_MESSAGES.amountChanged }, now);
      return owed === 0 ? 'settled' : 'changed';
    }
    const refusal = await claimCodeCheck(tx, fresh!, now);
    if (refusal) return { refusal: refusal.message === CODE_MESSAGES.checksUsed ? closedByChecks() : refusal };
    return (await moveRepayment(tx, repayment.id, [fresh!.status], 'confirming', { claimedAt: now }, now)) ? 'claimed' : 'taken';
  });
  if (typeof claim === 'object') throw claim.refusal;
  if (claim === 'settled') throw refused(MESSAGES.settled);
  if (claim === 'changed') throw refused(CARD_MESSAGES.amountChanged);
  if (claim === 'taken') {
    const latest = (await findRepayment(db, repayment.id))!;
    if (latest.status === 'cancelled') throw refused(CARD_MESSAGES.replaced);
    if (latest.status === 'failed') throw failedAnswer(latest);
    throw duplicate();
  }

  const release = () => moveRepayment(db, repayment.id, ['confirming'], 'pending', { claimedAt: null }, deps.clock.now());
  let result: CardChargeResult;
  try {
    result = await deps.payments.confirmCardCharge(repayment.providerChargeId!, request.verifyCode);
  } catch (error) {
    await release();
    throw error;
  }
  switch (result.status) {
    case 'wrong_code':
      // The last check this repayment had: it is closed, and only a new repayment can pay.
      if (await closeIfChecksUsed(db, repayment, deps.clock.now())) throw closedByChecks();
      await release();
      throw wrongCode();
    case 'code_expired':
      await release();
      throw refused(CARD_MESSAGES.codeExpired);
    case 'too_many_attempts':
      await release();
      throw tooMany(CARD_MESSAGES.tooManyAttempts);
    case 'succeeded':
      await settleSucceeded(deps, repayment.id, result.providerRef);
  }
}

/** What a card repayment of the order must take now: the repay quote, 0 when nothing is owed. */
async function owedNow(db: Queryable, orderId: number, now: Date): Promise<number> {
  const order = await loadOrder(db, orderId, { forUpdate: true });
  if (!order) return 0;
  const view = viewOrder(order, now);
  return view.position && view.shownStatus !== ORDER_STATUS.settled ? quote(toLoanState(order), 'repay', now) : 0;
}

/** repayment-huichao: the alternate channel's hosted payment page for what the order owes now. */
export async function startCheckout(deps: Deps, borrower: Borrower, request: { userId: string; orderId: number; amountMinor: number }, currency: string): Promise<{ url: string }> {
  // The payload names the borrower again: it must be the session's.
  if (request.userId !== borrower.userId) throw sessionRefused(ERROR_MESSAGES.sessionMismatch);
  const now = deps.clock.now();
  const view = await repayingOrder(deps.db, borrower.id, { orderId: request.orderId }, now);
  assertPaymentAllowed(view, 'repay', dateTextIn(currency));
  if (!(await isChannelActive(deps.db, CHECKOUT_CHANNEL))) throw refused(CARD_MESSAGES.checkoutUnavailable);
  assertAmount(request.amountMinor, quote(toLoanState(view.order), 'repay', now), moneyTextIn(currency));
  const payCode = await issuePayCode(deps, { orderId: view.order.id, purpose: 'repay', channelNumber: CHECKOUT_CHANNEL, now });
  return deps.payments.createCheckout({ reference: payCode.code, amountMinor: payCode.amountMinor, orderNo: view.order.orderNo });
}
