/** Products and loan settings, for admins to read (they change through configuration and migrations, not here). */
import { z } from 'zod';
import { defineStaffCall } from './common.ts';

export const settingsCall = defineStaffCall(
  { method: 'GET', path: '/settings', access: { roles: ['admin'] } },
  {
    input: z.object({}),
    answer: z.object({
      products: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          active: z.boolean(),
          amountMinor: z.number().int(),
          termDays: z.number().int(),
          periods: z.number().int(),
          interestBp: z.number().int(),
          serviceFeeBp: z.number().int(),
          rolloverFeeBp: z.number().int(),
        }),
      ),
      loanTerms: z.array(z.object({ name: z.string(), value: z.string() })).describe('the rules of spec section 9 as the server applies them'),
      paymentChannels: z.array(z.object({ channelNumber: z.string(), name: z.string(), kind: z.string(), active: z.boolean() })),
    }),
  },
  'The products, the loan-terms rules and the payment channels, read-only.',
);
