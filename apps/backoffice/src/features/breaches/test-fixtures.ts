/** Sample answers of the breach calls for the screen tests, shaped by the contract (the client checks every answer against it). */
import type { BreachRow } from '@cashloan/contract/staff/breaches';
import type { BreachDetail } from './api.ts';

export const openBreach: BreachRow = {
  id: 9,
  refNo: 'BR-20261104-0001',
  whatHappened: 'A list of bound accounts was emailed to a wrong address',
  dataInvolved: 'your name and the last 4 digits of your account',
  measuresTaken: 'The recipient deleted it; we now check every address',
  borrowerCanDo: 'Watch for messages asking for your PIN or OTP: we never ask',
  contact: 'dpo@pesonow.example, +63 2 8888 0199',
  details: 'Sent at 08:12 by a support agent.',
  discoveredAt: '2026-11-03T23:30:00Z',
  recordedBy: 'Dina Ramos',
  createdAt: '2026-11-04T02:00:00Z',
  query: { kind: 'bound-account-between', from: '2026-11-01', to: '2026-11-04' },
  queryText: 'Every borrower who bound a payment account from 2026-11-01 to 2026-11-04 (Manila)',
  deadlineAt: '2026-11-06T23:30:00Z',
  hoursLeft: 69,
  overdue: false,
  notifiedAt: null,
  reportedAt: null,
  notices: { total: 0, smsSent: 0, smsFailed: 0, smsPending: 0 },
};
export const overdueBreach: BreachRow = { ...openBreach, id: 8, refNo: 'BR-20261030-0001', whatHappened: 'A laptop with a report was stolen', hoursLeft: -11, overdue: true };
export const notifiedBreach: BreachRow = {
  ...openBreach,
  notifiedAt: '2026-11-04T02:05:00Z',
  notices: { total: 2, smsSent: 1, smsFailed: 1, smsPending: 0 },
};
export const doneBreach: BreachRow = {
  ...notifiedBreach,
  id: 7,
  refNo: 'BR-20261020-0001',
  whatHappened: 'Backups were readable by a vendor',
  reportedAt: '2026-11-04T03:00:00Z',
  hoursLeft: -300,
  overdue: true,
};

export const pageOf = (items: BreachRow[]) => ({ items, total: items.length });
export const detailOf = (breach: BreachRow = openBreach, affectedNow = 2): BreachDetail => ({ breach, affectedNow });
