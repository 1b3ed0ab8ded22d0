/** Complaints and their rating (spec section 7: /user-problem/*). Success code '00'. */
import { z } from 'zod';
import { dateTime, emptyAnswer, emptyPayload, idField, intField, optionalIdField, optionalTextField, textField, titleValueRow } from './schema.ts';
import { COLLECTION_PROBLEM_TYPE, COMPLAINT_MAX_CHARS, COMPLAINT_MAX_IMAGES, RATING_MAX_STARS } from './routes/values.ts';

/** An image the borrower uploaded (or the agent attached): absolute http(s) URL or a path on this server. */
const imageUrl = z.string().regex(/^(https?:\/\/|\/)\S+$/);

/** Ours (issue 23): the reference a person can read out. */
const complaintTicketNo = z
  .string()
  .regex(/^CMP-\d{8}-\d{4,}$/)
  .describe('ours (issue 23): the reference the borrower can read out, CMP-YYYYMMDD-NNNN (lender date filed, that day\'s sequence)');
const complaintAnswerBy = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('ours (issue 23): the lender-calendar date by which the borrower will have an answer (3 business days: no weekends, no lender holidays)');

/** Ours (issue 23): where a borrower may turn when the promised answer did not come. */
export const complaintEscalation = z.object({
  title: z.string(),
  text: z.string().describe('plain text, rendered as text'),
  officerName: z.string().describe("the lender's grievance officer"),
  officerEmail: z.string(),
  officerPhone: z.string(),
  authorityName: z.string().describe('the regulator\'s complaint channel'),
  authorityUrl: z.string().regex(/^https:\/\//).describe('its public web address'),
});
export type ComplaintEscalation = z.infer<typeof complaintEscalation>;

export const complaintDetail = z.object({
  /** Title of the problem type. */
  type: z.string(),
  /** Title of the sub-type; '' when the type has none. */
  sonType: z.string(),
  problemId: z.number().int().positive(),
  content: z.string().max(COMPLAINT_MAX_CHARS),
  images: z.array(imageUrl).max(COMPLAINT_MAX_IMAGES),
  /** The agent's reply; '' until processed. */
  disposeDetail: z.string().describe("the agent's reply ('' until processed)"),
  disposeImages: z.array(imageUrl),
  /** Non-zero: show the rating dialog 3 s after load. */
  isNeedScore: z.number().int().describe('non-zero: ask for a rating'),
  ticketNo: complaintTicketNo.optional(),
  answerBy: complaintAnswerBy.optional(),
  state: z
    .enum(['received', 'inReview', 'answered'])
    .optional()
    .describe(
      "ours (issue 23): 'received' until the first business day after filing starts, 'inReview' from then until the reply, 'answered' once replied",
    ),
  escalation: complaintEscalation
    .optional()
    .describe('ours (issue 23): present only while unanswered past answerBy (India: 30 days after filing): where the borrower may escalate'),
});
export type ComplaintDetail = z.infer<typeof complaintDetail>;

export const problemDetail = {
  payload: z.object({ problemId: idField('problemId') }),
  answer: complaintDetail,
};

export const saveScore = {
  payload: z.object({ score: intField('score', 1, RATING_MAX_STARS), problemId: idField('problemId') }),
  answer: emptyAnswer,
};

/** A choice of problem type or sub-type. */
export const problemChoice = z.object({ value: z.string().describe('sent back as problemType / problemSonType'), title: z.string() });
export type ProblemChoice = z.infer<typeof problemChoice>;

/** An order the borrower may complain about. */
export const complaintOrder = z.object({
  orderNo: z.string(),
  productLogo: z.string(),
  productName: z.string(),
  /** Order status code (see docs/statuses.md). */
  status: z.number().int(),
  /** 1: a collection complaint may be filed on this order. */
  isShow: z.number().int().describe('1 = a collection complaint may be filed on this order'),
  list: z.array(titleValueRow),
});
export type ComplaintOrder = z.infer<typeof complaintOrder>;

export const problemInit = {
  /** orderId preselects an order (orderDetail); without it, or when it is not the borrower's order, orderDetail is null. */
  payload: z.object({ orderId: optionalIdField('orderId') }),
  answer: z.object({
    problemType: z.array(problemChoice),
    /** Sub-types of the collection type. */
    problemSonType: z.array(problemChoice).describe('sub-types of the collection type (value 1)'),
    orderDetail: complaintOrder.nullable().describe("the order named by orderId, or null (none given, or not the borrower's)"),
    orderList: z.array(complaintOrder).describe("the borrower's orders, newest first"),
  }),
};
export type ProblemInit = z.infer<typeof problemInit.answer>;

export const uploadProblemImg = {
  /** The image itself travels as the multipart file field `problemImage`; there are no other fields. */
  payload: emptyPayload,
  answer: z.object({ url: imageUrl.describe('the stored image, to send back in problem-save problemImage') }),
};
export type UploadedImage = z.infer<typeof uploadProblemImg.answer>;

export const problemSave = {
  payload: z
    .object({
      problemType: z
        .string({ error: 'problemType is required' })
        .trim()
        .regex(/^\d{1,9}$/, { error: 'problemType must be a number' }),
      /** Required for the collection type only. */
      problemSonType: z
        .string({ error: 'problemSonType must be text' })
        .trim()
        .regex(/^\d{0,9}$/, { error: 'problemSonType must be a number' })
        .default(''),
      problemDetail: textField('problemDetail', COMPLAINT_MAX_CHARS),
      /** Comma-joined URLs from upload-problem-img, or ''. */
      problemImage: optionalTextField('problemImage', 4000)
        .transform((joined) => joined.split(',').map((url) => url.trim()).filter(Boolean))
        .refine((urls) => urls.length <= COMPLAINT_MAX_IMAGES, { error: `problemImage must hold at most ${COMPLAINT_MAX_IMAGES} images` })
        .refine((urls) => urls.every((url) => imageUrl.safeParse(url).success), { error: 'problemImage must be comma-joined image URLs' })
        .describe(`comma-joined URLs from upload-problem-img (at most ${COMPLAINT_MAX_IMAGES}), or ''`),
      orderNo: optionalTextField('orderNo', 64),
    })
    .superRefine((complaint, ctx) => {
      if (complaint.problemType !== COLLECTION_PROBLEM_TYPE) return;
      if (!complaint.problemSonType) ctx.addIssue({ code: 'custom', path: ['problemSonType'], message: 'problemSonType is required for a collection complaint' });
      if (!complaint.orderNo) ctx.addIssue({ code: 'custom', path: ['orderNo'], message: 'orderNo is required for a collection complaint' });
    })
    .describe(`A collection complaint (problemType ${COLLECTION_PROBLEM_TYPE}) also needs problemSonType and orderNo.`),
  /** Not shown in the spec: we answer the new complaint's id (the same id again for a retried submission). */
  answer: z.object({
    problemId: z.number().int().positive().describe('the new complaint (spec: not shown); a retried identical submission answers the same id'),
    ticketNo: complaintTicketNo.optional(),
    answerBy: complaintAnswerBy.optional(),
  }),
};
export type ComplaintSubmission = z.input<typeof problemSave.payload>;

export const complaintListItem = z.object({
  id: z.number().int().positive().describe('problemId of the details route'),
  time: dateTime,
  /** Title of the problem type. */
  type: z.string(),
  content: z.string(),
  ticketNo: complaintTicketNo.optional(),
});
export type ComplaintListItem = z.infer<typeof complaintListItem>;

export const problemList = {
  payload: emptyPayload,
  answer: z.object({
    tabs: z.array(z.object({ title: z.string().describe('tab label (name chosen here; not shown in the spec)'), items: z.array(complaintListItem) })),
  }),
};
export type ComplaintList = z.infer<typeof problemList.answer>;
