/**
 * The reminders family's part of "My data" (issue 39, docs/privacy.md): every SMS payment reminder
 * about the borrower's loans, with the phone it went to, its words, and whether it was sent. The rows
 * are this family's own (payment_reminders), found through the borrower's orders (the orders room's
 * door). modules/index.ts hands it to the my-data family.
 */
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { listBorrowerOrders } from '../../domain/orders/service.ts';
import { eraseOrderReminders, listOrderReminders } from './store.ts';

/** How each kind reads: the schedule's day relative to the instalment's due date. */
const KIND_TITLES: Record<string, string> = {
  before_3: '3 days before the due date',
  due: 'on the due date',
  overdue_1: '1 day overdue',
  overdue_3: '3 days overdue',
  overdue_7: '7 days overdue',
};

/** What each state means to the borrower: a claim never sent (dropped, or still being sent) is said so. */
const STATE_TITLES: Record<string, string> = {
  sending: 'being sent',
  sent: 'sent',
  dropped: 'not sent (no longer due)',
};

export const remindersPersonalData: PersonalDataSection = {
  key: 'paymentReminders',
  title: 'Payment reminders by SMS',
  async collect(db, subject) {
    const orders = await listBorrowerOrders(db, subject.id);
    const rows = [];
    for (const order of orders) {
      for (const r of await listOrderReminders(db, order.id)) rows.push({ orderNo: order.orderNo, r });
    }
    rows.sort((a, b) => a.r.claimedAt.getTime() - b.r.claimedAt.getTime() || a.r.id - b.r.id);
    return rows.map(({ orderNo, r }) => ({
      orderNo,
      instalment: r.seq,
      dueOn: r.dueOn,
      kind: KIND_TITLES[r.kind] ?? r.kind,
      phone: r.phone,
      text: r.body,
      state: STATE_TITLES[r.status] ?? r.status,
      createdAt: r.claimedAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
    }));
  },
  async erase(tx, subject) {
    const orders = await listBorrowerOrders(tx, subject.id);
    return { rows: await eraseOrderReminders(tx, orders.map((o) => o.id)), imageKeys: [] };
  },
};
