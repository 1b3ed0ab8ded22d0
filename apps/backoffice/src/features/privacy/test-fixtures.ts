/** Sample answers of the privacy calls for the screen tests, shaped by the contract (the client checks every answer against it). */
import type { PrivacyRequestRow } from '@cashloan/contract/staff/privacy';
import type { PrivacyRequestDetail } from './api.ts';

export const openRow: PrivacyRequestRow = {
  id: 4, refNo: 'DR-20261101-0001', borrowerId: 3, borrowerName: 'Maria Santos', kind: 'correction', field: 'name', value: 'Maria Clara Santos',
  imageUrl: '/files/complaints/photo-4.jpg', state: 'open', reason: '', createdAt: '2026-11-01T02:00:00Z', answerBy: '2026-12-01', daysLeft: 3, decidedBy: null, decidedAt: null,
};
export const todayRow: PrivacyRequestRow = { ...openRow, id: 5, refNo: 'DR-20261101-0002', borrowerId: 8, borrowerName: 'Jun Dela Cruz', kind: 'erasure', field: '', value: '', imageUrl: '', daysLeft: 0 };
export const lateRow: PrivacyRequestRow = { ...todayRow, id: 6, refNo: 'DR-20261020-0003', borrowerId: 9, borrowerName: '', daysLeft: -2, answerBy: '2026-11-26' };
export const refusedRow: PrivacyRequestRow = {
  ...openRow, id: 7, refNo: 'DR-20261001-0004', state: 'refused', reason: 'The name matches the ID we hold.', daysLeft: -30, decidedBy: 'Dina Ocampo', decidedAt: '2026-10-05T03:30:00Z',
};

export const pageOf = (items: PrivacyRequestRow[]) => ({ items, total: items.length });

export const detailOf = (request: PrivacyRequestRow = openRow): PrivacyRequestDetail => ({
  request,
  data: {
    fileName: 'my-data-3.json',
    content: JSON.stringify({ profile: { name: 'Maria Santos', phone: '0917***4567' }, orders: [{ orderNo: 'NO-7' }, { orderNo: 'NO-8' }], complaints: [] }),
  },
});
