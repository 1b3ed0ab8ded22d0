/** Borrowers for staff: look-up by phone or name, and one borrower with orders, complaints and accounts (numbers masked). */
import { z } from 'zod';
import { LANGS } from '../i18n.ts';
import { staffComplaintListItem } from './complaints.ts';
import { defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';
import { staffOrderListItem } from './orders.ts';

export const staffBorrowerListItem = z.object({
  id: z.number().int().positive(),
  userId: z.string(),
  name: z.string(),
  mobilePhone: z.string(),
  merchantNumber: z.string(),
  createdAt: isoDateTime,
});

export const staffBorrowerView = z.object({
  borrower: staffBorrowerListItem.extend({
    isRepeat: z.boolean(),
    lang: z.enum(LANGS).nullable().describe("the language of the borrower's latest call (the page's lang; docs/i18n.md); null before their first call"),
  }),
  orders: z.array(staffOrderListItem),
  complaints: z.array(staffComplaintListItem),
  accounts: z.array(
    z.object({
      id: z.number().int().positive(),
      kind: z.enum(['payout-account', 'repayment-card']),
      bankName: z.string(),
      cardNo: z.string().describe('masked: the last 4 digits only'),
      current: z.boolean(),
      createdAt: isoDateTime,
    }),
  ),
});
export type StaffBorrower = z.infer<typeof staffBorrowerView>;

export const searchBorrowersCall = defineStaffCall(
  { method: 'GET', path: '/borrowers', access: { roles: ['agent', 'finance'] } },
  {
    input: z
      .object({
        phone: z.string().trim().regex(/^\d{3,15}$/, { error: 'phone must be 3 to 15 digits' }).optional(),
        name: z.string().trim().min(2, { error: 'name must be at least 2 characters' }).max(100, { error: 'name must be at most 100 characters' }).optional(),
        ...pageFields,
      }),
    answer: pageOf(staffBorrowerListItem),
  },
  'Borrowers by phone (any part) or name, newest first.',
);

export const getBorrowerCall = defineStaffCall(
  { method: 'GET', path: '/borrowers/:id', access: { roles: ['agent', 'finance'] } },
  { input: z.object({ id: staffId('id') }), answer: staffBorrowerView },
  'One borrower: phone, name, orders, complaints and bound accounts (numbers masked).',
);
