/** SQL of the promises to pay (collection_promises, migration 039); kept or broken is never stored. */
import type { Queryable } from '../../platform/db/client.ts';

export interface PromiseRow {
  id: number;
  orderId: number;
  /** YYYY-MM-DD on the order's market calendar. */
  promisedOn: string;
  amountMinor: number;
  createdBy: number;
  /** The staff member's name. */
  createdByName: string;
  createdAt: Date;
}

interface PromiseDb {
  id: string;
  order_id: string;
  promised_on: string;
  amount_minor: string;
  created_by: string;
  created_by_name: string;
  created_at: Date;
}

const toPromise = (r: PromiseDb): PromiseRow => ({
  id: Number(r.id),
  orderId: Number(r.order_id),
  promisedOn: r.promised_on,
  amountMinor: Number(r.amount_minor),
  createdBy: Number(r.created_by),
  createdByName: r.created_by_name,
  createdAt: new Date(r.created_at),
});

const COLUMNS = `p.id, p.order_id, to_char(p.promised_on, 'YYYY-MM-DD') AS promised_on, p.amount_minor, p.created_by, s.name AS created_by_name, p.created_at`;

export async function insertPromise(db: Queryable, p: { orderId: number; promisedOn: string; amountMinor: number; createdBy: number; createdAt: Date }): Promise<PromiseRow> {
  const { rows } = await db.query<PromiseDb>(
    `WITH p AS (
       INSERT INTO collection_promises (order_id, promised_on, amount_minor, created_by, created_at) VALUES ($1, $2::date, $3, $4, $5) RETURNING *
     )
     SELECT ${COLUMNS} FROM p JOIN staff_accounts s ON s.id = p.created_by`,
    [p.orderId, p.promisedOn, p.amountMinor, p.createdBy, p.createdAt],
  );
  return toPromise(rows[0]!);
}

/** An order's promises, newest first. */
export async function listOrderPromises(db: Queryable, orderId: number): Promise<PromiseRow[]> {
  const { rows } = await db.query<PromiseDb>(
    `SELECT ${COLUMNS} FROM collection_promises p JOIN staff_accounts s ON s.id = p.created_by WHERE p.order_id = $1 ORDER BY p.created_at DESC, p.id DESC`,
    [orderId],
  );
  return rows.map(toPromise);
}

/** Every promise for a day from `from` to `to` (YYYY-MM-DD, both included), oldest first. */
export async function listPromisesDueBetween(db: Queryable, from: string, to: string): Promise<PromiseRow[]> {
  const { rows } = await db.query<PromiseDb>(
    `SELECT ${COLUMNS} FROM collection_promises p JOIN staff_accounts s ON s.id = p.created_by
      WHERE p.promised_on BETWEEN $1::date AND $2::date ORDER BY p.promised_on, p.id`,
    [from, to],
  );
  return rows.map(toPromise);
}
