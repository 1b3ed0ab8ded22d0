/** Migration 027 (docs/loan-terms.md): orders made before the caps keep their booked charges, split right. */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { borrowerOnOldSchema } from '../../test-support/old-schema.ts';
import { createOrder, findProduct } from './service.ts';
import { seedProducts } from './seed.ts';

describe('migration 027', () => {
  it('books the late charges of older orders apart from their rollover fees, and starts their overdue days at 0', async () => {
    const db = await openDb({});
    try {
      await migrate(db, { before: '027' });
      const now = new Date('2026-11-20T02:00:00Z');
      const [cashId] = await seedProducts(db);
      const cash = (await findProduct(db, cashId!))!;
      const { borrowerId } = await borrowerOnOldSchema(db, '9170000998', now, 30);
      const order = async (extra: number, rollovers: number) => {
        const { id } = await createOrder(db, { borrower: { id: borrowerId, isRepeat: false }, product: cash, status: 180, dueInDays: -5 }, now);
        await db.query('UPDATE orders SET extra_charges_minor = $2, rollover_count = $3 WHERE id = $1', [id, extra, rollovers]);
        return id;
      };
      // Booked before the caps: late charges only; one rollover (₱750.00) with ₱46.70 of late charges; a rollover alone; nothing.
      const ids = [await order(240_125, 0), await order(79_670, 1), await order(75_000, 1), await order(0, 0)];
      await migrate(db);
      // Named columns: a statement prepared on `o.*` before the migration may not change its result type.
      const { rows } = await db.query<{ extra: string; late: string; days: string }>(
        'SELECT extra_charges_minor AS extra, late_charges_minor AS late, overdue_minor_days AS days FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id',
        [ids],
      );
      expect(rows.map((r) => [Number(r.extra), Number(r.late), Number(r.days)])).toEqual([
        [240_125, 240_125, 0],
        [79_670, 4_670, 0],
        [75_000, 0, 0],
        [0, 0, 0],
      ]);
    } finally {
      await db.close();
    }
  });
});
