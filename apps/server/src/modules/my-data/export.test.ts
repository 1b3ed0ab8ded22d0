/**
 * "My data"'s export on a real database: a borrower with a loan, a payment, a bound card, a complaint
 * with a photo and a reply, a reminder sent and a promotion sign-up, beside another borrower with
 * their own; the JSON holds the first one's facts and none of the other's, and the PDF reads back
 * (with pdfjs, as the records tests read theirs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, problemSaveRoute, uploadProblemImgRoute, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { query } from '../../test-support/test-app.ts';
import { IMAGES, multipart } from '../../test-support/test-images.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import type { OrderRow } from '../../domain/orders/service.ts';
import { personalDataSections } from '../index.ts';
import { insertTrackingEvent } from '../order-details/store.ts';
import { insertRegistration, insertSmsCode } from '../promotion/store.ts';
import { collectPersonalData, exportJson, type PersonalDataExport, type PersonalDataRow } from './export.ts';
import { personalDataPdf } from './pdf.ts';

async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    for (const item of content.items) if ('str' in item) parts.push(item.str);
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { text: parts.join(' ').replace(/\s+/g, ' '), pages };
}



interface Someone {
  borrowerId: number;
  session: SessionParams;
  name: string;
  phone: string;
  order: OrderRow;
  paymentRef: string;
  complaintDetail: string;
  ticketNo: string;
}

describe("the borrower's data export", () => {
  let h: Harness;
  let ana: Someone;
  let ben: Someone;

  const ops = (url: string, payload: object) => h.t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${h.t.config.OPS_TOKEN}` }, payload });
  const exportOf = (who: Someone) => collectPersonalData(h.t.db, { id: who.borrowerId, mobilePhone: who.phone, name: who.name }, personalDataSections(h.t), h.t.clock.now());
  const part = (data: PersonalDataExport, key: string): PersonalDataRow[] => {
    const found = data.parts.find((p) => p.key === key);
    if (!found) throw new Error(`no part ${key}`);
    return found.rows;
  };

  async function someone(name: string, phone: string, paymentRef: string, complaintDetail: string): Promise<Someone> {
    const { borrowerId, session } = await h.t.newBorrower({ name, mobilePhone: phone });
    // Due in 2 days: a payment takes part of it, and the 3-days-before reminder is due.
    const order = await h.order(borrowerId, ORDER_STATUS.due, { dueInDays: 2 });
    const issued = await ops('/ops/pay-codes', { orderId: order.id, purpose: 'repay', amount: 50_000 });
    expect(issued.statusCode).toBe(200);
    expect((await h.markPaid(issued.json().data.code as string, paymentRef)).body.code).toBe(0);
    await h.card(borrowerId, phone === '9171112233' ? '4000123412344821' : '4000567856781111');
    const uploaded = await h.t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart('problemImage', { name: 'photo.png', type: 'image/png', bytes: IMAGES.png }) });
    const image = uploaded.json().data.url as string;
    const filed = await h.call(problemSaveRoute, session, { problemType: '3', problemSonType: '', problemDetail: complaintDetail, problemImage: image, orderNo: order.orderNo });
    expect(filed.body.code).toBe('00');
    const replied = await ops(`/ops/complaints/${filed.body.data.problemId}/reply`, { disposeDetail: `We are sorry, ${name}: it is fixed.` });
    expect(replied.json().code).toBe(0);
    return { borrowerId, session, name, phone, order, paymentRef, complaintDetail, ticketNo: filed.body.data.ticketNo as string };
  }

  beforeAll(async () => {
    h = await createHarness();
    ana = await someone('Ana Reyes', '9171112233', 'REF-ANA-1', 'Ana: my payment of 500 is not shown in the app.');
    ben = await someone('Benito Cruz', '9179998877', 'REF-BEN-1', 'Benito: the due date on my loan is wrong.');
    const pass = await ops('/ops/reminders/run', {});
    expect(pass.statusCode).toBe(200);
    // Ana rated the app.
    await insertTrackingEvent(h.t.db, { borrowerId: ana.borrowerId, kind: 'app_rating', data: { score: '5' }, now: h.t.clock.now() });
    // Ana came through a promotion landing.
    await h.t.db.transaction(async (tx) => {
      const now = h.t.clock.now();
      const smsCodeId = await insertSmsCode(tx, { phone: ana.phone, merchantNumber: 'M0001', code: '123456', sid: 'sid-ana', clientIp: '203.0.113.7', now, expiresAt: new Date(now.getTime() + 300_000) });
      await insertRegistration(tx, { borrowerId: ana.borrowerId, smsCodeId, now, templateId: null, inviteCode: 'INV-ANA', userFrom: 'fb', appFrom: '', utmTag: 'spring', appName: 'PesoNow', deviceId: 'device-of-ana', clientIp: '203.0.113.7' });
    });
  });
  afterAll(() => h.t.close());

  it('collects the rooms\' parts, then the families\' sections, then the messages, in that order', async () => {
    const data = await exportOf(ana);
    expect(data.borrowerId).toBe(ana.borrowerId);
    expect(data.generatedAt).toBe(h.t.clock.now().toISOString());
    expect(data.parts.map((p) => p.key)).toEqual([
      'profile',
      'consents',
      'accounts',
      'orders',
      'documents',
      'payments',
      'contactAttempts',
      'promisesToPay',
      'breachNotices',
      'complaints',
      'paymentReminders',
      'signUp',
      'appEvents',
      'smsMessages',
    ]);
    expect(part(data, 'profile')).toEqual([
      // The export's own call is in English (no lang): the language kept is the latest call's.
      expect.objectContaining({ name: 'Ana Reyes', mobilePhone: '9171112233', merchantNumber: 'M0001', isRepeat: false, createdAt: expect.stringMatching(/Z$/), language: 'English' }),
    ]);
    expect(part(data, 'consents')).toEqual(
      expect.arrayContaining([expect.objectContaining({ purpose: 'loan_servicing', granted: true, channel: 'sign-up', textVersion: 'v1', textShown: expect.any(String) })]),
    );
  });

  it('holds the order with its plan and ledger, the payment, and the complaint with its ticket, photo and reply', async () => {
    const data = await exportOf(ana);
    const [order] = part(data, 'orders');
    expect(order).toMatchObject({ orderNo: ana.order.orderNo, currency: 'PHP', market: 'PH', principalMinor: ana.order.principalMinor, paidMinor: expect.any(Number) });
    expect((order!.plan as unknown[]).length).toBe(ana.order.periods);
    expect(order!.ledger).toEqual([
      expect.objectContaining({ amountMinor: ana.order.principalMinor + ana.order.interestMinor + ana.order.feeMinor, entry: expect.stringMatching(/^Loan paid out/) }),
      expect.objectContaining({ amountMinor: -50_000, reference: 'sandbox:REF-ANA-1', entry: expect.stringMatching(/^Payment received/) }),
    ]);

    expect(part(data, 'payments')).toEqual([
      expect.objectContaining({ orderNo: ana.order.orderNo, currency: 'PHP', amountMinor: 50_000, reference: 'sandbox:REF-ANA-1', channel: expect.any(String), appliedAt: expect.stringMatching(/Z$/) }),
    ]);

    const [complaint] = part(data, 'complaints');
    expect(complaint).toMatchObject({ ticketNo: ana.ticketNo, orderNo: ana.order.orderNo, type: 'Repayment', detail: ana.complaintDetail, replyText: 'We are sorry, Ana Reyes: it is fixed.' });
    expect(complaint!.images).toEqual([expect.stringContaining('/')]);
    expect(complaint!.repliedAt).toMatch(/Z$/);
  });

  it('shows bound accounts with their last 4 digits only', async () => {
    const data = await exportOf(ana);
    expect(part(data, 'accounts')).toEqual([expect.objectContaining({ kind: 'repayment card', accountNo: expect.stringMatching(/^[* ]+4821$/), current: true })]);
    expect(exportJson(data).content).not.toMatch(/40001234|123412344821/);
  });

  it('holds the reminder sent, its contact attempt, the texts sent to the phone and the promotion sign-up', async () => {
    const data = await exportOf(ana);
    const reminders = part(data, 'paymentReminders');
    expect(reminders).toEqual([expect.objectContaining({ orderNo: ana.order.orderNo, phone: ana.phone, kind: '3 days before the due date', state: 'sent', text: expect.stringContaining(ana.order.orderNo) })]);
    // The reminder is a contact attempt on record; its text is the reminders' row (a collector's message keeps its own).
    expect(part(data, 'contactAttempts')).toEqual([
      expect.objectContaining({ orderNo: ana.order.orderNo, channel: 'sms', by: 'automatic', with: 'borrower', made: true, reference: expect.stringMatching(/^reminder:/), at: expect.stringMatching(/Z$/) }),
    ]);
    const texts = part(data, 'smsMessages').map((m) => m.text);
    expect(texts).toContain(reminders[0]!.text);
    expect(texts.some((t) => String(t).includes(ana.ticketNo))).toBe(true);
    expect(part(data, 'signUp')).toEqual([expect.objectContaining({ inviteCode: 'INV-ANA', deviceId: 'device-of-ana', ipAddress: '203.0.113.7', utmTag: 'spring' })]);
    expect(part(data, 'promisesToPay')).toEqual([]);
    expect(part(data, 'breachNotices')).toEqual([]);
    expect(part(data, 'appEvents')).toEqual([{ what: 'rated the app', details: { score: '5' }, at: expect.stringMatching(/Z$/) }]);
  });

  it("never holds another borrower's rows", async () => {
    const anas = exportJson(await exportOf(ana)).content;
    const bens = exportJson(await exportOf(ben)).content;
    for (const [mine, theirs, other] of [
      [anas, bens, ben],
      [bens, anas, ana],
    ] as const) {
      expect(theirs).toContain(other.order.orderNo);
      for (const fact of [other.order.orderNo, other.name, other.phone, other.paymentRef, other.complaintDetail, other.ticketNo]) expect(mine).not.toContain(fact);
    }
    expect(part(await exportOf(ben), 'signUp')).toEqual([]);
  });

  it('writes the JSON file named for the Manila day, pretty-printed', async () => {
    const data = await exportOf(ana);
    const file = exportJson(data);
    // 2026-11-01T02:00Z is 10:00 in Manila.
    expect(file.fileName).toBe('my-data-2026-11-01.json');
    expect(JSON.parse(file.content)).toEqual(data);
    expect(file.content).toContain('\n  "borrowerId": ');
    expect(exportJson({ ...data, generatedAt: '2026-11-01T17:00:00.000Z' }).fileName).toBe('my-data-2026-11-02.json');
  });

  it('writes a PDF that reads back: the title, the order number, the complaint, "None" for an empty part', async () => {
    const data = await exportOf(ana);
    const bytes = await personalDataPdf(data, { lenderName: 'PesoNow Lending Corp.' });
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Your data held by PesoNow Lending Corp.');
    expect(text).toContain(ana.order.orderNo);
    expect(text).toContain(ana.complaintDetail);
    expect(text).toContain(ana.ticketNo);
    expect(text).toContain('Promises to pay None');
    expect(text).toContain('₱500.00');
    expect(text).toContain('Page 1 of');
    expect(text).not.toContain(ben.order.orderNo);
    // The same facts at the same moment give the same bytes.
    expect(Buffer.from(await personalDataPdf(data, { lenderName: 'PesoNow Lending Corp.' })).equals(Buffer.from(bytes))).toBe(true);
  });
});
