/** Demo complaints for the demo borrower: one waiting for the agent, one answered and asking for a rating. */
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS, type OrderStatus } from '../../loan-terms/status.ts';
import { loadOrder } from '../../domain/orders/service.ts';
import { insertComplaint } from './store.ts';
import { takeTicketNo } from './tickets.ts';

const HOUR_MS = 60 * 60 * 1000;

export async function seedDemoComplaints(
  db: Queryable,
  borrowerId: number,
  orders: Array<{ status: OrderStatus; orderId: number }>,
  now: Date,
): Promise<void> {
  const orderNo = async (status: OrderStatus) => {
    const id = orders.find((o) => o.status === status)?.orderId;
    return (id === undefined ? null : await loadOrder(db, id))?.orderNo ?? '';
  };
  const answeredAt = new Date(now.getTime() - 26 * HOUR_MS);
  const answered = await insertComplaint(db, {
    ticketNo: await takeTicketNo(db, answeredAt),
    borrowerId,
    orderNo: await orderNo(ORDER_STATUS.overdue),
    problemType: '1',
    problemSonType: '13',
    detail: 'A collector called me at 11 pm and again at 6 am. Please ask them to call during the day.',
    images: [],
    submissionKey: 'demo-answered',
    now: answeredAt,
  });
  await db.query(`UPDATE complaints SET dispose_detail = $2, is_need_score = 1, replied_at = $3 WHERE id = $1`, [
    answered,
    'We are sorry. The agency has been told to call only between 8 am and 8 pm, and we will keep checking their calls.',
    new Date(now.getTime() - 2 * HOUR_MS),
  ]);
  const waitingAt = new Date(now.getTime() - 3 * HOUR_MS);
  await insertComplaint(db, {
    ticketNo: await takeTicketNo(db, waitingAt),
    borrowerId,
    orderNo: await orderNo(ORDER_STATUS.repaying),
    problemType: '3',
    problemSonType: '',
    detail: 'I paid at 7-Eleven yesterday but the app still shows the full amount.',
    images: [],
    submissionKey: 'demo-processing',
    now: waitingAt,
  });
}
