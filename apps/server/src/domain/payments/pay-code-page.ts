/**
 * Where a borrower pays an issued pay code, whatever it is for (a repayment, a rollover, a cooling-off
 * exit): the over-the-counter channels the screens list, and the page that shows a code
 * (/repaymentOfCode with how to show it). Shared by the repayment and cancel-loan modules.
 */
import { API_BASE } from '@cashloan/contract/common';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../platform/db/client.ts';
import { activeChannels, type ChannelRow } from './channels.ts';
import type { PayCodeRow } from './pay-codes.ts';

/** The route of the repayment-code screen a generated code is shown on. */
export const REPAYMENT_CODE_PATH = '/repaymentOfCode';

/** Where the QR image of a pay code is served (the repayment module serves it). */
export const payQrImagePath = (orderId: number, code: string) => `${API_BASE}/repayment/qr/${orderId}/${encodeURIComponent(code)}.png`;

/** Channel kinds a borrower pays at with a code or QR: the only ones the repayment screens list. */
export const COUNTER_KINDS = ['code', 'qr'] as const;

export type CounterChannel = ChannelRow & { kind: 'code' | 'qr' };
const isCounter = (c: ChannelRow): c is CounterChannel => (COUNTER_KINDS as readonly string[]).includes(c.kind);

/** The active over-the-counter channels in display order (the first is preselected), as this process keeps them. */
export async function listCounterChannels(db: Db): Promise<CounterChannel[]> {
  return (await activeChannels(db)).filter(isCounter);
}

/**
 * The page showing an issued code on its channel. A QR channel whose provider draws no image of its
 * own shows the lender's QR Ph code (the repayment module's pay-qr.ts).
 */
export function payCodePageUrl(payments: AppDeps['payments'], payCode: Pick<PayCodeRow, 'code' | 'amountMinor' | 'orderId'>, channel: CounterChannel): string {
  const display = payments.displayOf(payCode.code, channel.kind);
  const image = channel.kind === 'qr' && display.imageUrl === '' ? payQrImagePath(payCode.orderId, payCode.code) : display.imageUrl;
  const query = new URLSearchParams({
    showType: String(display.showType),
    payCode: payCode.code,
    payCodeImg: image,
    repayAmount: String(payCode.amountMinor),
  });
  return `${REPAYMENT_CODE_PATH}?${query.toString()}`;
}
