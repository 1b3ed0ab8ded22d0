/** Who holds an overdue order (collection_assignments): read by the borrower's order details and the desk. */
import type { Queryable } from '../../platform/db/client.ts';

export interface OrderCollector {
  staffId: number;
  name: string;
  assignedAt: Date;
}

/** The collector holding the order now, or null. */
export async function collectorOf(db: Queryable, orderId: number): Promise<OrderCollector | null> {
  const { rows } = await db.query<{ staff_id: string; name: string; assigned_at: Date }>(
    `SELECT a.staff_id, s.name, a.assigned_at FROM collection_assignments a JOIN staff_accounts s ON s.id = a.staff_id WHERE a.order_id = $1`,
    [orderId],
  );
  const row = rows[0];
  return row ? { staffId: Number(row.staff_id), name: row.name, assignedAt: row.assigned_at } : null;
}
