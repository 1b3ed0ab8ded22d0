/**
 * The payments room's door to pay codes: issuing one for what an order owes now (made only by the
 * payment provider), asking the provider to void the codes a payment made useless, and the reads other
 * rooms need. SQL stays in store.ts.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound, refused } from '../../platform/http/api-error.ts';
import { dayToIsoDate, endOfLenderDay, lenderDay } from '../../loan-terms/calendar.ts';
import { quote, type PaymentPurpose } from '../../loan-terms/position.ts';
import { coolingOff } from '../../loan-terms/cooling-off.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { loadOrder, toLoanState, viewOrder } from '../orders/service.ts';
import { isBeingRepaid } from './repaying-order.ts';
import {
  findActiveChannel,
  findLivePayCode,
  findPayCode as selectPayCode,
  insertPayCode,
  listActiveChannels,
  listOrderPayCodes as selectOrderPayCodes,
  listPayCodesToVoidAtProvider,
  listUnpaidPayCodesWithChannel as selectUnpaidPayCodesWithChannel,
  pendingPayCodePart,
  liveCodesPart,
  recordProviderVoid,
  type LiveCode,
  type PayCodeRow,
  type ProviderVoid,
} from './store.ts';

export type { PayCodeRow, PayCodeStatus, ProviderVoid } from './store.ts';

export interface IssuePayCodeInput {
  orderId: number;
  purpose: PaymentPurpose;
  /** The default (first) channel when absent. */
  channelNumber?: string | undefined;
  /** Only for back-office partial payments; the server's quote otherwise. */
  amountMinor?: number | undefined;
  now: Date;
}

/**
 * Issues (or reuses) a pay code for what the order owes now. The quote holds until the end of the
 * lender day, since late interest only changes when the lender's day changes.
 */
export async function issuePayCode(deps: Pick<AppDeps, 'db' | 'payments'>, input: IssuePayCodeInput): Promise<PayCodeRow> {
  return deps.db.transaction(async (tx) => {
    const order = await loadOrder(tx, input.orderId, { forUpdate: true });
    if (!order) throw notFound(`Order ${input.orderId} does not exist`);
    const view = viewOrder(order, input.now);
    if (!isBeingRepaid(view)) throw refused(`Order ${order.orderNo} is not being repaid (status ${view.shownStatus})`);
    const position = view.position;
    if (input.purpose === 'repay' && !position.repaymentOpen) {
      throw refused(`Early repayment opens on ${dayToIsoDate(lenderDay(position.earlyRepaymentOpensAt!))}`);
    }
    if (input.purpose === 'rollover') {
      if (order.flags.isDelay !== '1') throw refused(`Order ${order.orderNo} cannot be rolled over`);
      if (view.shownStatus !== ORDER_STATUS.due && view.shownStatus !== ORDER_STATUS.overdue) {
        throw refused(`Order ${order.orderNo} can be rolled over only once it is due`);
      }
    }
    const channel = input.channelNumber
      ? await findActiveChannel(tx, input.channelNumber)
      : ((await listActiveChannels(tx))[0] ?? null);
    if (!channel) throw invalidInput(input.channelNumber ? `channelNumber ${input.channelNumber} is not an active payment channel` : 'No payment channel is set up');
    let amountMinor: number;
    if (input.purpose === 'cancel') {
      // The exit amount of the cooling-off period (cooling-off.ts); it changes with the order's lender day.
      const cooling = coolingOff({ status: order.status, market: order.market, state: toLoanState(order) }, input.now);
      if (!cooling.open) throw refused(`Order ${order.orderNo} cannot be cancelled now (${cooling.reason})`);
      amountMinor = cooling.exit.amountMinor;
    } else {
      amountMinor = input.amountMinor ?? quote(toLoanState(order), input.purpose, input.now);
    }
    if (amountMinor <= 0) throw refused(`Order ${order.orderNo} owes nothing now`);
    const key = { orderId: order.id, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, now: input.now };
    const live = await findLivePayCode(tx, key);
    if (live) return live;
    const expiresAt = input.purpose === 'cancel' ? endOfLenderDay(input.now, order.market) : endOfLenderDay(input.now);
    for (let attempt = 0; attempt < 5; attempt++) {
      // The payment provider mints the code (the only way one is made): its reference when money arrives.
      const { code, txnId } = await deps.payments.createPayCode({ orderNo: order.orderNo, channelNumber: channel.channelNumber, amountMinor, purpose: input.purpose, expiresAt });
      const created = await insertPayCode(tx, { ...key, code, txnId, expiresAt });
      if (created) return created;
    }
    throw new Error('Could not draw a free pay code');
  });
}

/**
 * Asks the provider to void each code of the order that a payment voided on our books and the
 * provider was not asked about yet, and keeps its answer on the code: done, refused (with its words),
 * not supported (a provider without voidTransaction) or failed (no answer). Called once the payment
 * committed, never inside a transaction; it never throws: whatever the provider says, the code stays
 * void on our books, and money paid on it anyway lands as an 'order_closed' exception.
 */
export async function voidAtProvider(deps: Pick<AppDeps, 'db' | 'payments'>, orderId: number): Promise<void> {
  const codes = await listPayCodesToVoidAtProvider(deps.db, orderId).catch(() => []);
  await Promise.all(
    codes.map(async (code) => {
      let answer: { outcome: ProviderVoid; detail: string | null };
      if (!deps.payments.voidTransaction) answer = { outcome: 'not supported', detail: `the ${deps.payments.name} provider cannot void a transaction` };
      else {
        answer = await deps.payments.voidTransaction(code.txnId).then(
          (a) => (a.outcome === 'done' ? { outcome: 'done' as const, detail: null } : { outcome: 'refused' as const, detail: a.detail }),
          (error: unknown) => ({ outcome: 'failed' as const, detail: error instanceof Error ? error.message : String(error) }),
        );
      }
      // A lost answer leaves the code "not asked"; it stays void on our books either way.
      await recordProviderVoid(deps.db, code.id, answer.outcome, answer.detail).catch(() => undefined);
    }),
  );
}

/** A pay code by its code, or null. */
export function findPayCode(db: Queryable, code: string): Promise<PayCodeRow | null> {
  return selectPayCode(db, code);
}
/** Every pay code issued for an order, newest first. */
export function listOrderPayCodes(db: Queryable, orderId: number): Promise<PayCodeRow[]> {
  return selectOrderPayCodes(db, orderId);
}
/** Whether one of the order's pay codes is paid at the provider and waits for its confirmation. */
/** The order's live codes, newest first, as a part of a statement about the order (platform/db/column-part.ts). */
export const liveCodesOfOrder = liveCodesPart;
export type { LiveCode };

/**
 * The newest live code of an order for this purpose and amount, unexpired, on an active channel of
 * one of `kinds`: picked from the order's live codes read in its statement (liveCodesOfOrder) and
 * the active channels (a code on a channel turned off is not offered).
 */
export function pickLiveCode(
  codes: readonly LiveCode[],
  channels: ReadonlyArray<{ channelNumber: string; kind: string }>,
  k: { purpose: PaymentPurpose; amountMinor: number; now: Date; kinds: readonly string[] },
): { code: string; channelNumber: string } | null {
  const found = codes.find(
    (c) =>
      c.purpose === k.purpose &&
      c.amountMinor === k.amountMinor &&
      c.expiresAt.getTime() > k.now.getTime() &&
      channels.some((ch) => ch.channelNumber === c.channelNumber && k.kinds.includes(ch.kind)),
  );
  return found ? { code: found.code, channelNumber: found.channelNumber } : null;
}

/** Whether the order has a pay code waiting for the provider's confirmation, as a part of a statement about the order (platform/db/column-part.ts). */
export const pendingPayCodeOfOrder = pendingPayCodePart;
/** An order's pay codes not paid yet, with their channel's name and kind, newest first. */
export function listUnpaidPayCodesWithChannel(db: Queryable, orderId: number): Promise<Array<PayCodeRow & { channelName: string; channelKind: string }>> {
  return selectUnpaidPayCodesWithChannel(db, orderId);
}
