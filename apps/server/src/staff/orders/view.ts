/**
 * An order as staff see it: a line of a list (staffOrderListItem) and the whole order
 * (staffOrderView), built from what the rooms answered. Pure: service.ts gathers, this arranges.
 */
import { currencySymbolFor, type StaffOrder, type StaffOrderListItem } from '@cashloan/contract';
import { moneyTextIn } from '../../loan-terms/money-text.ts';
import type { PaymentOutcome } from '../../loan-terms/position.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import type { Borrower } from '../../domain/borrowers/service.ts';
import type { OrderView } from '../../domain/orders/service.ts';
import type { ChannelRow } from '../../domain/payments/channels.ts';
import type { PayCodeRow } from '../../domain/payments/pay-codes.ts';
import type { PaymentResult, PaymentRow } from '../../domain/payments/payments.ts';

type LedgerLine = StaffOrder['ledger'][number];
type PayCodeView = StaffOrder['payCodes'][number];

/** The lender's own currency: staff screens carry no `real` parameter. */
const money = moneyTextIn(currencySymbolFor(undefined));

/** What finance's buttons say for each move (the moves themselves are the orders room's allowedMoves). */
const MOVE_TITLES: Partial<Record<OrderStatus, string>> = {
  [ORDER_STATUS.disbursing]: 'Approve',
  [ORDER_STATUS.rejected]: 'Reject',
};

const OUTCOME_TEXT: Record<PaymentOutcome, (r: PaymentResult) => string> = {
  settled: () => 'settled the loan',
  instalment: (r) => `settled instalment ${r.settledSeqs.join(', ')}`,
  rolled_over: () => 'rolled the loan over',
  partial: () => 'paid part of what was owed',
  overpaid: () => 'paid beyond what was owed',
  cancelled: () => 'cancelled the loan in its cooling-off period',
};

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function orderListItem(view: OrderView, borrower: Pick<Borrower, 'name' | 'mobilePhone'> | undefined): StaffOrderListItem {
  const { order } = view;
  return {
    id: order.id,
    orderNo: order.orderNo,
    borrowerId: order.borrowerId,
    borrowerName: borrower?.name ?? '',
    mobilePhone: borrower?.mobilePhone ?? '',
    productName: order.productName,
    principalMinor: order.principalMinor,
    status: order.status,
    shownStatus: view.shownStatus,
    createdAt: order.createdAt.toISOString(),
    dueAt: iso(order.dueAt),
  };
}

/** A payment's stored result: `{}` on a payment written before results were kept (migration 002's default). */
export type StoredPaymentResult = PaymentResult | Record<string, never>;
const hasBreakdown = (result: StoredPaymentResult): result is PaymentResult => 'outcome' in result;

function paymentLine(payment: PaymentRow<StoredPaymentResult>, payCode: PayCodeRow | undefined, channelName: string): LedgerLine {
  const result = payment.result;
  const purpose = hasBreakdown(result) ? result.purpose : payCode?.purpose;
  const what = purpose === 'rollover' ? 'Rollover payment' : purpose === 'cancel' ? 'Cooling-off cancellation payment' : 'Repayment';
  const through = channelName ? ` through ${channelName}` : '';
  return {
    at: payment.appliedAt.toISOString(),
    kind: 'payment',
    description: hasBreakdown(result) ? `${what}${through}: ${OUTCOME_TEXT[result.outcome](result)}` : `${what}${through}`,
    amountMinor: -payment.amountMinor,
    reference: payment.providerRef,
    channel: channelName,
    applied: hasBreakdown(result)
      ? {
          bookedChargesMinor: result.bookedChargesMinor,
          toChargesMinor: result.toChargesMinor,
          toInstalmentsMinor: result.toInstalmentsMinor,
          unappliedMinor: result.unappliedMinor,
          outcome: result.outcome,
        }
      : null,
  };
}

/**
 * The ledger, oldest first. Each line is signed by what it does to what is owed: the loan and the
 * late charges accrued add (+), a payment takes off (−) the money received, and the part of it beyond
 * what was owed, held as the borrower's credit (a payment exception), is a line of its own that puts
 * it back (+). The late charges a payment booked are in its `applied`, so: owed now = the lines' sum +
 * every payment's booked charges.
 */
function ledgerOf(view: OrderView, payments: Array<PaymentRow<StoredPaymentResult>>, payCodes: PayCodeRow[], channelNames: Map<string, string>, now: Date): LedgerLine[] {
  const { order, position } = view;
  const lines: LedgerLine[] = [];
  if (order.disbursedAt) {
    lines.push({
      at: order.disbursedAt.toISOString(),
      kind: 'loan',
      description: `Loan paid out: principal ${money(order.principalMinor)}, interest ${money(order.interestMinor)}, service fee ${money(order.feeMinor)}`,
      amountMinor: order.principalMinor + order.interestMinor + order.feeMinor,
      reference: '',
      channel: '',
      applied: null,
    });
  }
  const codesById = new Map(payCodes.map((c) => [c.id, c]));
  const oldestFirst = [...payments].sort((a, b) => a.appliedAt.getTime() - b.appliedAt.getTime() || a.id - b.id);
  for (const payment of oldestFirst) {
    const payCode = codesById.get(payment.payCodeId);
    const line = paymentLine(payment, payCode, payCode ? (channelNames.get(payCode.channelNumber) ?? payCode.channelNumber) : '');
    lines.push(line);
    const held = line.applied?.unappliedMinor ?? 0;
    if (held > 0) {
      lines.push({
        at: line.at,
        kind: 'credit-held',
        description: `Held as the borrower's credit, not applied: ${money(held)} of this payment beyond what was owed (a payment exception for finance)`,
        amountMinor: held,
        reference: line.reference,
        channel: line.channel,
        applied: null,
      });
    }
  }
  for (const code of [...payCodes].filter((c) => c.voidedAt && c.voidReason).sort((a, b) => a.voidedAt!.getTime() - b.voidedAt!.getTime() || a.id - b.id)) {
    const channel = channelNames.get(code.channelNumber) ?? code.channelNumber;
    lines.push({
      at: code.voidedAt!.toISOString(),
      kind: 'pay-code-voided',
      description: `Pay code ${code.code} (${channel}, ${money(code.amountMinor)}) voided: ${code.voidReason}; ${providerVoidText(code)}`,
      amountMinor: 0,
      reference: code.code,
      channel,
      applied: null,
    });
  }
  lines.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (order.cancellation) {
    // Cancelled in the cooling-off period: only the interest for the days used was kept, no fee.
    const waived = order.interestMinor - order.cancellation.keptInterestMinor + order.feeMinor;
    lines.push({
      at: order.cancellation.at.toISOString(),
      kind: 'waived',
      description: `Waived on cancellation in the cooling-off period: interest for the unused days ${money(order.interestMinor - order.cancellation.keptInterestMinor)}, service fee ${money(order.feeMinor)}`,
      amountMinor: -waived,
      reference: '',
      channel: '',
      applied: null,
    });
  }
  const accrued = position ? position.overdueInterestMinor + position.penaltyMinor : 0;
  if (position && accrued > 0) {
    const parts = [`overdue interest ${money(position.overdueInterestMinor)}`, ...(position.penaltyMinor > 0 ? [`late penalty ${money(position.penaltyMinor)}`] : [])];
    lines.push({
      at: now.toISOString(),
      kind: 'late-charges-accrued',
      description: `Late charges accrued, booked with the next payment: ${parts.join(', ')}`,
      amountMinor: accrued,
      reference: '',
      channel: '',
      applied: null,
    });
  }
  return lines;
}

/** What the provider answered when asked to void a code a payment voided, in words. */
function providerVoidText(code: PayCodeRow): string {
  switch (code.providerVoid) {
    case null:
      return 'the provider was not asked to void it yet';
    case 'done':
      return 'the provider voided it too';
    case 'refused':
      return `the provider refused to void it (${code.providerVoidDetail ?? ''}): money paid on it is a payment exception`;
    case 'not supported':
      return 'the provider cannot void it: money paid on it is a payment exception';
    case 'failed':
      return `the provider could not be asked (${code.providerVoidDetail ?? ''}): money paid on it is a payment exception`;
  }
}

/** A live code past its expiry is shown as expired (nothing rewrites the stored status when it lapses). */
function payCodeView(code: PayCodeRow, channelNames: Map<string, string>, now: Date): PayCodeView {
  return {
    code: code.code,
    channelNumber: code.channelNumber,
    channelName: channelNames.get(code.channelNumber) ?? code.channelNumber,
    purpose: code.purpose,
    amountMinor: code.amountMinor,
    status: code.status === 'live' && code.expiresAt.getTime() <= now.getTime() ? 'expired' : code.status,
    createdAt: code.createdAt.toISOString(),
    expiresAt: code.expiresAt.toISOString(),
    paidAt: iso(code.paidAt),
    voided:
      code.voidedAt && code.voidReason
        ? { at: code.voidedAt.toISOString(), reason: code.voidReason, atProvider: code.providerVoid ?? 'not asked', detail: code.providerVoidDetail ?? '' }
        : null,
  };
}

export interface OrderParts {
  view: OrderView;
  borrower: Pick<Borrower, 'name' | 'mobilePhone'> | undefined;
  payments: Array<PaymentRow<StoredPaymentResult>>;
  payCodes: PayCodeRow[];
  channels: ChannelRow[];
  confirmed: StaffOrder['confirmed'];
  payoutAccount: StaffOrder['payoutAccount'];
  /** The statuses finance may move the order to (allowedMoves of the orders room). */
  moves: readonly OrderStatus[];
  /** Its postings that needed a second finance user, and the amount above which one does. */
  postings: StaffOrder['postings'];
  /** Its payouts, and what Release would send (payouts.ts). */
  payouts: StaffOrder['payouts'];
}

export function staffOrderView(parts: OrderParts, now: Date): StaffOrder {
  const { view } = parts;
  const { order, position } = view;
  const channelNames = new Map(parts.channels.map((c) => [c.channelNumber, c.name]));
  return {
    order: {
      ...orderListItem(view, parts.borrower),
      productId: order.productId,
      interestMinor: order.interestMinor,
      feeMinor: order.feeMinor,
      termDays: order.termDays,
      periods: order.periods,
      disbursedAt: iso(order.disbursedAt),
      settledAt: iso(order.settledAt),
      paidMinor: order.paidMinor,
      // Nothing is owed before the loan is paid out (or once it is rejected).
      owedNowMinor: position?.totalOwedMinor ?? 0,
      statusMeaning: view.meaning,
    },
    plan: order.plan.map((p) => ({ seq: p.seq, dueAt: p.dueAt.toISOString(), amountMinor: p.amountMinor, paidMinor: p.paidMinor, settledAt: iso(p.settledAt) })),
    ledger: ledgerOf(view, parts.payments, parts.payCodes, channelNames, now),
    payCodes: parts.payCodes.map((c) => payCodeView(c, channelNames, now)),
    confirmed: parts.confirmed,
    payoutAccount: parts.payoutAccount,
    // An approved order moves on when its payout arrives (Release), never by a click.
    moves: parts.moves.filter((to) => MOVE_TITLES[to] !== undefined).map((to) => ({ to, title: MOVE_TITLES[to]! })),
    payouts: parts.payouts,
    postings: parts.postings,
  };
}
