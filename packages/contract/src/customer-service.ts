/** Customer-service contact details (spec section 7: contact-kf-info). */
import { z } from 'zod';
import { fixedField } from './schema.ts';
import { CONTACT_INFO_OVERALL } from './routes/values.ts';

export const contactKfInfo = {
  payload: z.object({ overall: fixedField('overall', CONTACT_INFO_OVERALL) }),
  answer: z.object({
    /** Support e-mail address. */
    email: z.string(),
    /** Online-service messaging contact (a WhatsApp-style handle or number). */
    smWa: z.string().describe('online-service messaging contact'),
  }),
};
export type ContactInfo = z.infer<typeof contactKfInfo.answer>;
