/**
 * QR Ph payloads: the EMVCo Merchant-Presented Mode (MPM) QR every Philippine e-wallet and bank app
 * scans (docs/repayment.md, "QR Ph"). Pure: the merchant's details come from configuration, the
 * amount and the reference (our pay code) from the pay code. A payload is a run of TLV fields: a
 * 2-digit ID, a 2-digit length and the value; it ends with the CRC field 63.
 */

/** The merchant account GUID of QR Ph person-to-merchant payments (ID 26's sub-ID 00). */
export const QR_PH_P2M_GUID = 'ph.ppmi.p2m';
export const QR_PH_CURRENCY = '608';
export const QR_PH_COUNTRY = 'PH';
export const QR_PH_NAME_MAX = 25;
export const QR_PH_CITY_MAX = 15;
/** EMVCo caps the reference label (62's sub-ID 05) at 25 characters. */
export const QR_PH_REFERENCE_MAX = 25;

/** The lender as a QR Ph merchant (config.ts: QR_PH_*). */
export interface QrPhMerchant {
  /** The acquirer's (bank's or e-wallet's) id, e.g. its BIC: sub-ID 01 of the account template. */
  acquirerId: string;
  /** The merchant's id at the acquirer: sub-ID 03 of the account template. */
  merchantId: string;
  /** ISO 18245 merchant category code, 4 digits (6012: financial institutions). */
  mcc: string;
  name: string;
  city: string;
}

/** One TLV field: 2-digit id, 2-digit length, value. Values are ASCII; 1 to 99 characters. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`TLV id must be 2 digits: ${id}`);
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`TLV ${id}: only printable ASCII`);
  if (value.length < 1 || value.length > 99) throw new Error(`TLV ${id}: length ${value.length} is not 1..99`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of an ASCII text. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= (text.charCodeAt(i) & 0xff) << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** Appends field 63: the CRC over everything before it including "6304", as 4 upper-case hex digits. */
export function withCrc(payloadWithoutCrc: string): string {
  const head = `${payloadWithoutCrc}6304`;
  return head + crc16CcittFalse(head).toString(16).toUpperCase().padStart(4, '0');
}

/** Minor units (centavos) as pesos with two decimals: 150050 → '1500.50'. */
export function majorWithTwoDecimals(amountMinor: number): string {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new Error(`amount must be a positive whole number of minor units: ${amountMinor}`);
  const digits = String(amountMinor).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** Names and cities are written in upper-case ASCII, cut to what the field allows. */
function asciiField(text: string, max: number): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  return ascii.slice(0, max).trim();
}

/**
 * A dynamic (point of initiation 12) QR Ph payload for one pay code: the amount is fixed and the
 * pay code is the reference label, so a payment names what it pays.
 */
export function buildQrPhPayload(merchant: QrPhMerchant, payment: { amountMinor: number; reference: string }): string {
  if (payment.reference.length < 1 || payment.reference.length > QR_PH_REFERENCE_MAX) throw new Error('reference must be 1..25 characters');
  const account = tlv('00', QR_PH_P2M_GUID) + tlv('01', merchant.acquirerId) + tlv('03', merchant.merchantId);
  const payload =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', account) +
    tlv('52', merchant.mcc) +
    tlv('53', QR_PH_CURRENCY) +
    tlv('54', majorWithTwoDecimals(payment.amountMinor)) +
    tlv('58', QR_PH_COUNTRY) +
    tlv('59', asciiField(merchant.name, QR_PH_NAME_MAX)) +
    tlv('60', asciiField(merchant.city, QR_PH_CITY_MAX)) +
    tlv('62', tlv('05', payment.reference));
  return withCrc(payload);
}

/** Reads a run of TLV fields into id → value (the last wins). Throws on a malformed run. For tests and checks. */
export function parseTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4)) || at + 4 + length > text.length) throw new Error(`bad TLV at ${at}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

/** True when the payload ends with field 63 holding the right CRC. */
export function hasValidCrc(payload: string): boolean {
  const match = /6304([0-9A-F]{4})$/.exec(payload);
  return match !== null && crc16CcittFalse(payload.slice(0, -4)).toString(16).toUpperCase().padStart(4, '0') === match[1];
}
