/**
 * The erasure run on a real database (issue 39): a settled borrower who confirmed a loan (the
 * agreement names them), repaid it, bound a card, filed a complaint with a photo, got reminders and
 * SMS, asked for a correction and signed up through a promotion asks to be erased; the officer
 * approves. Afterwards no column of any table holds their name or phone, their photo is gone from
 * the store, the books still balance, the sealed identity opens to what the law keeps, and another
 * borrower is untouched. A borrower with an open loan waits until it closes; the retention job
 * anonymises a borrower whose retention has ended and deletes a sealed identity past its day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, dataRequestRoute, problemSaveRoute, uploadProblemImgRoute, type PrivacyRequestRow, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { query } from '../../test-support/test-app.ts';
import { IMAGES, multipart } from '../../test-support/test-images.ts';
import { findNumbersInDatabase } from '../../test-support/number-search.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { loadOrder, moveOrder } from '../../domain/orders/service.ts';
import { findBorrower, findBorrowerRecord } from '../../domain/borrowers/service.ts';
import { openRetained, retainedIdentityOf } from '../../domain/borrowers/erasure.ts';
import { consentEventsOf } from '../../domain/borrowers/consents.ts';
import { balancesBetween } from '../../domain/books/store.ts';
import { insertRegistration, insertSmsCode } from '../promotion/store.ts';
import { insertTrackingEvent } from '../order-details/store.ts';
import { personalDataSections } from '../index.ts';
import { runRetentionPass } from './retention-job.ts';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every text-like column of every table holding `text` (case-insensitive), as table.column. */
async function columnsHolding(db: Harness['t']['db'], text: string): Promise<string[]> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema()`,
  );
  const found: string[] = [];
  for (const c of columns) {
    const value = c.data_type === 'bytea' ? `encode(${quote(c.column_name)}, 'escape')` : `${quote(c.column_name)}::text`;
    const { rows } = await db.query(`SELECT 1 FROM ${quote(c.table_name)} WHERE strpos(lower(${value}), lower($1)) > 0 LIMIT 1`, [text]);
    if (rows.length > 0) found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

interface Someone {
  borrowerId: number;
  session: SessionParams;
  name: string;
  phone: string;
  orderId: number;
  imageKey: string;
}

describe('the erasure run', () => {
  let h: Harness;
  let dpo: TestStaff;
  let ana: Someone;
  let ben: Someone;
  const ops = (url: string, payload: object) => h.t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.t.config.OPS_TOKEN}` }, payload });

  /** Pays the rest of the order (early repayment has opened by then). */
  async function settle(orderId: number): Promise<void> {
    const order = (await loadOrder(h.t.db, orderId))!;
    const issued = await ops('/ops/pay-codes', { orderId, purpose: 'repay', amount: order.principalMinor + order.interestMinor + order.feeMinor - order.paidMinor });
    expect(issued.statusCode, issued.body).toBe(200);
    expect((await h.markPaid(issued.json().data.code as string)).body.code).toBe(0);
    expect((await loadOrder(h.t.db, orderId))!.status).toBe(ORDER_STATUS.settled);
  }

  /** Confirms a loan (its agreement written with the name and phone), binds a card, files a complaint with a photo. */
  async function someone(name: string, phone: string, cardNo: string): Promise<Someone> {
    const { borrowerId, session } = await h.t.newBorrower({ name, mobilePhone: phone });
    const productId = h.productIds[0]!;
    const orderId = await h.confirmLoan(session, productId, { amount: '500000', periods: '91' });
    await moveOrder(h.t.db, orderId, ORDER_STATUS.disbursing, h.t.clock.now());
    await moveOrder(h.t.db, orderId, ORDER_STATUS.repaying, h.t.clock.now());
    const order = (await loadOrder(h.t.db, orderId))!;
    await h.card(borrowerId, cardNo);
    const uploaded = await h.t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart('problemImage', { name: 'photo.png', type: 'image/png', bytes: IMAGES.png }) });
    const image = uploaded.json().data.url as string;
    const filed = await h.call(problemSaveRoute, session, { problemType: '3', problemSonType: '', problemDetail: `${name}: my payment is not shown. Call me on ${phone}.`, problemImage: image, orderNo: order.orderNo });
    expect(filed.body.code).toBe('00');
    expect((await ops(`/ops/complaints/${filed.body.data.problemId}/reply`, { disposeDetail: `We are sorry, ${name}: it is fixed.` })).json().code).toBe(0);
    const { rows } = await h.t.db.query<{ storage_key: string }>('SELECT storage_key FROM complaint_images WHERE borrower_id = $1', [borrowerId]);
    return { borrowerId, session, name, phone, orderId, imageKey: rows[0]!.storage_key };
  }

  beforeAll(async () => {
    h = await createHarness();
    ana = await someone('Analyn Reyes-Villanueva', '9171112233', '4000123412344821');
    ben = await someone('Benito Cruzado', '9179998877', '4000567856781111');
    // 50 days on, early repayment is open: Ana settles hers, Ben pays part of his.
    await h.advance(50 * 86_400_000);
    await settle(ana.orderId);
    const part = await ops('/ops/pay-codes', { orderId: ben.orderId, purpose: 'repay', amount: 50_000 });
    expect((await h.markPaid(part.json().data.code as string)).body.code).toBe(0);
    expect(await ops('/ops/reminders/run', {}).then((r) => r.statusCode)).toBe(200);
    // Ana asked for a correction once, and came through a promotion landing.
    expect((await h.call(dataRequestRoute, ana.session, { kind: 'correction', field: 'other', value: `My address is wrong, ${ana.name}` })).body.code).toBe(0);
    await h.t.db.transaction(async (tx) => {
      const now = h.t.clock.now();
      const smsCodeId = await insertSmsCode(tx, { phone: ana.phone, merchantNumber: 'M0001', code: '123456', sid: 'sid-ana', clientIp: '203.0.113.7', now, expiresAt: new Date(now.getTime() + 300_000) });
      await insertRegistration(tx, { borrowerId: ana.borrowerId, smsCodeId, now, templateId: null, inviteCode: 'INV-ANA', userFrom: 'fb', appFrom: '', utmTag: 'spring', appName: 'PesoNow', deviceId: 'device-of-ana', clientIp: '203.0.113.7' });
    });
    await insertTrackingEvent(h.t.db, { borrowerId: ana.borrowerId, kind: 'app_rating', data: { score: '4' }, now: h.t.clock.now() });
    dpo = await signedInStaff(h.t, ['dpo']);
  });
  afterAll(() => h.t.close());

  const requestOf = async (refNo: string) => {
    const list = (await dpo.call('GET', '/privacy/requests?state=all&pageSize=100')).json().data as { items: PrivacyRequestRow[] };
    return list.items.find((r) => r.refNo === refNo)!;
  };

  it('erases a settled borrower in one approval: no column holds the name or phone, the photo is gone, the books balance, the law keeps a sealed copy', async () => {
    const booksBefore = await balancesBetween(h.t.db, { from: null, to: '2999-12-31' });
    expect(await columnsHolding(h.t.db, ana.name)).not.toEqual([]);
    expect(await h.t.storage.read!(ana.imageKey)).not.toBeNull();

    const asked = (await h.call(dataRequestRoute, ana.session, { kind: 'erasure' })).body.data as { refNo: string };
    const approved = await dpo.call('POST', `/privacy/requests/${(await requestOf(asked.refNo)).id}/decide`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const done = approved.json().data as PrivacyRequestRow;
    expect(done.state).toBe('done');
    // The loan settled on 2026-12-21 (Manila): kept 5 years under the AMLA.
    expect(done.reason).toBe(
      'Your data is erased. Your loan and payment records are kept, with your name and phone sealed, until 2031-12-21 as the law requires; then they are anonymised too.',
    );

    // Nowhere: every column of every table, the name and its parts, the phone in any written form.
    expect(await columnsHolding(h.t.db, ana.name)).toEqual([]);
    expect(await columnsHolding(h.t.db, 'Villanueva')).toEqual([]);
    expect((await findNumbersInDatabase(h.t.db, [ana.phone])).found).toEqual([]);
    expect(await columnsHolding(h.t.db, 'device-of-ana')).toEqual([]);
    expect(await columnsHolding(h.t.db, 'INV-ANA')).toEqual([]);
    expect(await h.t.storage.read!(ana.imageKey)).toBeNull();
    expect((await h.t.db.query('SELECT 1 FROM tracking_events WHERE borrower_id = $1', [ana.borrowerId])).rows).toEqual([]);

    // The books are as they were; the order, its payments and the journal keep the borrower's id.
    expect(await balancesBetween(h.t.db, { from: null, to: '2999-12-31' })).toEqual(booksBefore);
    const order = (await loadOrder(h.t.db, ana.orderId))!;
    expect(order).toMatchObject({ borrowerId: ana.borrowerId, status: ORDER_STATUS.settled });
    expect((await h.t.db.query('SELECT 1 FROM journal_entries WHERE order_id = $1', [ana.orderId])).rows.length).toBeGreaterThan(0);
    // The agreement that named her is redacted (once: the table refuses any other change).
    const docs = (await h.t.db.query<{ id: number; body: string; redacted_at: Date | null }>('SELECT id, body, redacted_at FROM confirmed_documents WHERE order_id = $1', [ana.orderId])).rows;
    expect(docs.filter((d) => d.redacted_at !== null).length).toBeGreaterThan(0);
    expect(docs.filter((d) => d.body.includes('[erased]')).map((d) => d.id)).toEqual(docs.filter((d) => d.redacted_at !== null).map((d) => d.id));
    await expect(h.t.db.query(`UPDATE confirmed_documents SET body = 'x', redacted_at = now() WHERE id = $1`, [docs.find((d) => d.redacted_at !== null)!.id])).rejects.toThrow(/immutable/);

    // Every consent withdrawn on the ledger; the session is gone; the borrower's row is no one's.
    const consents = await consentEventsOf(h.t.db, ana.borrowerId);
    expect(consents.filter((e) => e.channel === 'erasure').map((e) => [e.purpose, e.granted])).toEqual([
      ['loan_servicing', false],
      ['payment_reminders', false],
      ['marketing', false],
      ['credit_bureau', false],
    ]);
    expect(await findBorrower(h.t.db, { id: ana.borrowerId })).toMatchObject({ name: '', mobilePhone: `erased:${ana.borrowerId}` });
    // The language kept for them goes with the rest of the profile.
    expect((await findBorrowerRecord(h.t.db, ana.borrowerId))!.lang).toBeNull();
    const withOldSession = await h.call(dataRequestRoute, ana.session, { kind: 'erasure' });
    expect(withOldSession.body.code).not.toBe(0);

    // What the law keeps is sealed, and opens to the identity and the agreement as confirmed.
    const retained = (await retainedIdentityOf(h.t.db, ana.borrowerId))!;
    expect(retained).toMatchObject({ keepUntil: '2031-12-21', law: expect.stringMatching(/^Anti-Money Laundering Act/) });
    expect(retained.sealed).not.toContain(ana.name);
    const opened = openRetained(h.t.cardData, ana.borrowerId, retained.sealed) as { identity: { name: string; mobilePhone: string }; documents: Array<{ body: string }> };
    expect(opened.identity).toMatchObject({ name: ana.name, mobilePhone: ana.phone });
    expect(opened.documents.some((d) => d.body.includes(ana.name))).toBe(true);

    // The borrower was told on the phone they had, and then the outbox forgot it too.
    expect(await h.outbox(ana.phone)).toEqual([]);

    // The audit entry says what was erased.
    const audit = await h.t.db.query<{ after: { erased: Record<string, number> } }>(`SELECT after FROM staff_audit WHERE action = 'privacy.decide' AND target_id = $1`, [asked.refNo]);
    expect(audit.rows[0]!.after.erased).toMatchObject({ profile: 1, accounts: 1, complaints: 2, paymentReminders: expect.any(Number) });

    // Ben is untouched.
    expect(await columnsHolding(h.t.db, ben.name)).toContain('borrowers.name');
    expect(await h.t.storage.read!(ben.imageKey)).not.toBeNull();
  });

  it('an approved erasure waits while a loan is open, and the retention job carries it out once the loan closes', async () => {
    const asked = (await h.call(dataRequestRoute, ben.session, { kind: 'erasure' })).body.data as { refNo: string };
    const approved = (await dpo.call('POST', `/privacy/requests/${(await requestOf(asked.refNo)).id}/decide`, { decision: 'approve' })).json().data as PrivacyRequestRow;
    expect(approved).toMatchObject({ state: 'approved', reason: 'Approved: we erase your data as soon as your loan is closed.' });
    const deps = { db: h.t.db, clock: h.t.clock, config: h.t.config, cardData: h.t.cardData, storage: h.t.storage, sms: h.t.sms };
    expect((await runRetentionPass(deps, personalDataSections(h.t))).erasures).toEqual([]);
    expect((await findBorrower(h.t.db, { id: ben.borrowerId }))!.name).toBe(ben.name);

    await settle(ben.orderId);
    expect((await runRetentionPass(deps, personalDataSections(h.t))).erasures).toEqual([asked.refNo]);
    expect((await requestOf(asked.refNo)).state).toBe('done');
    expect(await columnsHolding(h.t.db, ben.name)).toEqual([]);
    expect((await findNumbersInDatabase(h.t.db, [ben.phone])).found).toEqual([]);
  });

  it('the retention job deletes a sealed identity once its day has passed, and anonymises a borrower whose retention has ended', async () => {
    const carla = await h.t.newBorrower({ name: 'Carla Dimaculangan', mobilePhone: '9175550101' });
    await h.order(carla.borrowerId, ORDER_STATUS.settled);
    const deps = { db: h.t.db, clock: h.t.clock, config: h.t.config, cardData: h.t.cardData, storage: h.t.storage, sms: h.t.sms };
    // Five years and two days on: Ana's and Ben's sealed identities have ended, and Carla's retention too.
    await h.advance((5 * 365 + 3) * 86_400_000);
    const pass = await runRetentionPass(deps, personalDataSections(h.t));
    expect(pass.unsealed.sort()).toEqual([ana.borrowerId, ben.borrowerId].sort());
    expect(await retainedIdentityOf(h.t.db, ana.borrowerId)).toBeNull();
    expect(pass.anonymised).toEqual([carla.borrowerId]);
    expect(await columnsHolding(h.t.db, 'Dimaculangan')).toEqual([]);
    // Nothing kept any more: no sealed copy for Carla, and the payout numbers' sealed forms are gone.
    expect(await retainedIdentityOf(h.t.db, carla.borrowerId)).toBeNull();
    expect((await h.t.db.query('SELECT 1 FROM bank_cards WHERE borrower_id = ANY($1::bigint[]) AND card_no_encrypted IS NOT NULL', [[ana.borrowerId, ben.borrowerId]])).rows).toEqual([]);
    // A second pass has nothing to do.
    expect(await runRetentionPass(deps, personalDataSections(h.t))).toEqual({ erasures: [], anonymised: [], unsealed: [] });
  });
});
