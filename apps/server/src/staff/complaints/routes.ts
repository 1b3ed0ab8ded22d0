/**
 * The staff API's complaint calls (agents): the inbox, one complaint, the reply and its images. The
 * rules are the complaints module's agent service, which the dev /ops API uses too.
 */
import type { FastifyInstance } from 'fastify';
import { STAFF_IMAGE_FIELD, getComplaintCall, listComplaintsCall, replyToComplaintCall, uploadImageCall } from '@cashloan/contract';
import { complaintForStaff, complaintInbox, lenderHolidays, replyToComplaint, uploadReplyImage, viewForStaff } from '../../modules/complaints/agent-service.ts';
import { missingImage, readImageField } from '../../modules/complaints/read-upload.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';

/** What the audit log keeps of a complaint's reply. */
const replyValues = (c: { disposeDetail: string; disposeImages: string[]; isNeedScore: number; repliedAt: Date | null }) => ({
  disposeDetail: c.disposeDetail,
  disposeImages: c.disposeImages,
  isNeedScore: c.isNeedScore,
  repliedAt: c.repliedAt?.toISOString() ?? null,
});

export function registerComplaintCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  mountCall(app, staff, listComplaintsCall, async ({ input }) => complaintInbox(deps, input));

  mountCall(app, staff, getComplaintCall, async ({ input }) => complaintForStaff(deps, input.id));

  mountCall(app, staff, replyToComplaintCall, (ctx) =>
    ctx.write(async (tx) => {
      const { id, ...reply } = ctx.input;
      const { before, after } = await replyToComplaint(tx, id, reply, ctx.now);
      return { answer: await viewForStaff(tx, after, ctx.now, lenderHolidays(deps.config)), audit: { before: replyValues(before), after: replyValues(after) } };
    }),
  );

  mountCall(app, staffCalls(deps, { multipart: true }), uploadImageCall, async (ctx) => {
    if (!ctx.request.isMultipart()) throw missingImage(STAFF_IMAGE_FIELD);
    const stored = await uploadReplyImage(deps, ctx.current.staff.id, () => readImageField(ctx.request, STAFF_IMAGE_FIELD));
    await ctx.audit({ targetType: 'upload', targetId: stored.url });
    return stored;
  });
}
