/** Customer-service contact details (spec section 7: contact-kf-info). */
import { z } from 'zod';
import { defineCall } from './schema.ts';
import { CONTACT_INFO_OVERALL, contactKfInfoRoute } from './routes.ts';

export const contactKfInfo = {
  payload: z.object({ overall: z.literal(CONTACT_INFO_OVERALL, { error: 'overall must be 30' }) }),
  answer: z.object({
    /** Support e-mail address. */
    email: z.string(),
    /** Online-service messaging contact (a WhatsApp-style handle or number). */
    smWa: z.string(),
  }),
};
export type ContactInfo = z.infer<typeof contactKfInfo.answer>;
export const contactKfInfoCall = defineCall(contactKfInfoRoute, contactKfInfo);
