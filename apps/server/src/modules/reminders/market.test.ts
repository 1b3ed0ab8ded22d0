/**
 * Reminders of an Indian order (order.market 'IN'): the amount as 'INR 1,23,456.00' (GSM 7-bit, lakh
 * grouping), the due date on the Kolkata calendar, and the quiet hours kept on Kolkata time too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createDevOutboxSms } from '../../providers/sms/dev-outbox.ts';
import { nextContactHour, withinContactHours } from '../../loan-terms/contact-guard.ts';
import { createOrder, findProduct, type OrderRow } from '../../domain/orders/service.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { runReminderPass } from './job.ts';
import { reminderText, smsMoneyText } from './text.ts';
import { attemptsOf } from '../../domain/contacts/contacts.ts';

const kolkata = (local: string) => new Date(`${local}+05:30`);

describe('amounts and dates of a reminder in its market', () => {
  it('writes the ISO code and the market grouping, in GSM 7-bit characters', () => {
    expect(smsMoneyText(828_650, 'PH')).toBe('PHP 8,286.50');
    expect(smsMoneyText(828_650)).toBe('PHP 8,286.50');
    expect(smsMoneyText(12_345_600, 'IN')).toBe('INR 1,23,456.00');
    expect(smsMoneyText(5, 'IN')).toBe('INR 0.05');
    const text = reminderText('due', { brand: 'PesoNow', orderNo: 'PN261101048213', amountDueMinor: 12_345_600, dueOn: '2027-01-31', market: 'IN' });
    expect(text).toContain('is due on 2027-01-31. Amount due: INR 1,23,456.00.');
    expect(text).toMatch(/^[ -Z_a-z!?.,:;'"()@#%&*+\-/=<>]+$/);
  });

  it("keeps India's recovery hours on the Kolkata calendar (08:00 to 19:00 IST), the reminders too", () => {
    expect(withinContactHours(kolkata('2026-11-27T07:59:59.999'), 'IN')).toBe(false);
    expect(withinContactHours(kolkata('2026-11-27T08:00:00'), 'IN')).toBe(true);
    expect(withinContactHours(kolkata('2026-11-27T18:59:59.999'), 'IN')).toBe(true);
    expect(withinContactHours(kolkata('2026-11-27T19:00:00'), 'IN')).toBe(false);
    // 06:30 in Manila is 04:00 in Kolkata: allowed in the Philippines, quiet in India.
    expect(withinContactHours(new Date('2026-11-27T22:30:00Z'), 'PH')).toBe(true);
    expect(withinContactHours(new Date('2026-11-27T22:30:00Z'), 'IN')).toBe(false);
    expect(nextContactHour(kolkata('2026-11-27T19:30:00'), 'IN')).toEqual(kolkata('2026-11-28T08:00:00'));
  });
});

describe('the reminder job with an Indian and a Philippine order', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(() => h.t.close());

  const moveTo = async (at: Date) => {
    await h.t.clock.advance(at.getTime() - h.t.clock.now().getTime());
  };
  const pass = () => runReminderPass({ db: h.t.db, clock: h.t.clock, sms: createDevOutboxSms(h.t.db, h.t.clock), config: h.t.config });
  const reminders = async (phone: string) =>
    (await h.t.db.query<{ body: string }>("SELECT body FROM sms_outbox WHERE phone = $1 AND reference LIKE 'reminder:%' ORDER BY id", [phone])).rows.map((r) => r.body);

  it("texts the Indian borrower from 08:00 Kolkata time, with the rupee amount, the Kolkata due date and the grievance officer", async () => {
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    const ph = await h.t.newBorrower();
    const india = await h.t.newBorrower();
    // Made at 17:00 UTC on 1 Nov and due 3 days later at 17:00 UTC: 5 Nov 01:00 in Manila, 4 Nov 22:30 in Kolkata.
    await moveTo(new Date('2026-11-01T17:00:00Z'));
    const make = (borrowerId: number, market: 'PH' | 'IN'): Promise<OrderRow> =>
      h.t.db.transaction((tx) =>
        createOrder(tx, { borrower: { id: borrowerId, isRepeat: false }, product, status: ORDER_STATUS.due, dueInDays: 3, principalMinor: 500_000, market }, h.t.clock.now()),
      );
    const phOrder = await make(ph.borrowerId, 'PH');
    const inOrder = await make(india.borrowerId, 'IN');
    expect(inOrder.market).toBe('IN');
    expect(inOrder.plan[0]!.dueAt.toISOString()).toBe('2026-11-04T17:00:00.000Z');

    // 06:30 in Manila, 04:00 in Kolkata: the Philippine borrower is texted, the Indian one not yet.
    await moveTo(new Date('2026-11-01T22:30:00Z'));
    await pass();
    const phTexts = await reminders(ph.session.mobilePhone);
    expect(phTexts).toHaveLength(1);
    expect(phTexts[0]).toContain(`loan ${phOrder.orderNo} is due on 2026-11-05. Amount due: PHP `);
    expect(phTexts[0]).not.toContain('Grievance officer');
    expect(await reminders(india.session.mobilePhone)).toEqual([]);

    // 09:00 in Manila, 06:30 in Kolkata: still before India's recovery hours.
    await moveTo(new Date('2026-11-02T01:00:00Z'));
    await pass();
    expect(await reminders(india.session.mobilePhone)).toEqual([]);

    // 10:30 in Manila, 08:00 in Kolkata: now the Indian borrower is texted, once.
    await moveTo(new Date('2026-11-02T02:30:00Z'));
    await pass();
    await pass();
    const inTexts = await reminders(india.session.mobilePhone);
    expect(inTexts).toHaveLength(1);
    expect(inTexts[0]).toMatch(new RegExp(`loan ${inOrder.orderNo} is due on 2026-11-04\\. Amount due: INR \\d{1,2}(,\\d{2})*,\\d{3}\\.\\d{2}\\.`));
    const { GRIEVANCE_OFFICER_NAME: name, GRIEVANCE_OFFICER_EMAIL: email, GRIEVANCE_OFFICER_PHONE: phone } = h.t.config;
    expect(inTexts[0]).toContain(`Grievance officer: ${name}, ${email}, ${phone}.`);
    expect(inTexts[0]).toMatch(/^[ -Z_a-z!?.,:;'"()@#%&*+\-/=<>]+$/);
    expect(inTexts[0]).not.toMatch(/[₹₱]/);
    expect(await reminders(ph.session.mobilePhone)).toHaveLength(1);
    // Each text is a contact attempt on record, on its market's day.
    const attempts = await attemptsOf(h.t.db, india.borrowerId);
    expect(attempts.map((a) => [a.channel, a.madeBy, a.allowed, a.lenderDay])).toEqual([['sms', 'system', true, '2026-11-02']]);
  });

  it('sends a borrower at most 2 messages a lender day, however many loans are due; the refusal is kept once with its reason', async () => {
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    const borrower = await h.t.newBorrower();
    // Noon in Manila; three loans due in 3 days.
    await moveTo(new Date('2026-12-01T04:00:00Z'));
    const orders: OrderRow[] = [];
    for (let i = 0; i < 3; i++) {
      orders.push(
        await h.t.db.transaction((tx) => createOrder(tx, { borrower: { id: borrower.borrowerId, isRepeat: false }, product, status: ORDER_STATUS.due, dueInDays: 3, principalMinor: 500_000 }, h.t.clock.now())),
      );
    }
    await pass();
    await pass();
    expect(await reminders(borrower.session.mobilePhone)).toHaveLength(2);
    const attempts = await attemptsOf(h.t.db, borrower.borrowerId);
    expect(attempts.filter((a) => a.allowed)).toHaveLength(2);
    const refused = attempts.filter((a) => !a.allowed);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      channel: 'sms',
      madeBy: 'system',
      refusal: 'frequency',
      refusalMessage: 'This borrower has had 2 messages today, the most a day allows (2).',
      nextAllowedAt: new Date('2026-12-01T22:00:00Z'),
      lenderDay: '2026-12-01',
    });
    // The next day counts again: the third loan's reminder of that day goes out.
    await moveTo(new Date('2026-12-02T04:00:00Z'));
    await pass();
    expect((await reminders(borrower.session.mobilePhone)).length).toBeGreaterThanOrEqual(3);
  });
});
