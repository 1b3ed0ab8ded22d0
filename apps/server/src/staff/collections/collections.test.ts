/**
 * The collections desk through the staff API (issue 38): the queue and its buckets, the lead's
 * assignment and round-robin, and every contact a collector makes asked of the contact guard first —
 * refused for the hour, the person, the daily count (shared with the reminder job), a dispute, a
 * complaint against the collector, and India's agent notice not yet sent — each refusal recorded
 * with its reason and nothing sent. The lines the server adds to a template are in its language.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ORDER_STATUS, type QueueRow } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, signInAgain, type TestStaff } from '../../test-support/staff.ts';
import { createOrder, findProduct, type OrderRow } from '../../domain/orders/service.ts';
import { findBorrower, setBorrowerLang } from '../../domain/borrowers/service.ts';
import { attemptsOf, grievanceOfficerOf } from '../../domain/contacts/contacts.ts';
import { sendAgentNotices } from '../../domain/collections/agent-notices.ts';
import { unsentNotices } from '../../domain/collections/store.ts';
import { DISPUTED_LINE } from '../../loan-terms/debt-sms-text.ts';
import { smsCost } from '../../providers/sms/parts.ts';
import { fileComplaint } from '../../modules/complaints/service.ts';
import { replyToComplaint } from '../../modules/complaints/agent-service.ts';
import { runReminderPass } from '../../modules/reminders/job.ts';

const HOUR = 3_600_000;
let h: Harness;
let lead: TestStaff;
let collector: TestStaff;
let other: TestStaff;

beforeEach(async () => {
  h = await createHarness();
  lead = await signedInStaff(h.t, ['collections_lead']);
  collector = await signedInStaff(h.t, ['collector']);
  other = await signedInStaff(h.t, ['collector']);
});
afterEach(() => h.t.close());

/** The test app starts 2026-11-01 10:00 Manila (07:30 Kolkata). Moves the clock to hh:mm Manila of that day or a later one. */
async function toManila(hhmm: string, dayOffset = 0) {
  const [hh, mm] = hhmm.split(':').map(Number);
  const target = Date.UTC(2026, 10, 1 + dayOffset, hh! - 8, mm!);
  await h.advance(target - h.t.clock.now().getTime());
}

async function overdueOrder(daysPastDue: number, market: 'PH' | 'IN' = 'PH'): Promise<{ order: OrderRow; phone: string }> {
  const borrower = await h.t.newBorrower();
  const product = (await findProduct(h.t.db, h.productIds[0]!))!;
  const order = await h.t.db.transaction((tx) =>
    createOrder(tx, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status: ORDER_STATUS.overdue, dueInDays: -daysPastDue, market }, h.t.clock.now()),
  );
  const phone = (await findBorrower(h.t.db, { id: borrower.borrowerId }))!.mobilePhone;
  return { order, phone };
}

const data = (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};

async function assign(orderIds: number[], to: TestStaff = collector) {
  return data(await lead.call('POST', '/collections/assign', { orderIds, collectorId: to.id }));
}

describe('the queue', () => {
  it('lists overdue orders by bucket, most days past due first; a collector sees only the orders they hold', async () => {
    const a = await overdueOrder(3);
    const b = await overdueOrder(40);
    const c = await overdueOrder(95);
    const queue = data(await lead.call('GET', '/collections/queue'));
    const items = queue.items as QueueRow[];
    expect(items.map((i) => [i.orderNo, i.bucket, i.daysPastDue])).toEqual([
      [c.order.orderNo, '91+', 95],
      [b.order.orderNo, '31-60', 40],
      [a.order.orderNo, '1-7', 3],
    ]);
    expect(queue.buckets).toEqual([
      { name: '1-7', count: 1 },
      { name: '8-30', count: 0 },
      { name: '31-60', count: 1 },
      { name: '61-90', count: 0 },
      { name: '91+', count: 1 },
    ]);
    expect(items[2]).toMatchObject({ collector: null, lastContactAt: null, nextCallAt: null, disputed: false, currency: 'PHP' });
    expect(items[2]!.amountDueMinor).toBeGreaterThan(a.order.principalMinor);
    expect(items[2]!.chargesMinor).toBeGreaterThan(0);

    const only = data(await lead.call('GET', '/collections/queue?bucket=31-60'));
    expect((only.items as QueueRow[]).map((i) => i.orderNo)).toEqual([b.order.orderNo]);

    await assign([a.order.id, c.order.id]);
    const mine = data(await collector.call('GET', '/collections/queue?assignee=all'));
    expect((mine.items as QueueRow[]).map((i) => i.orderNo)).toEqual([c.order.orderNo, a.order.orderNo]);
    expect((mine.items as QueueRow[])[0]).toMatchObject({ collector: { id: collector.id }, nextCallAt: h.t.clock.now().toISOString() });
    expect(data(await lead.call('GET', '/collections/queue?assignee=unassigned')).total).toBe(1);

    // Another collector's order: not theirs to open or work.
    expect((await other.call('GET', `/collections/orders/${a.order.id}`)).statusCode).toBe(403);
    expect((await other.call('POST', `/collections/orders/${a.order.id}/calls`, { party: 'borrower' })).statusCode).toBe(403);
  });

  it('round-robin gives the unassigned orders to the collectors in turn, fewest held first; the lead reassigns', async () => {
    const orders = await Promise.all([1, 2, 3, 4, 5].map((d) => overdueOrder(d)));
    await assign([orders[0]!.order.id]);
    expect(data(await lead.call('POST', '/collections/assign/round-robin', {}))).toEqual({ assigned: 4 });
    const collectors = data(await lead.call('GET', '/collections/collectors')).collectors as Array<{ id: number; assigned: number }>;
    expect(collectors.map((c) => c.assigned).sort()).toEqual([2, 3].sort());
    expect(collectors.reduce((s, c) => s + c.assigned, 0)).toBe(5);

    await assign([orders[0]!.order.id], other);
    const page = data(await lead.call('GET', `/collections/orders/${orders[0]!.order.id}`));
    expect((page.order as QueueRow).collector).toMatchObject({ id: other.id });
    const audit = await h.t.db.query<{ action: string; before: unknown }>(`SELECT action, before FROM staff_audit WHERE action = 'collections.assign' ORDER BY id`);
    expect(audit.rows.at(-1)!.before).toEqual({ holders: [{ orderId: orders[0]!.order.id, collectorId: collector.id }] });
    // Only the lead assigns.
    expect((await collector.call('POST', '/collections/assign', { orderIds: [orders[1]!.order.id], collectorId: collector.id })).statusCode).toBe(403);
  });
});

describe('a collector works an order, the guard first', () => {
  it('logs a call and its outcome, records a promise, and sends an approved template, filled by the server', async () => {
    const { order, phone } = await overdueOrder(5);
    await assign([order.id]);
    const call = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    expect(call).toMatchObject({ allowed: true, attemptId: expect.any(Number), nextAllowedAt: null });
    expect(data(await collector.call('POST', `/collections/attempts/${call.attemptId}/outcome`, { outcome: 'reached' }))).toEqual({ outcome: 'reached' });
    expect((await collector.call('POST', `/collections/attempts/${call.attemptId}/outcome`, { outcome: 'no_answer' })).statusCode).toBe(409);

    const promised = data(await collector.call('POST', `/collections/orders/${order.id}/promises`, { promisedOn: '2026-11-03', amountMinor: 100_000 }));
    expect(promised).toMatchObject({ promisedOn: '2026-11-03', amountMinor: 100_000, state: 'open' });

    const page = data(await collector.call('GET', `/collections/orders/${order.id}`));
    const template = (page.templates as Array<{ id: number; name: string; text: string }>).find((t) => t.name === 'Payment reminder')!;
    expect(template.text).toContain(order.orderNo);
    expect(template.text).toContain('PesoNow Collections Desk');
    expect(template.text).not.toMatch(/\{\w+\}/);
    const sent = data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId: template.id }));
    expect(sent).toMatchObject({ allowed: true, text: template.text });
    expect(await h.outbox(phone)).toContain(template.text);

    const after = data(await collector.call('GET', `/collections/orders/${order.id}`));
    expect((after.attempts as Array<Record<string, unknown>>).map((a) => [a.channel, a.allowed, a.outcome])).toEqual([
      ['sms', true, null],
      ['call', true, 'reached'],
    ]);
    expect(after.promises).toHaveLength(1);
    const actions = (await h.t.db.query<{ action: string }>(`SELECT action FROM staff_audit WHERE staff_id = $1 ORDER BY id`, [collector.id])).rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['collections.call', 'collections.outcome', 'collections.promise', 'collections.message']));
  });

  it('is refused at 22:30 Manila with the next allowed time (06:00), and the refusal is recorded; long overdue or with consent, the hours do not bind', async () => {
    const { order } = await overdueOrder(5);
    const late = await overdueOrder(20);
    const consenting = await overdueOrder(5);
    await assign([order.id, late.order.id, consenting.order.id]);
    // The consent is recorded (with its time) before the night.
    expect(data(await collector.call('POST', `/collections/orders/${consenting.order.id}/hours-consent`, { given: true })).hoursConsentAt).toBe(h.t.clock.now().toISOString());
    await toManila('22:30');
    collector = await signInAgain(h.t, collector);
    const refused = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    expect(refused).toEqual({ allowed: false, attemptId: expect.any(Number), message: 'Contact about a debt only between 06:00 and 22:00 Manila time.', nextAllowedAt: '2026-11-01T22:00:00.000Z' });
    const recorded = (await attemptsOf(h.t.db, order.borrowerId)).at(-1)!;
    expect(recorded).toMatchObject({ allowed: false, refusal: 'hours', orderId: order.id, nextAllowedAt: new Date('2026-11-01T22:00:00.000Z') });
    const audit = await h.t.db.query<{ action: string; outcome: string }>(`SELECT action, outcome FROM staff_audit WHERE staff_id = $1 ORDER BY id DESC LIMIT 1`, [collector.id]);
    expect(audit.rows[0]).toEqual({ action: 'collections.call-refused', outcome: 'done' });

    expect(data(await collector.call('POST', `/collections/orders/${late.order.id}/calls`, { party: 'borrower' })).allowed).toBe(true);
    expect(data(await collector.call('POST', `/collections/orders/${consenting.order.id}/calls`, { party: 'borrower' })).allowed).toBe(true);
  });

  it('never contacts anyone but the borrower (the product keeps no named guarantor)', async () => {
    const { order } = await overdueOrder(5);
    await assign([order.id]);
    for (const party of ['other', 'guarantor', 'co_maker']) {
      const refused = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party }));
      expect(refused).toMatchObject({ allowed: false, message: 'Only the borrower, or a guarantor or co-maker the borrower named, may be contacted about the debt.' });
    }
    expect((await attemptsOf(h.t.db, order.borrowerId)).map((a) => a.refusal)).toEqual(['party', 'party', 'party']);
  });

  it('counts the day across the reminder job and the collectors: 3 calls, 2 messages', async () => {
    const { order, phone } = await overdueOrder(2);
    await assign([order.id]);
    for (let i = 0; i < 3; i++) expect(data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' })).allowed).toBe(true);
    const fourth = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    expect(fourth).toMatchObject({ allowed: false, message: 'This borrower has had 3 calls today, the most a day allows (3).', nextAllowedAt: '2026-11-01T22:00:00.000Z' });

    // The reminder job sends the overdue reminder (one message), then the collector one template; a third message is refused.
    const pass = await runReminderPass({ db: h.t.db, clock: h.t.clock, sms: h.t.sms, config: h.t.config });
    expect(pass.sent.map((s) => s.orderId)).toEqual([order.id]);
    const page = data(await collector.call('GET', `/collections/orders/${order.id}`));
    const templateId = (page.templates as Array<{ id: number }>)[0]!.id;
    expect(data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId })).allowed).toBe(true);
    const third = data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId }));
    expect(third).toMatchObject({ allowed: false, message: 'This borrower has had 2 messages today, the most a day allows (2).', text: null });
    expect(await h.outbox(phone)).toHaveLength(2);
    expect((await attemptsOf(h.t.db, order.borrowerId)).filter((a) => !a.allowed).map((a) => a.refusal)).toEqual(['frequency', 'frequency']);
  });
});

describe('disputes and complaints stop collection', () => {
  it('a dispute stops the collector\'s messages until the lead resolves it; the reminder says the debt is disputed', async () => {
    const { order, phone } = await overdueOrder(2);
    await assign([order.id]);
    const page = data(await collector.call('GET', `/collections/orders/${order.id}`));
    const templateId = (page.templates as Array<{ id: number }>)[0]!.id;
    // The borrower's language, for the collector to pick a template in: none before their first call.
    expect((page.order as { borrowerLang: string | null }).borrowerLang).toBeNull();
    await setBorrowerLang(h.t.db, order.borrowerId, 'fil');
    // A template the admin wrote in Filipino: the disputed label the server adds is in Filipino too.
    const admin = await signedInStaff(h.t, ['admin']);
    data(await admin.call('POST', '/collections/templates', { name: 'Paalala', market: 'PH', lang: 'fil', body: 'Magandang araw {borrowerName}, may {amountDue} pa sa loan {orderNo}.' }));
    const call = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    await collector.call('POST', `/collections/attempts/${call.attemptId}/outcome`, { outcome: 'dispute' });
    const disputed = data(await collector.call('GET', `/collections/orders/${order.id}`));
    expect(disputed.dispute).toMatchObject({ reason: 'The borrower disputed the debt on a call.', resolvedAt: null });
    expect((disputed.order as { borrowerLang: string | null }).borrowerLang).toBe('fil');
    const filled = new Map((disputed.templates as Array<{ name: string; lang: string; text: string }>).map((t) => [t.name, t]));
    expect(filled.get('Payment reminder')).toMatchObject({ lang: 'en', text: expect.stringMatching(/^This amount is disputed and under review\. Hello /) });
    expect(filled.get('Paalala')).toMatchObject({ lang: 'fil', text: expect.stringMatching(/^Tinututulan ang halagang ito at sinusuri pa\. Magandang araw /) });
    expect(filled.get('Paalala')!.text).not.toContain(DISPUTED_LINE);

    const refused = data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId }));
    expect(refused).toMatchObject({ allowed: false, message: 'The borrower disputes this debt: no collection message until the collections lead resolves the dispute.' });
    await runReminderPass({ db: h.t.db, clock: h.t.clock, sms: h.t.sms, config: h.t.config });
    const [reminder] = await h.outbox(phone);
    expect(reminder!.startsWith(`${DISPUTED_LINE} `)).toBe(true);

    expect((await collector.call('POST', `/collections/orders/${order.id}/dispute/resolve`, { resolution: 'Checked' })).statusCode).toBe(403);
    const resolved = data(await lead.call('POST', `/collections/orders/${order.id}/dispute/resolve`, { resolution: 'The amount is right: the late charge is within the cap.' }));
    expect(resolved).toMatchObject({ resolution: 'The amount is right: the late charge is within the cap.', resolvedAt: expect.any(String) });
    expect(data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId })).allowed).toBe(true);
  });

  it("a collection complaint against the collector stops that collector's contacts until it is answered; 'I dispute this amount' opens a dispute", async () => {
    const { order } = await overdueOrder(4);
    await assign([order.id]);
    const borrower = (await findBorrower(h.t.db, { id: order.borrowerId }))!;
    const deps = { db: h.t.db, clock: h.t.clock, sms: h.t.sms, config: h.t.config };
    const filed = await fileComplaint(deps, borrower, { problemType: '1', problemSonType: '11', problemDetail: 'The collector shouted at me.', problemImage: [], orderNo: order.orderNo } as never);
    const refused = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    expect(refused).toMatchObject({ allowed: false, message: "The borrower's complaint against this collector is not answered yet: the collector does not contact the borrower until it is." });
    const page = data(await lead.call('GET', `/collections/orders/${order.id}`));
    expect(page.complaints).toEqual([{ ticketNo: filed.ticketNo, against: expect.stringContaining('collector'), createdAt: expect.any(String), answered: false }]);

    await h.t.db.transaction((tx) => replyToComplaint(tx, filed.problemId, { disposeDetail: 'We spoke to the collector.', disposeImages: [], isNeedScore: 0 }, h.t.clock.now()));
    expect(data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' })).allowed).toBe(true);

    const dispute = await fileComplaint(deps, borrower, { problemType: '1', problemSonType: '17', problemDetail: 'The late charge is wrong.', problemImage: [], orderNo: order.orderNo } as never);
    const after = data(await lead.call('GET', `/collections/orders/${order.id}`));
    expect(after.dispute).toMatchObject({ openedBy: 'Borrower', complaintTicketNo: dispute.ticketNo, resolvedAt: null });
  });
});

describe("India: the agent's notice first, and 08:00-19:00 Kolkata", () => {
  it('sends the notice naming the agent, agency, phone and grievance officer inside the hours, and refuses the collector until it is sent', async () => {
    // 10:00 Manila is 07:30 Kolkata: India's hours have not begun.
    const { order, phone } = await overdueOrder(6, 'IN');
    await assign([order.id]);
    expect(await unsentNotices(h.t.db, 10)).toHaveLength(1);
    const early = data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }));
    expect(early).toMatchObject({ allowed: false, message: "The borrower must first be sent the agent's name, agency and phone by SMS." });
    expect(await h.outbox(phone)).toEqual([]);

    await h.advance(HOUR); // 08:30 Kolkata
    const deps = { db: h.t.db, clock: h.t.clock, sms: h.t.sms, config: h.t.config };
    expect(await sendAgentNotices(deps, (await unsentNotices(h.t.db, 10)).map((n) => n.id))).toBe(1);
    const [notice] = await h.outbox(phone);
    expect(notice).toContain(`handled by Test collector of PesoNow Collections Desk, phone +63 2 8888 0150`);
    expect(notice).toContain(`Grievance officer: ${h.t.config.GRIEVANCE_OFFICER_NAME}`);
    collector = await signInAgain(h.t, collector);
    expect(data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' })).allowed).toBe(true);
    const page = data(await collector.call('GET', `/collections/orders/${order.id}`));
    expect(page.agentNoticeSentAt).toBe(h.t.clock.now().toISOString());
    expect((page.templates as Array<{ text: string }>)[0]!.text).toContain(`Grievance officer: ${h.t.config.GRIEVANCE_OFFICER_NAME}`);

    // A template written in Hindi ends with the grievance officer in Hindi; the guard finds it there and lets it go (as UCS-2).
    const admin = await signedInStaff(h.t, ['admin']);
    const hindi = data(await admin.call('POST', '/collections/templates', { name: 'Hindi reminder', market: 'IN', lang: 'hi', body: 'नमस्ते {borrowerName}, ऋण {orderNo} पर {amountDue} बकाया है। कृपया {agentPhone} पर कॉल करें।' }));
    expect(hindi).toMatchObject({ lang: 'hi' });
    const sent = data(await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId: hindi.id }));
    expect(sent).toMatchObject({ allowed: true });
    expect((sent.text as string).endsWith(`करें। शिकायत निवारण अधिकारी: ${grievanceOfficerOf(h.t.config)}।`)).toBe(true);
    expect(sent.text).not.toContain('Grievance officer');
    expect((await h.outbox(phone))[0]).toBe(sent.text);
    expect(smsCost(sent.text as string).encoding).toBe('UCS-2');

    // 19:30 Kolkata: India's hours are over, whatever the days past due.
    await h.advance(11 * HOUR);
    collector = await signInAgain(h.t, collector);
    expect(data(await collector.call('POST', `/collections/orders/${order.id}/calls`, { party: 'borrower' }))).toMatchObject({
      allowed: false,
      message: 'Contact about a debt only between 08:00 and 19:00 Kolkata time.',
    });
  });
});

describe('only approved templates reach a borrower', () => {
  it("refuses a retired template, another market's, and any text that is not a template", async () => {
    const admin = await signedInStaff(h.t, ['admin']);
    const { order, phone } = await overdueOrder(3);
    await assign([order.id]);
    const { templates } = data(await collector.call('GET', '/collections/templates')) as { templates: Array<{ id: number; name: string; market: string; body: string }> };
    const ph = templates.find((t) => t.market === 'PH')!;
    const india = templates.find((t) => t.market === 'IN')!;
    data(await admin.call('POST', '/collections/templates', { id: ph.id, name: ph.name, market: 'PH', body: ph.body, active: false }));
    for (const templateId of [ph.id, india.id]) {
      const res = await collector.call('POST', `/collections/orders/${order.id}/messages`, { templateId });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`templateId: ${templateId} is not an active template of the PH market`);
    }
    // A message is a template id: free text has no field to go in.
    const free = await collector.call('POST', `/collections/orders/${order.id}/messages`, { text: 'Pay now.' });
    expect(free.statusCode).toBe(400);
    expect(await h.outbox(phone)).toEqual([]);
    expect(await attemptsOf(h.t.db, order.borrowerId)).toEqual([]);
  });
});

describe('templates', () => {
  it('an admin saves templates; a threat, an insult, shaming or an unknown placeholder is refused and named; collectors only read them', async () => {
    const admin = await signedInStaff(h.t, ['admin']);
    const saved = data(await admin.call('POST', '/collections/templates', { name: 'Gentle nudge', market: 'PH', body: 'Hello {borrowerName}, loan {orderNo} has {amountDue} due. Call {agentPhone}.' }));
    expect(saved).toMatchObject({ name: 'Gentle nudge', market: 'PH', lang: 'en', active: true });
    const bad = await admin.call('POST', '/collections/templates', { name: 'Nudge 2', market: 'PH', body: 'Pay now {borrowerName} or we call the POLICE.' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('body: "police" is a threat; collection messages may not use it (SEC MC 18 s2019, RBI recovery conduct).');
    const unknown = await admin.call('POST', '/collections/templates', { name: 'Nudge 3', market: 'PH', body: 'Hello {firstName}.' });
    expect(unknown.json().message).toMatch(/^body: \{firstName\} is not a placeholder the server fills/);
    expect((await collector.call('POST', '/collections/templates', { name: 'Mine', market: 'PH', body: 'Hello.' })).statusCode).toBe(403);
    const listed = data(await collector.call('GET', '/collections/templates'));
    expect((listed.templates as Array<{ name: string }>).map((t) => t.name)).toContain('Gentle nudge');
    // The two refused saves, and the collector's attempt (refused for the role), are audited.
    const audit = await h.t.db.query<{ outcome: string; staff_id: string }>(`SELECT outcome, staff_id FROM staff_audit WHERE action = 'collections.template' ORDER BY id`);
    expect(audit.rows.map((r) => [r.outcome, Number(r.staff_id)])).toEqual([
      ['done', admin.id],
      ['refused', admin.id],
      ['refused', admin.id],
      ['refused', collector.id],
    ]);

    // Written in Filipino; a change that does not name the language keeps it. A template is in a real language, never the pseudo-locale.
    const filipino = data(await admin.call('POST', '/collections/templates', { id: saved.id, name: 'Gentle nudge', market: 'PH', lang: 'fil', body: 'Magandang araw {borrowerName}.' }));
    expect(filipino).toMatchObject({ lang: 'fil' });
    expect(data(await admin.call('POST', '/collections/templates', { id: saved.id, name: 'Gentle nudge', market: 'PH', body: 'Magandang araw po {borrowerName}.' }))).toMatchObject({ lang: 'fil' });
    for (const lang of ['qps', 'xx']) {
      const res = await admin.call('POST', '/collections/templates', { name: 'Nudge 4', market: 'PH', lang, body: 'Hello {borrowerName}.' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('lang must be one of en, fil, hi');
    }
  });
});
