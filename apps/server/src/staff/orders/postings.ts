/**
 * Maker-checker on finance's postings (issue 34; docs/backoffice.md, "Money"): money received at a
 * counter or by bank transfer above POSTING_APPROVAL_ABOVE_MINOR is held as a posting awaiting
 * approval, with nothing applied, until a finance user other than its maker approves it (its payment
 * is applied then, through postReceivedPayment, in the approval's transaction) or rejects it with a
 * reason. Its reference is reserved meanwhile. Each step runs in the caller's transaction, which also
 * writes its audit entry.
 */
import { currencySymbolFor, type StaffParsedInputOf, type StaffPosting, type listPostingsCall } from '@cashloan/contract';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { moneyTextIn } from '../../loan-terms/money-text.ts';
import { ORDER_STATUS, isRepaying } from '../../loan-terms/status.ts';
import { loadOrder, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { findPostedPayment, lockPostedReference, postReceivedPayment } from '../../domain/payments/posting.ts';
import { type PaymentResult } from '../../domain/payments/payments.ts';
import {
  decidePosting,
  findPendingPostingByReference,
  findPosting,
  insertPosting,
  listOrderPostings,
  listPostingsByStatus,
  pendingPostingTotals,
  type PostingRow,
  type StaffMemberRef,
} from './posting-store.ts';

/** The lender's own currency: staff screens carry no `real` parameter. */
const money = moneyTextIn(currencySymbolFor(undefined));

export const POSTING_MESSAGES = {
  ownPosting: (verb: 'approve' | 'reject') => `You posted this payment, so you cannot ${verb} it: another finance user must (maker-checker).`,
  notFound: (orderId: number, postingId: number) => `Posting ${postingId} of order ${orderId} does not exist.`,
} as const;

/** Whether finance's posting of this amount waits for a second finance user: above the threshold, not at it. */
export const needsSecondApproval = (config: Pick<Config, 'POSTING_APPROVAL_ABOVE_MINOR'>, amountMinor: number) => amountMinor > config.POSTING_APPROVAL_ABOVE_MINOR;

export function postingView(p: PostingRow): StaffPosting {
  return { ...p, postedAt: p.postedAt.toISOString(), decidedAt: p.decidedAt?.toISOString() ?? null };
}

/**
 * Takes the reference's lock (the one postReceivedPayment takes, so a posting applied at once and one
 * held for approval wait for each other) and refuses a reference a payment was posted under, or that
 * a posting awaiting approval holds. Every posting, at once or held, passes here first.
 */
export async function reserveReference(tx: Queryable, reference: string): Promise<void> {
  await lockPostedReference(tx, reference);
  const applied = await findPostedPayment(tx, reference);
  if (applied) throw refused(`reference ${reference} was already posted (payment ${applied.id}, order ${applied.result.order.orderNo}); nothing was posted again.`);
  const pending = await findPendingPostingByReference(tx, reference);
  if (pending) throw refused(`reference ${reference} is awaiting a second finance user's approval (posting ${pending.id}, order ${pending.orderNo}); nothing was posted again.`);
}

/**
 * What postReceivedPayment will require of the order, asked when a posting is held (so it is refused
 * now rather than at approval) and again when it is approved (the order may have been paid, settled or
 * moved meanwhile: then nothing is applied, and the posting stays for a checker to reject).
 */
function checkPostable(order: OrderRow, amountMinor: number, now: Date, posting?: PostingRow): void {
  const view = viewOrder(order, now);
  const being = isRepaying(order.status) && view.position !== null && view.shownStatus !== ORDER_STATUS.settled;
  if (!being || !view.position) {
    throw refused(
      posting
        ? `Order ${order.orderNo} is no longer being repaid (status ${view.shownStatus}): posting ${posting.id} was not applied. Reject it with the reason.`
        : `Order ${order.orderNo} is not being repaid (status ${view.shownStatus}): there is nothing to post a payment to.`,
    );
  }
  const owed = view.position.totalOwedMinor;
  if (amountMinor <= owed) return;
  if (!posting) throw invalidInput(`amountMinor ${amountMinor} is more than order ${order.orderNo} owes now (${owed}).`);
  throw refused(
    `Order ${order.orderNo} owes ${money(owed)} now, less than the ${money(amountMinor)} of posting ${posting.id} (it was paid meanwhile): nothing was applied. Reject it, and post again what is still owed if part of the money was not paid yet.`,
  );
}

export interface PostingRequest {
  orderId: number;
  amountMinor: number;
  method: PostingRow['method'];
  reference: string;
  maker: StaffMemberRef;
  now: Date;
}

/** Holds a posting above the threshold for a second finance user's approval; nothing is applied. */
export async function requestPosting(tx: Queryable, input: PostingRequest): Promise<{ posting: PostingRow; order: OrderRow }> {
  await reserveReference(tx, input.reference);
  const order = await loadOrder(tx, input.orderId);
  if (!order) throw notFound(`Order ${input.orderId} does not exist.`);
  checkPostable(order, input.amountMinor, input.now);
  const posting = await insertPosting(tx, { ...input, orderNo: order.orderNo, postedBy: input.maker, postedAt: input.now });
  return { posting, order };
}

/**
 * The posting a checker decides, its row locked until the transaction ends, so two checkers acting
 * at once take turns and the second finds it decided. Its maker may not decide it (403).
 */
async function postingToDecide(tx: Queryable, orderId: number, postingId: number, checker: StaffMemberRef, verb: 'approve' | 'reject'): Promise<PostingRow> {
  const posting = await findPosting(tx, postingId, { forUpdate: true });
  if (!posting || posting.orderId !== orderId) throw notFound(POSTING_MESSAGES.notFound(orderId, postingId));
  if (posting.postedBy.id === checker.id) throw new ApiError(403, POSTING_MESSAGES.ownPosting(verb), 403);
  if (posting.status !== 'pending') {
    const by = posting.decidedBy ? ` by ${posting.decidedBy.name} (${posting.decidedBy.email})` : '';
    throw refused(`Posting ${posting.id} was already ${posting.status}${by} at ${posting.decidedAt?.toISOString() ?? ''}; nothing was done.`);
  }
  return posting;
}

export interface PostingDecision {
  orderId: number;
  postingId: number;
  checker: StaffMemberRef;
  now: Date;
}

/**
 * A second finance user approves: the order is checked again as it stands now, under its lock, and
 * the payment applied through postReceivedPayment (the checker as the one who applied it), all in
 * the caller's transaction with the posting marked approved: all of it is stored, or none.
 */
export async function approvePosting(
  tx: Queryable,
  input: PostingDecision,
): Promise<{ before: PostingRow; posting: PostingRow; orderBefore: OrderRow; result: PaymentResult }> {
  const before = await postingToDecide(tx, input.orderId, input.postingId, input.checker, 'approve');
  // The locks in the order every posting takes them: the reference, then the order.
  await lockPostedReference(tx, before.reference);
  const orderBefore = await loadOrder(tx, before.orderId, { forUpdate: true });
  if (!orderBefore) throw notFound(`Order ${before.orderId} does not exist.`);
  checkPostable(orderBefore, before.amountMinor, input.now, before);
  const result = await postReceivedPayment(tx, {
    orderId: before.orderId,
    amountMinor: before.amountMinor,
    method: before.method,
    reference: before.reference,
    staffId: input.checker.id,
    now: input.now,
  });
  const posting = await decidePosting(tx, before.id, { status: 'approved', decidedBy: input.checker, decidedAt: input.now, reason: null, paymentId: result.paymentId });
  return { before, posting, orderBefore, result };
}

/** A second finance user rejects, with the reason: nothing is applied, and the reference is free again. */
export async function rejectPosting(tx: Queryable, input: PostingDecision & { reason: string }): Promise<{ before: PostingRow; posting: PostingRow }> {
  const before = await postingToDecide(tx, input.orderId, input.postingId, input.checker, 'reject');
  const posting = await decidePosting(tx, before.id, { status: 'rejected', decidedBy: input.checker, decidedAt: input.now, reason: input.reason, paymentId: null });
  return { before, posting };
}

/** An order's postings that needed a second finance user: awaiting approval first, then the decided ones. */
export const orderPostings = async (db: Queryable, orderId: number): Promise<StaffPosting[]> => (await listOrderPostings(db, orderId)).map(postingView);

export async function listPostings(db: Queryable, input: StaffParsedInputOf<typeof listPostingsCall>): Promise<{ items: StaffPosting[]; total: number }> {
  const { rows, total } = await listPostingsByStatus(db, { status: input.status, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
  return { items: rows.map(postingView), total };
}

/** How many postings await approval and their sum, for the dashboard. */
export const postingsAwaitingApproval = (db: Queryable) => pendingPostingTotals(db);
