/** Sample answers of the collections calls for the screen tests, shaped by the contract (the client checks every answer against it). */
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import type { QueueRow, collectionOrderCall, templatesCall } from '@cashloan/contract/staff/collections';

/** Far in the future and long past, so "Now" and a time to wait do not depend on when the tests run. */
export const LATER = '2099-11-29T22:00:00Z';
export const EARLIER = '2020-01-01T00:00:00Z';

export const phRow: QueueRow = {
  orderId: 7, orderNo: 'NO-7', borrowerId: 3, borrowerName: 'Maria Santos', market: 'PH', currency: 'PHP', daysPastDue: 12, bucket: '8-30',
  amountDueMinor: 567_500, chargesMinor: 12_000, collector: null, lastContactAt: '2026-11-28T02:15:00Z', lastOutcome: 'no_answer', nextCallAt: LATER, disputed: false,
};
export const inRow: QueueRow = {
  orderId: 9, orderNo: 'NO-9', borrowerId: 4, borrowerName: 'Ravi Kumar', market: 'IN', currency: 'INR', daysPastDue: 40, bucket: '31-60',
  amountDueMinor: 12_345_600, chargesMinor: 50_000, collector: { id: 5, name: 'Jo Cruz' }, lastContactAt: null, lastOutcome: null, nextCallAt: EARLIER, disputed: true,
};
export const queueAnswer = (items: QueueRow[] = [phRow, inRow]) => ({
  items,
  total: items.length,
  buckets: [{ name: '1-7', count: 0 }, { name: '8-30', count: 1 }, { name: '31-60', count: 1 }, { name: '61-90', count: 0 }, { name: '91+', count: 0 }],
});
export const collectorsAnswer = {
  collectors: [
    { id: 5, name: 'Jo Cruz', email: 'jo@lender.test', assigned: 4 },
    { id: 6, name: 'Lea Dizon', email: 'lea@lender.test', assigned: 1 },
  ],
};

type CollectionOrder = StaffAnswerOf<typeof collectionOrderCall>;
export const orderAnswer = (over: Partial<CollectionOrder> = {}, order: Partial<CollectionOrder['order']> = {}): CollectionOrder => ({
  order: { ...phRow, collector: { id: 1, name: 'Ana Reyes' }, dueAt: '2026-11-16T15:59:59Z', phone: '09171234567', hoursConsentAt: null, borrowerLang: null, ...order },
  agentNoticeSentAt: null,
  dispute: null,
  complaints: [],
  attempts: [
    { id: 30, at: '2026-11-28T02:15:00Z', channel: 'call', party: 'borrower', by: 'Ana Reyes', allowed: true, refusal: null, nextAllowedAt: null, outcome: 'no_answer', text: null },
    { id: 29, at: '2026-11-27T14:40:00Z', channel: 'sms', party: 'borrower', by: 'Reminder', allowed: false, refusal: 'Outside 06:00–22:00 Manila time', nextAllowedAt: '2026-11-27T22:00:00Z', outcome: null, text: null },
  ],
  promises: [{ id: 2, promisedOn: '2026-11-20', amountMinor: 200_000, paidMinor: 0, state: 'broken', createdBy: 'Ana Reyes', createdAt: '2026-11-18T03:00:00Z' }],
  templates: [
    { id: 3, name: 'Friendly reminder', lang: 'en', text: 'Hi Maria, your payment of ₱5,675.00 for NO-7 is overdue. Please pay today. — Lender' },
    { id: 4, name: 'Payment options', lang: 'fil', text: 'Maria, puwede mong bayaran ang NO-7 sa kahit anong 7-Eleven gamit ang pay code mo. — Lender' },
  ],
  next: { call: { allowed: true, message: null, nextAllowedAt: null }, sms: { allowed: false, message: 'At most 2 messages a day', nextAllowedAt: LATER } },
  ...over,
});

export const templatesAnswer: StaffAnswerOf<typeof templatesCall> = {
  templates: [
    { id: 3, name: 'Friendly reminder', market: 'PH', lang: 'en', body: 'Hi {borrowerName}, your payment of {amountDue} for {orderNo} is overdue.', active: true, updatedBy: 'Ana Reyes', updatedAt: '2026-11-01T02:00:00Z' },
    { id: 8, name: 'Agent notice', market: 'IN', lang: 'hi', body: 'Your loan {orderNo} is handled by {agentName} of {agency}, {agentPhone}.', active: false, updatedBy: 'Ana Reyes', updatedAt: '2026-11-02T02:00:00Z' },
  ],
  placeholders: ['borrowerName', 'orderNo', 'amountDue', 'dueDate', 'lender', 'agentName', 'agency', 'agentPhone'],
};
