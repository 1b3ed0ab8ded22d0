/**
 * Migration 031 (docs/repayment.md, "Exceptions"): a payment applied before overpayments were held
 * apart kept what was beyond its order's debt in the order's paid total, with no exception. After the
 * migration each such payment has its one 'overpayment' exception and the order's paid total is what
 * was applied; other payments and the exceptions recorded before (held whole) are as they were.
 */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { borrowerOnOldSchema } from '../../test-support/old-schema.ts';
import { createOrder, findProduct } from '../orders/service.ts';
import { seedProducts } from '../orders/seed.ts';
import { seedPaymentChannels } from './seed.ts';
import { listPaymentExceptions } from './exceptions.ts';

describe('migration 031', () => {
  it('turns what older payments brought beyond the debt into one exception each, and takes it out of the paid total', async () => {
    const db = await openDb({});
    try {
      await migrate(db, { before: '031' });
      const now = new Date('2026-11-20T02:00:00Z');
      const [cashId] = await seedProducts(db);
      await seedPaymentChannels(db);
      const cash = (await findProduct(db, cashId!))!;
      const { borrowerId } = await borrowerOnOldSchema(db, '9170000997', now, 30);
      const order = await createOrder(db, { borrower: { id: borrowerId, isRepeat: false }, product: cash, status: 200 }, now);
      const owed = order.paidMinor;
      // As the code before 031 wrote it: a second code paid after settlement went whole into paid_minor.
      const pay = async (code: string, amount: number, ref: string, result: object) => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO pay_codes (order_id, channel_number, amount_minor, purpose, code, txn_id, status, created_at, expires_at, paid_at)
           VALUES ($1, '90006', $2, 'repay', $3, $3, 'paid', $4, $4, $4) RETURNING id`,
          [order.id, amount, code, now],
        );
        const payment = await db.query<{ id: string }>(`INSERT INTO payments (pay_code_id, provider_ref, amount_minor, applied_at, result) VALUES ($1, $2, $3, $4, $5::jsonb) RETURNING id`, [
          rows[0]!.id,
          ref,
          amount,
          now,
          JSON.stringify(result),
        ]);
        return { payCodeId: Number(rows[0]!.id), paymentId: Number(payment.rows[0]!.id) };
      };
      const late = await pay('111111111111', 560_500, 'dragonpay:DP-LATE-1', { outcome: 'overpaid', unappliedMinor: 560_500 });
      const part = await pay('222222222222', 20_000, 'sandbox:ch_part', { outcome: 'overpaid', unappliedMinor: 15_000 });
      await pay('333333333333', 1_000, 'code:333333333333', {});
      await db.query('UPDATE orders SET paid_minor = paid_minor + $2 WHERE id = $1', [order.id, 560_500 + 20_000 + 1_000]);
      // An exception of before: the whole amount received, nothing applied.
      await db.query(
        `INSERT INTO payment_exceptions (kind, provider, txn_id, ref_no, received_minor, detail, created_at) VALUES ('unknown_reference', 'dragonpay', 'NOPE', 'DP-STRAY', 12345, 'not ours', $1)`,
        [now],
      );

      await migrate(db);
      const { rows } = await db.query<{ paid: string }>('SELECT paid_minor AS paid FROM orders WHERE id = $1', [order.id]);
      expect(Number(rows[0]!.paid)).toBe(owed + 5_000 + 1_000);
      const exceptions = await listPaymentExceptions(db);
      expect(exceptions.map((e) => [e.kind, e.provider, e.refNo, e.receivedMinor, e.expectedMinor, e.heldMinor, e.paymentId, e.payCodeId, e.orderId, e.borrowerId])).toEqual([
        ['overpayment', 'sandbox', 'ch_part', 20_000, 5_000, 15_000, part.paymentId, part.payCodeId, order.id, borrowerId],
        ['overpayment', 'dragonpay', 'DP-LATE-1', 560_500, 0, 560_500, late.paymentId, late.payCodeId, order.id, borrowerId],
        ['unknown_reference', 'dragonpay', 'DP-STRAY', 12_345, null, 12_345, null, null, null, null],
      ]);
      expect(exceptions[1]!.detail).toBe(
        `payment ${late.paymentId} brought 560500 beyond what order ${order.orderNo} owed; applied before overpayments were held apart (migration 031 took it out of the order's paid total)`,
      );
    } finally {
      await db.close();
    }
  });
});
