/**
 * The agent's side of complaints (the staff back office and the dev ops API): the inbox oldest first,
 * one complaint with its borrower and order, the reply the borrower's /complainDetails shows as the
 * Process Result, and the reply's images (the borrower's upload rules, owned by the staff member).
 */
import type { StaffComplaint, StaffComplaintListItem } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { invalidInput, notFound } from '../../platform/http/api-error.ts';
import { findBorrowers, type Borrower } from '../../domain/borrowers/service.ts';
import { loadOrderByNo } from '../../domain/orders/service.ts';
import { noteComplaintAnswered } from '../../domain/collections/collections.ts';
import { problemTitles } from './problem-types.ts';
import type { Holidays } from '../../loan-terms/business-days.ts';
import { lenderHolidays, pastReview, reviewDueAt } from './review-deadline.ts';
import { storeImage, uploadsBusy, type UploadDeps } from './service.ts';
import {
  findComplaint,
  listComplaints,
  listInbox,
  replyToComplaint as saveReply,
  staffUploadedUrls,
  waitingComplaintsFiledAt,
  type ComplaintRow,
  type InboxStatus,
} from './store.ts';

export { lenderHolidays } from './review-deadline.ts';

export const AGENT_MESSAGES = {
  complaintNotFound: (id: number) => `Complaint ${id} does not exist.`,
  imageNotOurs: 'disposeImages: an image must be one the borrower sent with this complaint or one uploaded for a reply.',
} as const;

const EXCERPT_CHARS = 80;
/** A borrower's page shows their newest complaints up to this many; the inbox (by borrowerId) pages through all. */
const BORROWER_COMPLAINTS_SHOWN = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

function listItem(c: ComplaintRow, borrower: Borrower | undefined, now: Date, holidays: Holidays): StaffComplaintListItem {
  const titles = problemTitles(c.problemType, c.problemSonType);
  return {
    id: c.id,
    borrowerId: c.borrowerId,
    borrowerName: borrower?.name ?? '',
    mobilePhone: borrower?.mobilePhone ?? '',
    orderNo: c.orderNo,
    type: titles.type,
    sonType: titles.sonType,
    excerpt: c.detail.length > EXCERPT_CHARS ? `${c.detail.slice(0, EXCERPT_CHARS - 1)}…` : c.detail,
    createdAt: c.createdAt.toISOString(),
    repliedAt: c.repliedAt?.toISOString() ?? null,
    ticketNo: c.ticketNo,
    reviewDueAt: reviewDueAt(c.createdAt, holidays).toISOString(),
    pastReview: pastReview(c.createdAt, c.repliedAt, now, holidays),
  };
}

async function borrowersOf(db: Queryable, complaints: ComplaintRow[]): Promise<Map<number, Borrower>> {
  return new Map((await findBorrowers(db, [...new Set(complaints.map((c) => c.borrowerId))])).map((b) => [b.id, b]));
}

/** The inbox, oldest first: waiting, answered or all, filed at least `minAgeDays` ago, of one borrower. */
export async function complaintInbox(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  filter: { status: InboxStatus; minAgeDays?: number | undefined; borrowerId?: number | undefined; page: number; pageSize: number },
): Promise<{ items: StaffComplaintListItem[]; total: number }> {
  const now = deps.clock.now();
  const { rows, total } = await listInbox(deps.db, {
    status: filter.status,
    filedBefore: filter.minAgeDays === undefined ? undefined : new Date(now.getTime() - filter.minAgeDays * DAY_MS),
    borrowerId: filter.borrowerId,
    offset: (filter.page - 1) * filter.pageSize,
    limit: filter.pageSize,
  });
  const borrowers = await borrowersOf(deps.db, rows);
  return { items: rows.map((c) => listItem(c, borrowers.get(c.borrowerId), now, lenderHolidays(deps.config))), total };
}

/** A borrower's complaints, newest first, as the inbox lists them. */
export async function borrowerComplaints(db: Queryable, borrower: Borrower, now: Date, holidays: Holidays): Promise<StaffComplaintListItem[]> {
  return (await listComplaints(db, { borrowerId: borrower.id }, BORROWER_COMPLAINTS_SHOWN)).map((c) => listItem(c, borrower, now, holidays));
}

/** The complaints waiting for a reply, and how many of them are past their promised review at `now`. */
export async function waitingComplaintCounts(db: Queryable, now: Date, holidays: Holidays): Promise<{ waiting: number; pastReview: number }> {
  const filed = await waitingComplaintsFiledAt(db);
  return { waiting: filed.length, pastReview: filed.filter((at) => pastReview(at, null, now, holidays)).length };
}

export async function viewForStaff(db: Queryable, c: ComplaintRow, now: Date, holidays: Holidays): Promise<StaffComplaint> {
  const borrowers = await borrowersOf(db, [c]);
  const order = c.orderNo === '' ? null : await loadOrderByNo(db, c.orderNo);
  return {
    ...listItem(c, borrowers.get(c.borrowerId), now, holidays),
    content: c.detail,
    images: c.images,
    disposeDetail: c.disposeDetail,
    disposeImages: c.disposeImages,
    isNeedScore: c.isNeedScore,
    score: c.score,
    orderId: order && order.borrowerId === c.borrowerId ? order.id : null,
  };
}

/** One complaint as the agent sees it. */
export async function complaintForStaff(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, id: number): Promise<StaffComplaint> {
  const complaint = await findComplaint(deps.db, id);
  if (!complaint) throw notFound(AGENT_MESSAGES.complaintNotFound(id));
  return viewForStaff(deps.db, complaint, deps.clock.now(), lenderHolidays(deps.config));
}

export interface Reply {
  disposeDetail: string;
  disposeImages: string[];
  isNeedScore: number;
}

/**
 * The agent's reply, written in the caller's transaction (the back office writes its audit entry in
 * the same one). Its images are this server's: the borrower's own of this complaint, or uploaded for a
 * reply; anything else is refused and nothing is written. Answers the complaint before and after.
 */
export async function replyToComplaint(tx: Queryable, id: number, reply: Reply, now: Date): Promise<{ before: ComplaintRow; after: ComplaintRow }> {
  const before = await findComplaint(tx, id);
  if (!before) throw notFound(AGENT_MESSAGES.complaintNotFound(id));
  const uploaded = await staffUploadedUrls(tx, reply.disposeImages);
  if (reply.disposeImages.some((url) => !before.images.includes(url) && !uploaded.has(url))) throw invalidInput(AGENT_MESSAGES.imageNotOurs);
  await saveReply(tx, id, { ...reply, now });
  // A collection complaint answered: the collector it was against may contact the borrower again.
  await noteComplaintAnswered(tx, id, now);
  return { before, after: (await findComplaint(tx, id))! };
}

/** An image for a reply: checked and re-encoded like a borrower's upload, owned by the staff member. */
export async function uploadReplyImage(deps: UploadDeps, staffId: number, readImage: () => Promise<Uint8Array>): Promise<{ url: string }> {
  if (deps.reencodeQueue.isFull()) throw uploadsBusy();
  return storeImage(deps, { staffId }, await readImage(), deps.clock.now());
}
