/** Migration 033: notifications stored twice before it are one row after it, the oldest, and it still settles what a later copy was waiting for. */
import { describe, expect, it } from 'vitest';
import { openDb } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { insertNotification } from './store.ts';

describe('migration 033', () => {
  it('keeps the oldest row of each notification stored twice, unsettled again when a later copy was not settled, then stores each once', async () => {
    const db = await openDb({});
    try {
      await migrate(db, { before: '033' });
      const at = new Date('2026-11-20T02:00:00Z');
      const row = async (txn: string, status: string, settled: boolean, message = '') => {
        const { rows } = await db.query<{ id: string }>(
          `INSERT INTO provider_notifications (provider, txn_id, ref_no, status, message, received_at, settled_at, outcome)
           VALUES ('dragonpay', $1, 'REF', $2, $3, $4, $5, $6) RETURNING id`,
          [txn, status, message, at, settled ? at : null, settled ? 'applied: paid' : null],
        );
        return Number(rows[0]!.id);
      };
      // A: stored three times, all settled. B: the first settled, a later copy still waiting. C: one P, one S (two notifications).
      const a = [await row('A', 'S', true), await row('A', 'S', true), await row('A', 'S', true)];
      const b = [await row('B', 'S', true), await row('B', 'S', false)];
      const c = [await row('C', 'P', true), await row('C', 'S', true)];
      const d = [await row('D', 'S', true, 'first'), await row('D', 'S', true, 'second')];
      await migrate(db);
      const { rows } = await db.query<{ id: string; settled: boolean }>('SELECT id, settled_at IS NOT NULL AS settled FROM provider_notifications ORDER BY id');
      expect(rows.map((r) => [Number(r.id), r.settled])).toEqual([
        [a[0], true],
        [b[0], false],
        [c[0], true],
        [c[1], true],
        [d[0], true],
        [d[1], true],
      ]);
      // After it: the same notification is not stored again, another one is.
      const n = { provider: 'dragonpay', txnId: 'A', refNo: 'REF', status: 'S', message: '', receivedAt: at };
      expect(await insertNotification(db, n)).toBeNull();
      expect(await insertNotification(db, { ...n, status: 'P' })).toEqual(expect.any(Number));
    } finally {
      await db.close();
    }
  });
});
