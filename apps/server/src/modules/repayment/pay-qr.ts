/**
 * The QR images the lender draws itself (docs/repayment.md, "QR Ph" and "UPI"): a live pay code of
 * a QR channel as a QR Ph (EMVCo MPM) payload for the Philippine e-wallets and bank apps, and one of
 * the UPI channel as its upi://pay link. The H5 only shows the PNG (GET <API_BASE>/repayment/qr/…).
 *
 * An <img> carries no session, so the image is named by the order id and the pay code (12 random
 * digits) together, answered only while the code is live, and never cached.
 */
import { API_BASE } from '@cashloan/contract/common';
import type { AppDeps } from '../../deps.ts';
import type { Config } from '../../config.ts';
import { buildQrPhPayload, type QrPhMerchant } from '../../providers/payments/qr-ph.ts';
import { buildUpiLink } from '../../providers/payments/upi.ts';
import { drawQrPng } from '../../providers/payments/qr-image.ts';
import { loadOrder } from '../../domain/orders/service.ts';
import { listChannels } from '../../domain/payments/channels.ts';
import { listOrderPayCodes, type PayCodeRow } from '../../domain/payments/pay-codes.ts';

export const UPI_CHANNEL = 'UPI';
export const PAY_QR_ROUTE = `${API_BASE}/repayment/qr/:orderId/:file`;

export { payQrImagePath } from '../../domain/payments/pay-code-page.ts';

export const qrPhMerchant = (config: Config): QrPhMerchant => ({
  acquirerId: config.QR_PH_ACQUIRER_ID,
  merchantId: config.QR_PH_MERCHANT_ID,
  mcc: config.QR_PH_MCC,
  name: config.QR_PH_MERCHANT_NAME,
  city: config.QR_PH_MERCHANT_CITY,
});

/** The upi://pay link of a pay code on the UPI channel, paying the lender's collection account. */
export const upiLinkOf = (config: Config, payCode: Pick<PayCodeRow, 'code' | 'amountMinor'>, orderNo: string) =>
  buildUpiLink({ vpa: config.UPI_PAYEE_VPA, name: config.UPI_PAYEE_NAME }, { amountMinor: payCode.amountMinor, reference: payCode.code, orderNo });

/** What the QR of a live pay code says, or null when the code is not live or its channel has no QR. */
export async function payQrContent(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, orderId: number, code: string): Promise<string | null> {
  const now = deps.clock.now();
  const payCode = (await listOrderPayCodes(deps.db, orderId)).find((c) => c.code === code && c.status === 'live' && c.expiresAt.getTime() > now.getTime());
  if (!payCode) return null;
  const channel = (await listChannels(deps.db)).find((c) => c.channelNumber === payCode.channelNumber);
  const kind: string | undefined = channel?.kind;
  if (kind === 'qr') return buildQrPhPayload(qrPhMerchant(deps.config), { amountMinor: payCode.amountMinor, reference: payCode.code });
  if (kind === 'upi') {
    const order = await loadOrder(deps.db, orderId);
    return order ? upiLinkOf(deps.config, payCode, order.orderNo) : null;
  }
  return null;
}

/** The PNG of a live pay code's QR, or null (404). */
export async function payQrImage(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, orderId: number, code: string): Promise<Buffer | null> {
  const content = await payQrContent(deps, orderId, code);
  return content === null ? null : drawQrPng(content);
}
