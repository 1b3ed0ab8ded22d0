/**
 * The complaint rules: which orders a borrower may complain about (and when collection is allowed),
 * what an upload must be, what a submission must hold, that a retried submission files nothing new,
 * and when a complaint may be rated. Limits are in docs/complaints.md.
 */
import { createHash } from 'node:crypto';
import {
  COLLECTION_NOT_ALLOWED_MESSAGE,
  COLLECTION_PROBLEM_TYPE,
  COMPLAINT_IMAGE_MAX_BYTES,
  DISPUTE_PROBLEM_SON_TYPE,
  type ComplaintDetail,
  type ComplaintEscalation,
  type ComplaintList,
  type ComplaintOrder,
  type ParsedPayloadOf,
  type ProblemInit,
  type problemSaveCall,
  marketOfCurrency,
  PESO_SYMBOL,
  RUPEE_SYMBOL,
} from '@cashloan/contract';
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { ApiError, invalidInput, notFound, refused, tooMany, unavailable } from '../../platform/http/api-error.ts';
import { lenderDay } from '../../loan-terms/calendar.ts';
import { smsLang, smsSentences } from '../../platform/i18n/sms-text.ts';
import { dateTextIn, type DateText } from '../../loan-terms/date-text.ts';
import { moneyText } from '../../loan-terms/money-text.ts';
import { ORDER_STATUS, STATUS_MEANING } from '../../loan-terms/status.ts';
import { lockBorrower, type Borrower } from '../../domain/borrowers/service.ts';
import { listBorrowerOrders, viewOrder, type OrderRow } from '../../domain/orders/service.ts';
import { noteCollectionComplaint } from '../../domain/collections/collections.ts';
import { sniffImageType } from '../../providers/storage/image-type.ts';
import { ImageRejectedError, MAX_IMAGE_PIXELS, reencodeImage } from '../../providers/storage/reencode.ts';
import { ReencodeQueueFullError } from '../../providers/storage/reencode-queue.ts';
import { findProblemType, PROBLEM_TYPES, problemTitles } from './problem-types.ts';
import { complaintState, lenderHolidays, reviewDueAt } from './review-deadline.ts';
import { takeTicketNo } from './tickets.ts';
import { giveBackUploadSlot, takeUploadSlot } from './upload-quota.ts';
import {
  findBorrowerComplaint,
  findSubmission,
  insertComplaint,
  insertImage,
  type ImageOwner,
  listBorrowerComplaints,
  ownedImageUrls,
  saveComplaintScore,
  type ComplaintRow,
} from './store.ts';

// ---- limits ------------------------------------------------------------------------------------

/** A submission identical to one filed this recently by the same borrower answers that complaint again. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** The most complaints problem-list returns (newest first). */
export const LIST_LIMIT = 200;

export const MESSAGES = {
  notAnImage: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  emptyFile: 'The image file is empty.',
  undecodable: 'The image could not be read: the file is damaged, incomplete or not really the image it claims to be.',
  tooManyPixels: `The image has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be uploaded.`,
  badFileName: 'The file name must be a plain name, without a folder path or control characters.',
  tooLarge: `The image is larger than ${COMPLAINT_IMAGE_MAX_BYTES / 1024 / 1024} MB. Please choose a smaller image.`,
  tooManyUploads: 'Too many images uploaded in the last hour. Please try again later.',
  uploadsBusy: 'Many images are being processed right now. Please send yours again in a few seconds.',
  unknownType: 'problemType is not a known problem type',
  unknownSonType: 'problemSonType is not a sub-type of the collection type',
  sonTypeNotAllowed: 'problemSonType applies to the collection type only',
  imageNotOwned: 'problemImage holds an image that was not uploaded from this account',
  orderNotFound: 'The selected order was not found.',
  complaintNotFound: 'Complaint not found.',
  notAwaitingScore: 'This complaint is not waiting for a rating.',
  alreadyScored: 'You have already rated this complaint.',
} as const;

/** 413 with the envelope's invalid-input code: the file itself is what was wrong. */
export const imageTooLarge = () => new ApiError(400, MESSAGES.tooLarge, 413);

/** A place in the full re-encode queue frees when an image ahead is done (0.1–3 s each); 5 s lets a few finish before the retry. */
export const UPLOADS_BUSY_RETRY_AFTER_SECONDS = 5;
export const uploadsBusy = () => unavailable(MESSAGES.uploadsBusy, UPLOADS_BUSY_RETRY_AFTER_SECONDS);

// ---- orders ------------------------------------------------------------------------------------

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * isShow: a collection complaint is possible on a loan that is due or overdue now, or that has been
 * overdue or extended before (collection contacted the borrower then, even if it is settled now).
 */
export function collectionAllowed(order: OrderRow, now: Date): boolean {
  const shown = viewOrder(order, now).shownStatus;
  return shown === ORDER_STATUS.due || shown === ORDER_STATUS.overdue || order.penaltyCharged || order.rolloverCount > 0;
}

/** An order as the complaint start screen lists it; amounts in the request's currency (`real`), dates on its market's calendar. */
export function complaintOrder(order: OrderRow, now: Date, currency: string): ComplaintOrder {
  const { date } = dateTextIn(currency);
  const shown = viewOrder(order, now).shownStatus;
  const dueAt = order.plan.find((p) => p.settledAt === null)?.dueAt ?? order.plan.at(-1)?.dueAt ?? null;
  const list = [
    { title: 'Order No.', value: order.orderNo },
    { title: 'Loan amount', value: moneyText(order.principalMinor, currency) },
    { title: 'Status', value: capitalise(STATUS_MEANING[shown]) },
    { title: 'Applied on', value: date(order.createdAt) },
  ];
  if (dueAt && order.disbursedAt) list.push({ title: 'Due date', value: date(dueAt) });
  return {
    orderNo: order.orderNo,
    productLogo: order.productLogo,
    productName: order.productName,
    status: shown,
    isShow: collectionAllowed(order, now) ? 1 : 0,
    list,
  };
}

export async function problemInit(deps: Pick<AppDeps, 'db' | 'clock'>, borrower: Borrower, orderId: string | undefined, currency: string): Promise<ProblemInit> {
  const now = deps.clock.now();
  const orders = await listBorrowerOrders(deps.db, borrower.id);
  const chosen = orderId === undefined ? undefined : orders.find((o) => o.id === Number(orderId));
  const collection = PROBLEM_TYPES.find((t) => t.value === COLLECTION_PROBLEM_TYPE);
  return {
    problemType: PROBLEM_TYPES.map(({ value, title }) => ({ value, title })),
    problemSonType: collection?.subTypes ?? [],
    orderDetail: chosen ? complaintOrder(chosen, now, currency) : null,
    orderList: orders.map((o) => complaintOrder(o, now, currency)),
  };
}

// ---- images ------------------------------------------------------------------------------------

export type UploadDeps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'reencodeQueue'>;

/**
 * One complaint image, in the order that keeps a refused request cheap: a full re-encode queue and
 * the borrower's hourly slot are both checked before the file is read (`readImage`), so neither a
 * borrower over the quota nor a busy server has a file read, and concurrent uploads are counted in
 * the database, one after another.
 */
export async function uploadComplaintImage(deps: UploadDeps, borrower: Borrower, readImage: () => Promise<Uint8Array>): Promise<{ url: string }> {
  const now = deps.clock.now();
  // Only a hint (the queue may fill while the file arrives; storeImage asks again), but it spares
  // reading files that could not be processed now.
  if (deps.reencodeQueue.isFull()) throw uploadsBusy();
  const slot = await takeUploadSlot(deps.db, borrower.id, now);
  if (!slot) throw tooMany(MESSAGES.tooManyUploads);
  try {
    return await storeImage(deps, { borrowerId: borrower.id }, await readImage(), now);
  } catch (error) {
    // A refused file keeps its slot, or bad files could be sent without limit; a failure on the
    // server's side (a full queue included) gives it back, the borrower did nothing wrong.
    if (!isRefusal(error)) await giveBackUploadSlot(deps.db, slot).catch(() => undefined);
    throw error;
  }
}

/** An answer about what the client sent (a 4xx), not a failure of the server's. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.httpStatus < 500;

/**
 * Checks the bytes are an image within the limits, stores a freshly encoded copy (never the sent
 * bytes) and remembers whose it is (a borrower's, or a staff member's for a reply). The file is
 * written before its row: a crash in between leaves a file without a row, which sweepOrphanUploads removes.
 */
export async function storeImage(deps: UploadDeps, owner: ImageOwner, bytes: Uint8Array, now: Date): Promise<{ url: string }> {
  if (bytes.length === 0) throw invalidInput(MESSAGES.emptyFile);
  if (bytes.length > COMPLAINT_IMAGE_MAX_BYTES) throw imageTooLarge();
  // The first bytes decide which decoder may see the file at all.
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw invalidInput(MESSAGES.notAnImage);
  let image: Awaited<ReturnType<typeof reencodeImage>>;
  try {
    image = await deps.reencodeQueue.run(() => reencodeImage(bytes, sniffed));
  } catch (error) {
    if (error instanceof ImageRejectedError) throw invalidInput(error.reason === 'tooManyPixels' ? MESSAGES.tooManyPixels : MESSAGES.undecodable);
    if (error instanceof ReencodeQueueFullError) throw uploadsBusy();
    throw error;
  }
  const stored = await deps.storage.put('complaints', image);
  try {
    await insertImage(deps.db, { owner, url: stored.url, storageKey: stored.key, contentType: image.type.mime, byteSize: image.bytes.length, now });
  } catch (error) {
    // An image nobody can attach is not kept.
    await deps.storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
  return { url: stored.url };
}

// ---- filing ------------------------------------------------------------------------------------

type Submission = ParsedPayloadOf<typeof problemSaveCall>;

/** The same borrower sending the same complaint again (a retry) has the same fingerprint. */
function fingerprint(s: Submission & { images: string[] }): string {
  return createHash('sha256').update(JSON.stringify([s.problemType, s.problemSonType, s.orderNo, s.problemDetail, s.images])).digest('hex');
}

/**
 * The promised answer's date, 'YYYY-MM-DD', written on the request market's calendar. The deadline is the
 * end of a Philippine business day (23:59:59 Manila, 21:29:59 Kolkata), so it reads the same date in both.
 */
const answerByOf = (filedAt: Date, config: Pick<AppDeps['config'], 'LENDER_HOLIDAYS'>, dates: DateText) => dates.date(reviewDueAt(filedAt, lenderHolidays(config)));

/** '30 Nov 2026': plain GSM characters, read the same in every market. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const smsDate = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${MONTHS[Number(isoDate.slice(5, 7)) - 1]} ${isoDate.slice(0, 4)}`;

/** The acknowledgement SMS of a filed complaint: neutral, plain GSM characters, the reference and the promised answer date. */
export const ackSmsText = (appName: string, ticketNo: string, answerBy: string, lang: Lang = DEFAULT_LANG) =>
  smsSentences(lang, [
    `${appName}: we received your complaint, reference ${ticketNo}.`,
    `We will answer by ${smsDate(answerBy)}.`,
    'Please quote this reference if you contact us about it.',
  ]);

/** The outbox reference of a complaint's acknowledgement: sent once, also when retried. */
export const ackSmsReference = (problemId: number) => `complaint-ack:${problemId}`;

export async function fileComplaint(
  deps: Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>,
  borrower: Borrower,
  submission: Submission,
  currency: string = PESO_SYMBOL,
  lang: Lang = DEFAULT_LANG,
): Promise<{ problemId: number; ticketNo: string; answerBy: string }> {
  const { db } = deps;
  const now = deps.clock.now();
  const type = findProblemType(submission.problemType);
  if (!type) throw invalidInput(MESSAGES.unknownType);
  if (type.subTypes.length === 0 && submission.problemSonType !== '') throw invalidInput(MESSAGES.sonTypeNotAllowed);
  if (type.subTypes.length > 0 && !type.subTypes.some((s) => s.value === submission.problemSonType)) throw invalidInput(MESSAGES.unknownSonType);

  const images = [...new Set(submission.problemImage)];

  let order: OrderRow | undefined;
  if (submission.orderNo !== '') {
    order = (await listBorrowerOrders(db, borrower.id)).find((o) => o.orderNo === submission.orderNo);
    if (!order) throw notFound(MESSAGES.orderNotFound);
    if (type.value === COLLECTION_PROBLEM_TYPE && !collectionAllowed(order, now)) throw refused(COLLECTION_NOT_ALLOWED_MESSAGE);
  }

  const key = fingerprint({ ...submission, images });
  const filed = await db.transaction(async (tx) => {
    await lockBorrower(tx, borrower.id);
    // Checked under the borrower's lock, which the orphan sweep also takes: an image cannot be swept
    // between this check and the complaint that references it.
    const owned = await ownedImageUrls(tx, borrower.id, images);
    if (images.some((url) => !owned.has(url))) throw invalidInput(MESSAGES.imageNotOwned);
    const earlier = await findSubmission(tx, borrower.id, key, new Date(now.getTime() - REPLAY_WINDOW_MS));
    if (earlier !== null) return { problemId: earlier.id, ticketNo: earlier.ticketNo, filedAt: earlier.createdAt, isNew: false };
    // Taken last: the day's counter row stays locked until this transaction ends.
    const ticketNo = await takeTicketNo(tx, now);
    const problemId = await insertComplaint(tx, {
      ticketNo,
      borrowerId: borrower.id,
      orderNo: submission.orderNo,
      problemType: type.value,
      problemSonType: submission.problemSonType,
      detail: submission.problemDetail,
      images,
      submissionKey: key,
      now,
    });
    // A collection complaint about an order: the collections desk sees it, the collector holding the
    // order stops contacting the borrower until it is answered, and "I dispute this amount" opens a dispute.
    if (type.value === COLLECTION_PROBLEM_TYPE && order) {
      await noteCollectionComplaint(tx, { complaintId: problemId, ticketNo, orderId: order.id, disputesAmount: submission.problemSonType === DISPUTE_PROBLEM_SON_TYPE, at: now });
    }
    return { problemId, ticketNo, filedAt: now, isNew: true };
  });
  const answerBy = answerByOf(filed.filedAt, deps.config, dateTextIn(currency));
  if (filed.isNew) {
    // The complaint is filed whatever the SMS gateway does; the reference is on the screen too.
    await deps.sms
      .send({ phone: borrower.mobilePhone, text: ackSmsText(deps.config.APP_EN_NAME, filed.ticketNo, answerBy, smsLang(deps.config.SMS_IN_ENGLISH, marketOfCurrency(currency), lang)), reference: ackSmsReference(filed.problemId) })
      .catch(() => undefined);
  }
  return { problemId: filed.problemId, ticketNo: filed.ticketNo, answerBy };
}

// ---- reading and rating ------------------------------------------------------------------------

/** Two tabs: complaints still waiting for the agent, and those answered. */
export const LIST_TABS = { processing: 'Processing', completed: 'Completed' } as const;

/** The borrower's complaints; times on the calendar of the request's market. */
export async function listComplaints(deps: Pick<AppDeps, 'db'>, borrower: Borrower, currency: string): Promise<ComplaintList> {
  const { dateTime } = dateTextIn(currency);
  const rows = await listBorrowerComplaints(deps.db, borrower.id, LIST_LIMIT);
  const item = (c: ComplaintRow) => ({
    id: c.id,
    time: dateTime(c.createdAt),
    type: problemTitles(c.problemType, c.problemSonType).type,
    content: c.detail,
    ticketNo: c.ticketNo,
  });
  return {
    tabs: [
      { title: LIST_TABS.processing, items: rows.filter((c) => c.repliedAt === null).map(item) },
      { title: LIST_TABS.completed, items: rows.filter((c) => c.repliedAt !== null).map(item) },
    ],
  };
}

async function ownComplaint(db: Queryable, borrower: Borrower, problemId: string, forUpdate = false): Promise<ComplaintRow> {
  const complaint = await findBorrowerComplaint(db, borrower.id, Number(problemId), { forUpdate });
  // Someone else's complaint is answered exactly like a missing one.
  if (!complaint) throw notFound(MESSAGES.complaintNotFound);
  return complaint;
}

/** India (real=1): the RBI Integrated Ombudsman Scheme takes a complaint the lender has not answered within 30 days. */
export const INDIA_OMBUDSMAN_AFTER_DAYS = 30;

/** Where a borrower may turn when the promised answer did not come; our own words. */
export function escalationNote(config: AppDeps['config'], india: boolean, ticketNo: string): ComplaintEscalation {
  const officer = { officerName: config.GRIEVANCE_OFFICER_NAME, officerEmail: config.GRIEVANCE_OFFICER_EMAIL, officerPhone: config.GRIEVANCE_OFFICER_PHONE };
  return india
    ? {
        title: 'Not answered yet? You can take it further',
        text:
          `We have not answered your complaint ${ticketNo} in time, and we apologise. You can write to our grievance officer, named below. ` +
          `Because more than ${INDIA_OMBUDSMAN_AFTER_DAYS} days have passed without an answer, you may also complain to the RBI Ombudsman under the ` +
          'Reserve Bank - Integrated Ombudsman Scheme, 2021, through the RBI Complaint Management System. Please mention your reference.',
        ...officer,
        authorityName: 'RBI Complaint Management System',
        authorityUrl: 'https://cms.rbi.org.in',
      }
    : {
        title: 'Not answered yet? You can take it further',
        text:
          `We have not answered your complaint ${ticketNo} by the promised date, and we apologise. You can write to our grievance officer, named below. ` +
          'You may also bring your complaint to the Securities and Exchange Commission (SEC), which supervises lending and financing companies in the Philippines, ' +
          'through the complaint channel listed on its website. Please mention your reference.',
        ...officer,
        authorityName: 'Securities and Exchange Commission (SEC)',
        authorityUrl: 'https://www.sec.gov.ph',
      };
}

/** Whether the escalation note shows: unanswered past the promised date (India: and 30 days after filing). */
export function escalationDue(filedAt: Date, repliedAt: Date | null, now: Date, india: boolean, config: Pick<AppDeps['config'], 'LENDER_HOLIDAYS'>): boolean {
  if (repliedAt !== null) return false;
  if (now.getTime() <= reviewDueAt(filedAt, lenderHolidays(config)).getTime()) return false;
  return !india || lenderDay(now) - lenderDay(filedAt) > INDIA_OMBUDSMAN_AFTER_DAYS;
}

export async function complaintDetail(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, borrower: Borrower, problemId: string, currency: string): Promise<ComplaintDetail> {
  const c = await ownComplaint(deps.db, borrower, problemId);
  const titles = problemTitles(c.problemType, c.problemSonType);
  const now = deps.clock.now();
  const india = currency === RUPEE_SYMBOL;
  return {
    type: titles.type,
    sonType: titles.sonType,
    problemId: c.id,
    content: c.detail,
    images: c.images,
    disposeDetail: c.disposeDetail,
    disposeImages: c.disposeImages,
    isNeedScore: c.isNeedScore,
    ticketNo: c.ticketNo,
    answerBy: answerByOf(c.createdAt, deps.config, dateTextIn(currency)),
    state: complaintState(c.createdAt, c.repliedAt, now, lenderHolidays(deps.config)),
    ...(escalationDue(c.createdAt, c.repliedAt, now, india, deps.config) ? { escalation: escalationNote(deps.config, india, c.ticketNo) } : {}),
  };
}

/**
 * A rating is taken while the agent's reply asks for one (isNeedScore non-zero); taking it clears
 * the request. Sending the same rating again (a retry) succeeds; a different one later is refused.
 */
export async function rateComplaint(deps: Pick<AppDeps, 'db' | 'clock'>, borrower: Borrower, problemId: string, score: number): Promise<Record<string, never>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const c = await ownComplaint(tx, borrower, problemId, true);
    if (c.isNeedScore !== 0) await saveComplaintScore(tx, c.id, score, now);
    else if (c.score === null) throw refused(MESSAGES.notAwaitingScore);
    else if (c.score !== score) throw refused(MESSAGES.alreadyScored);
    return {};
  });
}
