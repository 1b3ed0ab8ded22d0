/**
 * Orders in the dev back office (docs/ops.md): an order of a borrower in any status (with the page
 * links that open it), an order with its payments, and the back office's moves (approve, reject,
 * disburse). Mounted inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { ensureOpened } from '../../domain/books/journal.ts';
import { opsIdParams, opsNewOrder, opsOrderMove, type SessionParams } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { createSession, findBorrower, latestSession, type Borrower } from '../../domain/borrowers/service.ts';
import { createOrder, findProduct, listActiveProducts, loadOrder, moveOrder, viewOrder } from '../../domain/orders/service.ts';
import { orderDetailsPath, orderPageQuery } from '../../domain/orders/page-links.ts';
import { listOrderPayments } from '../../domain/payments/payments.ts';

export function registerOrderDetailsOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): void {
  const { db, clock, config } = deps;

  /** The borrower's newest live session, or a fresh one, so every answer carries a ready page query. */
  async function sessionFor(borrower: Borrower): Promise<SessionParams> {
    const now = clock.now();
    const live = await latestSession(db, borrower.id, now);
    if (live) return live;
    const deviceId = 'ops-device';
    const sessionId = await createSession(db, borrower.id, deviceId, now, config.SESSION_TTL_DAYS);
    return { deviceId, userId: borrower.userId, sessionId, merchantNumber: borrower.merchantNumber, mobilePhone: borrower.mobilePhone };
  }

  ops.post('/orders', async (request) => {
    const body = parseInput(opsNewOrder, request.body);
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
          market: body.market,
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
    return opsAnswer({
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
    const { id } = parseInput(opsIdParams, request.params);
    const order = await loadOrder(db, id);
    if (!order) throw notFound(`Order ${id} does not exist`);
    const view = viewOrder(order, clock.now());
    return opsAnswer({ ...view, payments: await listOrderPayments(db, order.id) });
  });

  ops.post('/orders/:id/status', async (request) => {
    const { id } = parseInput(opsIdParams, request.params);
    const { status } = parseInput(opsOrderMove, request.body);
    const now = clock.now();
    const order = await db.transaction(async (tx) => {
      const moved = await moveOrder(tx, id, status, now);
      // Paid out by hand (no payout provider): the books open it from its ledger.
      await ensureOpened(tx, moved, now);
      return moved;
    });
    return opsAnswer(viewOrder(order, now));
  });
}
