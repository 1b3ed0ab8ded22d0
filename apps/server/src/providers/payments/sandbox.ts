/**
 * The local sandbox payment provider: no money moves. Pay codes are 12 random digits; a card charge
 * asks for a 6-digit verification code sent through the app's SMS provider (in development the dev
 * outbox: GET /ops/sms-outbox), except on a card that already completed a verified charge; the hosted
 * checkout is the app's own repayment-code screen for the reference. Money "arrives" when the ops
 * API marks the pay code paid, as a real provider's notification would (docs/repayment.md).
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { dayBounds, reportCsv } from '../reports/report-csv.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { SmsProvider } from '../sms/sms.ts';
import {
  SHOW_TYPE,
  type CardChargeRequest,
  type CardChargeResult,
  type CardChargeFound,
  type CardChargeStart,
  type CardChargeStatus,
  type CheckoutRequest,
  type PaymentProvider,
  type ProviderStatus,
  type VoidAnswer,
} from './payment-provider.ts';

/**
 * Records what the sandbox's counter "received" for a transaction, as a provider's own books would:
 * the ops API calls this, then hands the txnId to the same notification handling as a real
 * provider's postback (docs/repayment.md). The status may move on (P then S); its refno stays. A
 * transaction the sandbox voided (voidTransaction) takes no money any more: it stays V, and its refno
 * and status are answered as they are.
 */
export async function recordSandboxTransaction(
  db: Queryable,
  t: { txnId: string; refNo: string; status: ProviderStatus; amountMinor: number; now: Date },
): Promise<{ refNo: string; status: ProviderStatus }> {
  const { rows } = await db.query<{ ref_no: string; status: ProviderStatus }>(
    `INSERT INTO sandbox_transactions (txn_id, ref_no, status, amount_minor, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (txn_id) DO UPDATE SET status = EXCLUDED.status, amount_minor = EXCLUDED.amount_minor, updated_at = EXCLUDED.updated_at
       WHERE sandbox_transactions.status <> 'V'
     RETURNING ref_no, status`,
    [t.txnId, t.refNo, t.status, t.amountMinor, t.now],
  );
  const row = rows[0] ?? (await db.query<{ ref_no: string; status: ProviderStatus }>('SELECT ref_no, status FROM sandbox_transactions WHERE txn_id = $1', [t.txnId])).rows[0]!;
  return { refNo: row.ref_no, status: row.status };
}

/** What the sandbox charges per payment it collects, as the lender's contract with it says (domain/books/fees.ts books the same). */
export const SANDBOX_COLLECTION_FEE_MINOR = 1000;

/** A verification code is good for this long after it is sent (issue 11: 10 minutes). */
export const SANDBOX_CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed per sent code; then a new code must be sent. */
export const SANDBOX_MAX_CODE_ATTEMPTS = 5;
export const SANDBOX_CODE_LENGTH = 6;

/** A 12-digit code the borrower reads out or types at the counter. */
export function drawSandboxPayCode(): string {
  return String(randomInt(100_000, 1_000_000)) + String(randomInt(0, 1_000_000)).padStart(6, '0');
}

const hashCode = (chargeId: string, code: string) => createHash('sha256').update(`${chargeId}:${code}`).digest('hex');
const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

interface ChargeRow {
  id: string;
  status: 'otp_required' | 'succeeded';
  phone: string;
  otp_hash: string | null;
  otp_expires_at: Date | null;
  otp_attempts: number;
}

export function createSandboxPaymentProvider(deps: { db: Queryable; clock: Pick<Clock, 'now'>; sms: SmsProvider; appName: string }): PaymentProvider {
  const { db, clock } = deps;
  const cardKey = (r: CardChargeRequest) => `${r.borrowerId}:${r.card.id}`;
  const refOf = (chargeId: string) => `sandbox:${chargeId}`;

  async function findCharge(where: string, params: unknown[]): Promise<ChargeRow | null> {
    const { rows } = await db.query<ChargeRow>(`SELECT id, status, phone, otp_hash, otp_expires_at, otp_attempts FROM sandbox_card_charges WHERE ${where}`, params);
    return rows[0] ?? null;
  }

  return {
    name: 'sandbox',

    createPayCode: async () => {
      const code = drawSandboxPayCode();
      return { code, txnId: code };
    },

    async transactionStatus(txnId) {
      const { rows } = await db.query<{ ref_no: string; status: ProviderStatus; amount_minor: string }>(
        'SELECT ref_no, status, amount_minor FROM sandbox_transactions WHERE txn_id = $1',
        [txnId],
      );
      const row = rows[0];
      return row ? { txnId, refNo: row.ref_no, status: row.status, amountMinor: Number(row.amount_minor) } : null;
    },

    // The sandbox takes no notifications over HTTP: the ops API records its payments in-process.
    verifyNotification: () => false,

    recordCounterPayment: (t) => recordSandboxTransaction(db, t),

    // Its settlement report: the counter's payments and the card charges of a Manila day, in pesos.
    async dailyReport(day) {
      const { start, end } = dayBounds(day, 'PH');
      const [counter, cards] = await Promise.all([
        db.query<{ ref_no: string; amount_minor: string }>(
          `SELECT ref_no, amount_minor FROM sandbox_transactions WHERE status = 'S' AND updated_at >= $1 AND updated_at < $2 ORDER BY updated_at, txn_id`,
          [start, end],
        ),
        db.query<{ id: string; amount_minor: string }>(
          `SELECT id, amount_minor FROM sandbox_card_charges WHERE status = 'succeeded' AND succeeded_at >= $1 AND succeeded_at < $2 ORDER BY succeeded_at, id`,
          [start, end],
        ),
      ]);
      const line = (reference: string, amount: string) => ({ reference, type: 'collection' as const, currency: 'PHP' as const, amountMinor: Number(amount), feeMinor: SANDBOX_COLLECTION_FEE_MINOR });
      return reportCsv('sandbox', day, [...counter.rows.map((r) => line(r.ref_no, r.amount_minor)), ...cards.rows.map((r) => line(r.id, r.amount_minor))]);
    },

    // No QR image of its own: on a QR channel the lender draws its own QR Ph code for the pay code
    // (an empty imageUrl; modules/repayment/pay-qr.ts).
    displayOf: (_code, channelKind) => ({ showType: channelKind === 'qr' ? SHOW_TYPE.qr : SHOW_TYPE.code, imageUrl: '' }),

    async startCardCharge(request): Promise<CardChargeStart> {
      const key = cardKey(request);
      const existing = await findCharge('reference = $1 AND card_key = $2 ORDER BY created_at DESC LIMIT 1', [request.reference, key]);
      if (existing) {
        return existing.status === 'succeeded'
          ? { chargeId: existing.id, otpRequired: false, providerRef: refOf(existing.id) }
          : { chargeId: existing.id, otpRequired: true };
      }
      // A card that completed a verified charge before is remembered and charged without a code.
      const remembered = (await findCharge(`card_key = $1 AND status = 'succeeded' LIMIT 1`, [key])) !== null;
      const id = `ch_${randomBytes(9).toString('hex')}`;
      const now = clock.now();
      await db.query(
        `INSERT INTO sandbox_card_charges (id, reference, card_key, phone, amount_minor, status, created_at, succeeded_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [id, request.reference, key, request.phone, request.amountMinor, remembered ? 'succeeded' : 'otp_required', now, remembered ? now : null],
      );
      return remembered ? { chargeId: id, otpRequired: false, providerRef: refOf(id) } : { chargeId: id, otpRequired: true };
    },

    async sendCardCode(chargeId) {
      const charge = await findCharge('id = $1', [chargeId]);
      if (!charge || charge.status !== 'otp_required') return;
      const code = String(randomInt(0, 10 ** SANDBOX_CODE_LENGTH)).padStart(SANDBOX_CODE_LENGTH, '0');
      const now = clock.now();
      await db.query(`UPDATE sandbox_card_charges SET otp_hash = $2, otp_expires_at = $3, otp_attempts = 0 WHERE id = $1`, [
        chargeId,
        hashCode(chargeId, code),
        new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
      ]);
      await deps.sms.send({
        phone: charge.phone,
        text: `${deps.appName}: your repayment verification code is ${code}. It expires in ${SANDBOX_CODE_TTL_MS / 60_000} minutes. Never share it with anyone.`,
      });
    },

    async confirmCardCharge(chargeId, code): Promise<CardChargeResult> {
      const charge = await findCharge('id = $1', [chargeId]);
      if (!charge) return { status: 'code_expired' };
      if (charge.status === 'succeeded') return { status: 'succeeded', providerRef: refOf(charge.id) };
      const now = clock.now();
      if (!charge.otp_hash || !charge.otp_expires_at || new Date(charge.otp_expires_at).getTime() <= now.getTime()) return { status: 'code_expired' };
      if (charge.otp_attempts >= SANDBOX_MAX_CODE_ATTEMPTS) return { status: 'too_many_attempts' };
      if (!sameHash(hashCode(chargeId, code.trim()), charge.otp_hash)) {
        await db.query('UPDATE sandbox_card_charges SET otp_attempts = otp_attempts + 1 WHERE id = $1', [chargeId]);
        return { status: 'wrong_code' };
      }
      // Only one confirmation wins; a concurrent one finds the charge succeeded and answers the same.
      await db.query(
        `UPDATE sandbox_card_charges SET status = 'succeeded', succeeded_at = $2, otp_hash = NULL WHERE id = $1 AND status = 'otp_required'`,
        [chargeId, now],
      );
      return { status: 'succeeded', providerRef: refOf(chargeId) };
    },

    async cardChargeStatus(chargeId): Promise<CardChargeStatus> {
      const charge = await findCharge('id = $1', [chargeId]);
      if (!charge) return { status: 'failed' };
      return charge.status === 'succeeded' ? { status: 'succeeded', providerRef: refOf(charge.id) } : { status: 'pending' };
    },

    async findCardChargeByReference(reference): Promise<CardChargeFound | null> {
      const charge = await findCharge('reference = $1 ORDER BY created_at DESC LIMIT 1', [reference]);
      if (!charge) return null;
      return charge.status === 'succeeded' ? { chargeId: charge.id, status: 'succeeded', providerRef: refOf(charge.id) } : { chargeId: charge.id, status: 'pending' };
    },

    async voidTransaction(txnId): Promise<VoidAnswer> {
      // Its own books: a transaction it took money for (S) is not voided; anything else is, and then
      // takes no money (recordSandboxTransaction leaves it V).
      const { rows } = await db.query(
        `INSERT INTO sandbox_transactions (txn_id, ref_no, status, amount_minor, updated_at) VALUES ($1, $1, 'V', 0, $2)
         ON CONFLICT (txn_id) DO UPDATE SET status = 'V', updated_at = EXCLUDED.updated_at WHERE sandbox_transactions.status <> 'S'
         RETURNING txn_id`,
        [txnId, clock.now()],
      );
      return rows.length > 0 ? { outcome: 'done' } : { outcome: 'refused', detail: 'the sandbox was paid for it already (status S)' };
    },

    async createCheckout(request: CheckoutRequest) {
      // No hosted page of its own: the borrower is shown the reference, which the ops API's
      // "paid" completes like the provider's notification.
      const query = new URLSearchParams({ showType: String(SHOW_TYPE.code), payCode: request.reference, payCodeImg: '', repayAmount: String(request.amountMinor) });
      return { url: `/repaymentOfCode?${query.toString()}` };
    },
  };
}
