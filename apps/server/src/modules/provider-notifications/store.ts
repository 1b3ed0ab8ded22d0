/**
 * The provider notifications as they came (migrations 022, 033): the table provider_notifications is
 * this module's own. A row is stored once per signed notification and marked settled with what its
 * settling did.
 */
import type { Queryable } from '../../platform/db/client.ts';

export interface StoredNotification {
  id: number;
  provider: string;
  txnId: string;
  refNo: string;
  status: string;
  message: string;
  attempts: number;
}

/**
 * Stores a notification once (migration 033): its id, or null when the same notification (provider,
 * txnid, refno, status and message: what its signature covers) is stored already, a replay. Two
 * processes storing the same one at once store one row; the other gets null.
 */
export async function insertNotification(
  db: Queryable,
  n: { provider: string; txnId: string; refNo: string; status: string; message: string; receivedAt: Date },
): Promise<number | null> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO provider_notifications (provider, txn_id, ref_no, status, message, received_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (provider, txn_id, ref_no, status, message) DO NOTHING RETURNING id`,
    [n.provider, n.txnId, n.refNo, n.status, n.message, n.receivedAt],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Notifications not yet settled, oldest first, each counted as one more attempt. */
export async function claimUnsettledNotifications(db: Queryable, limit: number): Promise<StoredNotification[]> {
  const { rows } = await db.query<{ id: string; provider: string; txn_id: string; ref_no: string; status: string; message: string; attempts: number }>(
    `UPDATE provider_notifications SET attempts = attempts + 1
      WHERE id IN (SELECT id FROM provider_notifications WHERE settled_at IS NULL ORDER BY id LIMIT $1)
      RETURNING id, provider, txn_id, ref_no, status, message, attempts`,
    [limit],
  );
  return rows
    .map((r) => ({ id: Number(r.id), provider: r.provider, txnId: r.txn_id, refNo: r.ref_no, status: r.status, message: r.message, attempts: r.attempts }))
    .sort((a, b) => a.id - b.id);
}

export async function settleNotification(db: Queryable, id: number, outcome: string, at: Date): Promise<void> {
  await db.query(`UPDATE provider_notifications SET settled_at = $2, outcome = $3 WHERE id = $1`, [id, at, outcome]);
}
