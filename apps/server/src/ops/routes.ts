/**
 * The lender back office used by demos and tests (docs/ops.md). Mounted under /ops only when
 * OPS_TOKEN is set: it is the dev/demo back office, so it also reads the dev SMS outbox and captchas.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SessionParams } from '@cashloan/contract';
import type { AppDeps } from '../deps.ts';
import { ApiError, invalidInput, notFound } from '../platform/http/api-error.ts';
import { describeIssue } from '../platform/http/validation.ts';
import { createBorrowerWithSession, findBorrower, latestSession } from '../domain/borrowers/store.ts';
import { createSession, type Borrower } from '../domain/borrowers/session.ts';
import { DAY_MS } from '../platform/clock/clock.ts';
import { ORDER_STATUS, ORDER_STATUSES, type OrderStatus } from '../loan-terms/status.ts';
import { createOrder, moveOrder, viewOrder } from '../domain/orders/service.ts';
import { findProduct, listActiveProducts, loadOrder } from '../domain/orders/store.ts';
import { orderDetailsPath, orderPageQuery } from '../domain/orders/page-links.ts';
import { applyPaidPayCode, issuePayCode } from '../domain/payments/service.ts';
import { listOrderPayments } from '../domain/payments/store.ts';
import { countWrongToken, findCaptcha, listSmsOutbox, replyToComplaint, wrongTokensNow } from './store.ts';
import { findComplaint, listComplaints, type ComplaintRow } from '../modules/complaints/store.ts';
import { addRepaymentCard } from '../modules/repayment/card-on-file.ts';
import { problemTitles } from '../modules/complaints/problem-types.ts';
import { registerPromotionOps } from '../modules/promotion/ops.ts';
import { registerBindBankOps } from '../modules/bind-bank/ops.ts';
import { demoLinks } from '../seed/demo.ts';

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(header ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

export function parseOps<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw invalidInput(describeIssue(parsed.error));
  return parsed.data;
}

const ok = <T>(data: T, message = 'success') => ({ code: 0, message, data });

// ---- body and parameter schemas ----------------------------------------------------------------

/** A '0'/'1' flag the H5 reads as a string; numbers are accepted too. */
const flag = (name: string) =>
  z.union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)], { error: `${name} must be 0 or 1` }).transform((v) => String(v));
const text = (max: number) => z.string().max(max);
const positiveId = (name: string) => z.coerce.number({ error: `${name} must be a number` }).int().positive({ error: `${name} must be a positive whole number` });
const statusField = (allowed: readonly number[]) =>
  z.coerce
    .number({ error: 'status is required' })
    .refine((v) => allowed.includes(v), { error: `status must be one of ${allowed.join(', ')}` })
    .transform((v) => v as OrderStatus);

const newBorrowerBody = z.object({
  mobilePhone: z.string().regex(/^\d{6,15}$/, { error: 'mobilePhone must be 6 to 15 digits' }),
  userId: z.string().min(1).max(64).optional(),
  merchantNumber: z.string().min(1).max(32).optional(),
  name: z.string().max(100).optional(),
  isRepeat: z.boolean().optional(),
  deviceId: z.string().max(128).optional(),
});

const newOrderBody = z
  .strictObject({
    borrowerId: positiveId('borrowerId').optional(),
    userId: z.string().min(1).max(64).optional(),
    productId: positiveId('productId').optional(),
    status: statusField(ORDER_STATUSES),
    amount: z.number().int().positive().max(100_000_000_000, { error: 'amount is too large' }).optional(),
    isDelay: flag('isDelay').optional(),
    playeduL: text(2000).optional(),
    KindTipsMsg: text(2000).optional(),
    cardNeedPop: z.union([z.literal(0), z.literal(1)], { error: 'cardNeedPop must be 0 or 1' }).optional(),
    cardPopTitle: text(200).optional(),
    cardPopMsg: text(2000).optional(),
    isScore: flag('isScore').optional(),
    reyMsg: text(2000).optional(),
    h5Url: text(2000).optional(),
    dueInDays: z.number().int().min(-3650).max(365).optional(),
    disbursedDaysAgo: z.number().int().min(0).max(3650).optional(),
    offerKey: z.string().min(1).max(200).optional(),
  })
  .refine((b) => b.borrowerId !== undefined || b.userId !== undefined, { error: 'borrowerId or userId is required', path: ['borrowerId'] });

const moveBody = z.object({ status: statusField([ORDER_STATUS.disbursing, ORDER_STATUS.rejected, ORDER_STATUS.repaying]) });

const issueBody = z.strictObject({
  orderId: positiveId('orderId'),
  purpose: z.enum(['repay', 'rollover'], { error: "purpose must be 'repay' or 'rollover'" }),
  channelNumber: z.string().min(1).max(32).optional(),
  amount: z.number().int().positive().optional(),
});

const paidBody = z.strictObject({ providerRef: z.string().trim().min(1).max(128).optional() });

const bankCardBody = z.strictObject({
  borrowerId: positiveId('borrowerId'),
  bankName: z.string().trim().min(1, { error: 'bankName is required' }).max(100),
  bankCode: z.string().trim().regex(/^[A-Za-z0-9_-]{1,32}$/, { error: 'bankCode must be letters and digits' }),
  cardNo: z.string().regex(/^\d{12,19}$/, { error: 'cardNo must be 12 to 19 digits' }),
});

const advanceBody = z.strictObject({
  days: z
    .number({ error: 'days must be a number' })
    .finite()
    .min(-3650)
    .max(3650)
    .refine((d) => d !== 0, { error: 'days must not be 0' }),
});

const replyBody = z
  .strictObject({
    disposeDetail: z.string().max(2000).default(''),
    // The same URL rule as the borrower's images: the details screen loads them in <img>.
    disposeImages: z
      .array(z.string().max(2000).regex(/^(https?:\/\/|\/)\S+$/, { error: 'must be an image URL (http(s) or a path on this server)' }))
      .max(9, { error: 'disposeImages holds at most 9 images' })
      .default([]),
    isNeedScore: z.number().int().min(0).max(1).default(0),
  })
  .refine((b) => b.disposeDetail.trim() !== '' || b.disposeImages.length > 0, {
    error: 'disposeDetail or disposeImages is required',
    path: ['disposeDetail'],
  });

const idParams = z.object({ id: positiveId('id') });
const complaintsQuery = z.object({
  borrowerId: positiveId('borrowerId').optional(),
  open: z.enum(['0', '1'], { error: 'open must be 0 or 1' }).optional(),
});

/** A complaint as the agent sees it: the borrower's words, the stored values with their titles, the reply and the rating. */
const complaintView = (c: ComplaintRow) => ({ ...c, titles: problemTitles(c.problemType, c.problemSonType) });
const codeParams = z.object({ code: z.string().regex(/^\d{6,32}$/, { error: 'code must be digits' }) });
const sidParams = z.object({ sid: z.string().min(1).max(128) });
const outboxQuery = z.object({ phone: z.string().regex(/^\d{6,15}$/, { error: 'phone must be 6 to 15 digits' }).optional() });

// ---- routes ------------------------------------------------------------------------------------

/** Wrong tokens an address may send in a minute; then every request from it is refused until the minute is over. */
export const OPS_WRONG_TOKENS_PER_MINUTE = 10;
const OPS_WINDOW_MS = 60_000;
export const OPS_MESSAGES = {
  wrongToken: 'Ops token missing or wrong',
  throttled: (seconds: number) => `Too many wrong ops tokens from this address. Try again in ${seconds} s.`,
} as const;

export async function registerOps(ops: FastifyInstance, deps: AppDeps): Promise<void> {
  const { db, clock, config } = deps;
  const token = config.OPS_TOKEN!;
  // Each wrong token is counted (atomically, in the database) before its answer is decided; past the
  // limit the right token is refused too, so a flood of guesses learns nothing of the ones after it.
  ops.addHook('onRequest', async (request, reply) => {
    // Sessions, codes and borrowers' data: no cache keeps a copy.
    reply.header('Cache-Control', 'no-store');
    const now = clock.now();
    const right = tokenMatches(request.headers.authorization, token);
    const count = right ? await wrongTokensNow(db, request.ip, now, OPS_WINDOW_MS) : await countWrongToken(db, request.ip, now, OPS_WINDOW_MS);
    if (count && count.failures > (right ? OPS_WRONG_TOKENS_PER_MINUTE - 1 : OPS_WRONG_TOKENS_PER_MINUTE)) {
      const seconds = Math.max(1, Math.ceil((count.windowStart.getTime() + OPS_WINDOW_MS - now.getTime()) / 1000));
      reply.header('Retry-After', String(seconds));
      throw new ApiError(429, OPS_MESSAGES.throttled(seconds), 429);
    }
    if (!right) throw new ApiError(401, OPS_MESSAGES.wrongToken, 401);
  });

  /** The borrower's newest live session, or a fresh one, so every answer carries a ready page query. */
  async function sessionFor(borrower: Borrower): Promise<SessionParams> {
    const now = clock.now();
    const live = await latestSession(db, borrower.id, now);
    if (live) return live;
    const deviceId = 'ops-device';
    const sessionId = await createSession(db, borrower.id, deviceId, now, config.SESSION_TTL_DAYS);
    return { deviceId, userId: borrower.userId, sessionId, merchantNumber: borrower.merchantNumber, mobilePhone: borrower.mobilePhone };
  }

  ops.post('/borrowers', async (request) => {
    const body = parseOps(newBorrowerBody, request.body);
    const created = await createBorrowerWithSession(db, body, clock.now(), config.SESSION_TTL_DAYS);
    return ok(created);
  });

  ops.post('/orders', async (request) => {
    const body = parseOps(newOrderBody, request.body);
    const borrower = await findBorrower(db, { id: body.borrowerId, userId: body.userId });
    if (!borrower) throw notFound(body.borrowerId !== undefined ? `borrowerId ${body.borrowerId} does not exist` : `userId ${body.userId} does not exist`);
    const product = body.productId !== undefined ? await findProduct(db, body.productId) : ((await listActiveProducts(db))[0] ?? null);
    if (!product) throw notFound(body.productId !== undefined ? `productId ${body.productId} does not exist` : 'No product exists yet: seed the catalogue first');
    const now = clock.now();
    const order = await db.transaction((tx) =>
      createOrder(
        tx,
        {
          borrower: { id: borrower.id, isRepeat: borrower.isRepeat },
          product,
          status: body.status,
          principalMinor: body.amount,
          dueInDays: body.dueInDays,
          disbursedDaysAgo: body.disbursedDaysAgo,
          offerKey: body.offerKey,
          flags: {
            isDelay: body.isDelay,
            playeduL: body.playeduL,
            kindTipsMsg: body.KindTipsMsg,
            cardNeedPop: body.cardNeedPop,
            cardPopTitle: body.cardPopTitle,
            cardPopMsg: body.cardPopMsg,
            isScore: body.isScore,
            reyMsg: body.reyMsg,
            h5Url: body.h5Url,
          },
        },
        now,
      ),
    );
    const view = viewOrder(order, now);
    const session = await sessionFor(borrower);
    const ids = { productId: order.productId, orderId: order.id };
    return ok({
      orderId: order.id,
      orderNo: order.orderNo,
      productId: order.productId,
      borrowerId: borrower.id,
      status: order.status,
      shownStatus: view.shownStatus,
      session,
      pageQuery: orderPageQuery(session, ids),
      path: orderDetailsPath(session, ids),
    });
  });

  ops.get('/orders/:id', async (request) => {
    const { id } = parseOps(idParams, request.params);
    const order = await loadOrder(db, id);
    if (!order) throw notFound(`Order ${id} does not exist`);
    const view = viewOrder(order, clock.now());
    return ok({ ...view, payments: await listOrderPayments(db, order.id) });
  });

  ops.post('/orders/:id/status', async (request) => {
    const { id } = parseOps(idParams, request.params);
    const { status } = parseOps(moveBody, request.body);
    const now = clock.now();
    const order = await db.transaction((tx) => moveOrder(tx, id, status, now));
    return ok(viewOrder(order, now));
  });

  ops.post('/pay-codes', async (request) => {
    const body = parseOps(issueBody, request.body);
    const payCode = await issuePayCode(db, {
      orderId: body.orderId,
      purpose: body.purpose,
      channelNumber: body.channelNumber,
      amountMinor: body.amount,
      now: clock.now(),
      provider: deps.payments,
    });
    return ok(payCode);
  });

  ops.post('/pay-codes/:code/paid', async (request) => {
    const { code } = parseOps(codeParams, request.params);
    const { providerRef } = parseOps(paidBody, request.body);
    const { result, replay } = await applyPaidPayCode(db, { code, providerRef, now: clock.now() });
    return ok(result, replay ? 'already applied' : 'success');
  });

  /** A bank card the borrower can repay with (the answer carries only the masked number); the same card again answers the one on file. */
  ops.post('/bank-cards', async (request) => {
    const body = parseOps(bankCardBody, request.body);
    const borrower = await findBorrower(db, { id: body.borrowerId });
    if (!borrower) throw notFound(`borrowerId ${body.borrowerId} does not exist`);
    const { card, added } = await db.transaction((tx) =>
      addRepaymentCard(tx, deps.cardData, { borrowerId: borrower.id, bankName: body.bankName, bankCode: body.bankCode, cardNo: body.cardNo, now: clock.now() }),
    );
    return ok({ id: card.id, bankName: card.bankName, bankCode: card.bankCode, cardNo: card.maskedNo }, added ? 'success' : 'already on file');
  });

  ops.get('/clock', async () => ok({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() }));

  /** The demo's page links with a new demo session (the start that seeded the demo printed them once). */
  ops.get('/demo-links', async () => {
    const links = await demoLinks(db, config, { newSessionAt: clock.now() });
    if (!links) throw notFound('No demo data in this database (SEED_DEMO seeds it into an empty one)');
    return ok(links);
  });

  ops.post('/clock/advance', async (request) => {
    const { days } = parseOps(advanceBody, request.body);
    const now = await clock.advance(Math.round(days * DAY_MS));
    return ok({ now: now.toISOString(), offsetMs: clock.offsetMs() });
  });

  ops.get('/complaints', async (request) => {
    const { borrowerId, open } = parseOps(complaintsQuery, request.query);
    return ok({ items: (await listComplaints(db, { borrowerId, open: open === '1' }, 50)).map(complaintView) });
  });

  ops.get('/complaints/:id', async (request) => {
    const { id } = parseOps(idParams, request.params);
    const complaint = await findComplaint(db, id);
    if (!complaint) throw notFound(`Complaint ${id} does not exist`);
    return ok(complaintView(complaint));
  });

  ops.post('/complaints/:id/reply', async (request) => {
    const { id } = parseOps(idParams, request.params);
    const body = parseOps(replyBody, request.body);
    const replied = await replyToComplaint(db, id, { ...body, now: clock.now() });
    if (!replied) throw notFound(`Complaint ${id} does not exist`);
    return ok(replied);
  });

  ops.get('/sms-outbox', async (request) => {
    const { phone } = parseOps(outboxQuery, request.query);
    return ok({ items: await listSmsOutbox(db, phone, 50) });
  });

  registerBindBankOps(ops, deps);

  ops.get('/captchas/:sid', async (request) => {
    const { sid } = parseOps(sidParams, request.params);
    const captcha = await findCaptcha(db, sid);
    if (!captcha) throw notFound(`Captcha ${sid} does not exist`);
    return ok(captcha);
  });

  // The landing's visit and click counts and its registrations.
  registerPromotionOps(ops, deps);
}
