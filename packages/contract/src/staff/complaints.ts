/** The complaints inbox and the agent's reply (the borrower's /complainDetails shows it as the Process Result). */
import { z } from 'zod';
import { STAFF_LIMITS, defineStaffCall, isoDateTime, pageFields, pageOf, staffId } from './common.ts';

const imageUrl = z.string().max(2000, { error: 'an image URL must be at most 2000 characters' }).regex(/^(https?:\/\/|\/)\S+$/, { error: 'must be an image URL (http(s) or a path on this server)' });

export const staffComplaintListItem = z.object({
  id: z.number().int().positive(),
  borrowerId: z.number().int().positive(),
  borrowerName: z.string(),
  mobilePhone: z.string(),
  orderNo: z.string(),
  type: z.string(),
  sonType: z.string(),
  excerpt: z.string().describe('the first words of the complaint'),
  createdAt: isoDateTime,
  repliedAt: isoDateTime.nullable(),
  ticketNo: z.string().describe("the borrower's reference, CMP-YYYYMMDD-NNNN"),
  reviewDueAt: isoDateTime.describe("the promised review: the end of the 3rd business day (no weekends, no LENDER_HOLIDAYS) after the day it was filed"),
  pastReview: z.boolean().describe('waiting and past its promised review'),
});
export type StaffComplaintListItem = z.infer<typeof staffComplaintListItem>;

export const staffComplaintView = staffComplaintListItem.extend({
  content: z.string(),
  images: z.array(z.string()).describe("the borrower's own uploads"),
  disposeDetail: z.string(),
  disposeImages: z.array(z.string()),
  isNeedScore: z.number().int(),
  score: z.number().int().nullable(),
  orderId: z.number().int().positive().nullable(),
});
export type StaffComplaint = z.infer<typeof staffComplaintView>;

export const listComplaintsCall = defineStaffCall(
  { method: 'GET', path: '/complaints', access: { roles: ['agent'] } },
  {
    input: z.object({
      status: z.enum(['waiting', 'answered', 'all'], { error: "status must be 'waiting', 'answered' or 'all'" }).default('waiting'),
      /** Only complaints filed at least this many days ago. */
      minAgeDays: z.coerce.number({ error: 'minAgeDays must be a number' }).int().min(0, { error: 'minAgeDays must be 0 or more' }).max(3650).optional(),
      borrowerId: staffId('borrowerId').optional(),
      ...pageFields,
    }),
    answer: pageOf(staffComplaintListItem),
  },
  'The inbox, oldest first: by status (waiting, answered, all) and age.',
);

export const getComplaintCall = defineStaffCall(
  { method: 'GET', path: '/complaints/:id', access: { roles: ['agent'] } },
  { input: z.object({ id: staffId('id') }), answer: staffComplaintView },
  "One complaint: the borrower's words and images, the order, the types, the reply and the rating.",
);

/** The agent's reply: text, up to 9 images (URLs from upload-image or the borrower's own), and whether to ask for a rating. */
const replyFields = {
  disposeDetail: z.string({ error: 'disposeDetail must be text' }).max(STAFF_LIMITS.replyMaxChars, { error: `disposeDetail must be at most ${STAFF_LIMITS.replyMaxChars} characters` }).default(''),
  // The same URL rule as the borrower's images: the details screen loads them in <img>.
  disposeImages: z.array(imageUrl, { error: 'disposeImages must be a list of image URLs' }).max(STAFF_LIMITS.replyMaxImages, { error: `disposeImages holds at most ${STAFF_LIMITS.replyMaxImages} images` }).default([]),
  isNeedScore: z.union([z.literal(0), z.literal(1)], { error: 'isNeedScore must be 0 or 1' }).default(0),
};
const saysSomething = (b: { disposeDetail: string; disposeImages: string[] }) => b.disposeDetail.trim() !== '' || b.disposeImages.length > 0;
const saysSomethingError = { error: 'disposeDetail or disposeImages is required', path: ['disposeDetail'] };
/** The reply without the complaint's id (the dev /ops API takes this body). */
export const complaintReplyBody = z.object(replyFields).refine(saysSomething, saysSomethingError);

export const replyToComplaintCall = defineStaffCall(
  { method: 'POST', path: '/complaints/:id/reply', access: { roles: ['agent'] }, audit: 'complaint.reply' },
  { input: z.object({ id: staffId('id'), ...replyFields }).refine(saysSomething, saysSomethingError), answer: staffComplaintView },
  'The reply (text and up to 9 images uploaded through upload-image), and whether to ask the borrower for a rating.',
);

/** Multipart, one file in the field `image`: the borrower's upload rules (type, 5 MB, 40 megapixels, re-encoded). */
export const STAFF_IMAGE_FIELD = 'image';
export const uploadImageCall = defineStaffCall(
  { method: 'POST', path: '/uploads/image', access: { roles: ['agent'] }, audit: 'upload.image' },
  { input: z.object({}), answer: z.object({ url: z.string() }) },
  "An image for a reply (multipart field 'image'), checked and re-encoded like a borrower's upload.",
);
