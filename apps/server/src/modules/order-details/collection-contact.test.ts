/**
 * Who handles an overdue order (issue 38, loan-details/collector): the agency, the collector holding
 * it and the phone, for the borrower's own overdue order only; and the "I dispute this amount" link's
 * complaint (collection type, sub-type 17) files on it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_PROBLEM_TYPE,
  DISPUTE_PROBLEM_SON_TYPE,
  callUrlPath,
  loanCollectorRoute,
  problemInitRoute,
  problemSaveRoute,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct, type OrderRow } from '../../domain/orders/service.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { ORDER_NOT_FOUND } from './service.ts';

const COLLECTIONS_AGENCY = 'Manila Recovery Partners';
const COLLECTIONS_PHONE = '+63 2 8123 4567';
let staffCounter = 0;

describe('loan-details/collector: who handles an overdue order', () => {
  let t: TestApp;
  let productIds: number[];
  let leadId: number;
  beforeAll(async () => {
    t = await createTestApp({ COLLECTIONS_AGENCY, COLLECTIONS_PHONE });
    productIds = await seedCatalog(t.db);
    leadId = await staffMember('Lead Lara', 'collections_lead');
  });
  afterAll(() => t.close());

  /** A staff account made straight in the database (migrations 020 and 039): nobody signs in as it here. */
  async function staffMember(name: string, role: 'collector' | 'collections_lead'): Promise<number> {
    const now = t.clock.now();
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO staff_accounts (email, name, roles, password_hash, created_at, password_changed_at)
       VALUES ($1, $2, ARRAY[$3]::text[], 'scrypt$not-a-real-hash', $4, $4) RETURNING id`,
      [`collections${++staffCounter}@lender.test`, name, role, now],
    );
    return Number(rows[0]!.id);
  }

  async function assign(order: OrderRow, collectorId: number): Promise<void> {
    await t.db.query('INSERT INTO collection_assignments (order_id, staff_id, assigned_by, assigned_at) VALUES ($1, $2, $3, $4)', [
      order.id,
      collectorId,
      leadId,
      t.clock.now(),
    ]);
  }

  async function orderFor(borrowerId: number, status: OrderStatus): Promise<OrderRow> {
    const product = (await findProduct(t.db, productIds[0]!))!;
    return createOrder(t.db, { borrower: { id: borrowerId, isRepeat: false }, product, status }, t.clock.now());
  }

  async function collector(session: Partial<SessionParams>, ids: { productId: number; orderId: number }) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${callUrlPath(loanCollectorRoute)}?${query({ ...(session as Record<string, string>), productId: String(ids.productId), orderId: String(ids.orderId) })}`,
    });
    return { status: res.statusCode, body: res.json() };
  }
  const of = (order: OrderRow) => ({ productId: order.productId, orderId: order.id });

  it('answers the agency, the collector holding the order and the phone for an overdue order', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await orderFor(borrowerId, 180);
    await assign(order, await staffMember('Ana Reyes', 'collector'));
    const { status, body } = await collector(session, of(order));
    expect(status).toBe(200);
    expect(body).toEqual({
      code: 0,
      message: 'success',
      data: { orderNo: order.orderNo, agency: COLLECTIONS_AGENCY, agentName: 'Ana Reyes', phone: COLLECTIONS_PHONE },
    });
  });

  it('answers the agency and phone with no agent while no collector holds the overdue order (the desk handles it)', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await orderFor(borrowerId, 180);
    const { body } = await collector(session, of(order));
    expect(body.data).toEqual({ orderNo: order.orderNo, agency: COLLECTIONS_AGENCY, agentName: null, phone: COLLECTIONS_PHONE });
  });

  it('answers null for an order that is not overdue, even one a collector held before', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const agent = await staffMember('Ben Cruz', 'collector');
    for (const status of [21, 110, 151, 170, 174, 200] as const) {
      const order = await orderFor(borrowerId, status);
      if (status === 200) await assign(order, agent);
      const { status: http, body } = await collector(session, of(order));
      expect(http, String(status)).toBe(200);
      expect(body, String(status)).toEqual({ code: 0, message: 'success', data: null });
    }
  });

  it("refuses another borrower's order, a missing one and the wrong product with loan-details' not-found answer", async () => {
    const owner = await t.newBorrower();
    const other = await t.newBorrower();
    const order = await orderFor(owner.borrowerId, 180);
    await assign(order, await staffMember('Carla Diaz', 'collector'));
    const notFound = { code: 404, message: ORDER_NOT_FOUND, data: null };
    const foreign = await collector(other.session, of(order));
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(notFound);
    expect((await collector(other.session, { productId: order.productId, orderId: 999_999 })).body).toEqual(notFound);
    expect((await collector(owner.session, { productId: productIds[1]!, orderId: order.id })).body).toEqual(notFound);
    // Without a session, or without the order, nothing is read.
    expect((await collector({}, of(order))).body).toMatchObject({ code: 401, data: null });
    const noOrder = await t.app.inject({ method: 'GET', url: `${callUrlPath(loanCollectorRoute)}?${query({ ...owner.session, productId: String(order.productId) })}` });
    expect(noOrder.json()).toEqual({ code: 400, message: 'orderId is required', data: null });
  });

  it('files the "I dispute this amount" complaint (collection type, sub-type 17) on the overdue order', async () => {
    const { borrowerId, session } = await t.newBorrower();
    const order = await orderFor(borrowerId, 180);
    const init = await t.app.inject({ method: 'POST', url: `${callUrlPath(problemInitRoute)}?${query(session)}`, headers: FORM_HEADERS, payload: form({ orderId: order.id }) });
    expect(init.json().data.problemSonType.at(-1)).toEqual({ value: DISPUTE_PROBLEM_SON_TYPE, title: 'I dispute this amount' });
    const { orderNo } = (await collector(session, of(order))).body.data;
    const saved = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(problemSaveRoute)}?${query(session)}`,
      headers: FORM_HEADERS,
      payload: form({ problemType: COLLECTION_PROBLEM_TYPE, problemSonType: DISPUTE_PROBLEM_SON_TYPE, problemDetail: 'The late penalty is wrong.', problemImage: '', orderNo }),
    });
    expect(saved.json()).toMatchObject({ code: '00', data: { problemId: expect.any(Number) } });
    const stored = await t.db.query('SELECT order_no, problem_type, problem_son_type FROM complaints WHERE id = $1', [saved.json().data.problemId]);
    expect(stored.rows).toEqual([{ order_no: order.orderNo, problem_type: COLLECTION_PROBLEM_TYPE, problem_son_type: DISPUTE_PROBLEM_SON_TYPE }]);
  });
});
