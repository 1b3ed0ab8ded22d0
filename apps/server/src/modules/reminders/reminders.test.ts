/**
 * The SMS payment reminder job against a real app and database: a whole loan life with the clock
 * moved through quiet hours, passes run twice and at once, a crash between claim and send, STOP and
 * START, and the orders that never get a reminder.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { REMINDERS_STOPPED_TEXT, loanDetailsRoute } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { createDevOutboxSms } from '../../providers/sms/dev-outbox.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { dayToIsoDate, lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { withinContactHours } from '../../loan-terms/contact-guard.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { REMINDER_DAY_OFFSET, type ReminderKind } from './schedule.ts';
import { STALE_CLAIM_MS, runReminderPass, type ReminderPass } from './job.ts';
import { NEVER_IN_A_REMINDER } from './text.ts';

/** hh:mm lender time on lender day `day`. */
const lenderTime = (day: number, hh: number, mm = 0) => new Date(lenderDayStartsAt(day).getTime() + (hh * 60 + mm) * 60_000);

interface SentRow {
  kind: ReminderKind;
  dueOn: string;
  seq: number;
  status: string;
  reference: string;
  body: string;
  createdAt: Date;
}

let h: Harness | null = null;
afterEach(async () => {
  await h?.t.close();
  h = null;
});

async function setUp() {
  h = await createHarness();
  const { t } = h;
  const auth = { authorization: `Bearer ${t.config.OPS_TOKEN}` };
  const deps = (sms: SmsProvider = createDevOutboxSms(t.db, t.clock)) => ({ db: t.db, clock: t.clock, sms, config: t.config });
  const ops = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url: `/ops${url}`, headers: auth, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const harness = h;
  return {
    h: harness,
    t,
    deps,
    ops,
    pass: (sms?: SmsProvider) => runReminderPass(deps(sms)),
    opsPass: async () => (await ops('POST', '/reminders/run')).body.data as ReminderPass,
    moveTo: async (at: Date) => {
      await t.clock.advance(at.getTime() - t.clock.now().getTime());
    },
    /** The reminders in the outbox for a phone, joined to their rows by the reference. */
    sentTo: async (phone: string): Promise<SentRow[]> =>
      (
        await t.db.query<{ kind: ReminderKind; due_on: string; seq: number; status: string; reference: string; body: string; created_at: Date }>(
          `SELECT r.kind, r.due_on::text AS due_on, r.seq, r.status, o.reference, o.body, o.created_at
             FROM sms_outbox o JOIN payment_reminders r ON o.reference = 'reminder:' || r.id
            WHERE o.phone = $1 ORDER BY o.id`,
          [phone],
        )
      ).rows.map((r) => ({ kind: r.kind, dueOn: r.due_on, seq: r.seq, status: r.status, reference: r.reference, body: r.body, createdAt: r.created_at })),
    /** Every outbox row of a phone whose reference is a reminder's. */
    reminderOutboxCount: async (phone: string) =>
      (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE phone = $1 AND reference LIKE 'reminder:%'", [phone])).rows[0]!.n,
    /** An order moved through review and disbursed now, as the back office does. */
    disbursed: async (borrowerId: number, product: number) => {
      const order = await harness.order(borrowerId, ORDER_STATUS.inReview, { product });
      expect((await ops('POST', `/orders/${order.id}/status`, { status: ORDER_STATUS.disbursing })).status).toBe(200);
      expect((await ops('POST', `/orders/${order.id}/status`, { status: ORDER_STATUS.repaying })).status).toBe(200);
      return harness.reload(order.id);
    },
    payInstalment: async (orderId: number) => {
      const code = await ops('POST', '/pay-codes', { orderId, purpose: 'repay' });
      expect(code.status).toBe(200);
      expect((await harness.markPaid(code.body.data.code)).body.data.outcome).toMatch(/^(instalment|settled)$/);
    },
  };
}

const expectedAt = (dueOn: string, kind: ReminderKind) => {
  const dueDay = Math.round(Date.parse(`${dueOn}T00:00:00Z`) / 86_400_000);
  return lenderTime(dueDay + REMINDER_DAY_OFFSET[kind], 6);
};

describe('SMS payment reminders', () => {
  it('across a whole loan life: each kind once per instalment, at 06:00 of its day, never in quiet hours; none for orders not being repaid', async () => {
    const s = await setUp();
    // 2026-11-01 10:00 Manila.
    const single = await s.t.newBorrower();
    const instalments = await s.t.newBorrower();
    const a = await s.disbursed(single.borrowerId, 0); // 91 days, one instalment
    const b = await s.disbursed(instalments.borrowerId, 2); // 180 days, three instalments
    expect(a.plan).toHaveLength(1);
    expect(b.plan).toHaveLength(3);
    // Orders that never get a reminder: settled, in review, disbursing, rejected.
    const quiet = await Promise.all([s.t.newBorrower(), s.t.newBorrower(), s.t.newBorrower(), s.t.newBorrower()]);
    await s.h.order(quiet[0]!.borrowerId, ORDER_STATUS.settled, { dueInDays: -1 });
    await s.h.order(quiet[1]!.borrowerId, ORDER_STATUS.inReview);
    await s.h.order(quiet[2]!.borrowerId, ORDER_STATUS.disbursing);
    await s.h.order(quiet[3]!.borrowerId, ORDER_STATUS.rejected);

    const dueA = lenderDay(a.plan[0]!.dueAt);
    const [due1, due2] = [lenderDay(b.plan[0]!.dueAt), lenderDay(b.plan[1]!.dueAt)];
    const firstDay = lenderDay(s.t.clock.now());
    const lastDay = due2 + 10;
    // Passes at 02:00, 05:59 (quiet), 06:00, 13:00 and 23:00 (quiet) of every day; more often around the due dates.
    const hours: Array<[number, number]> = [
      [2, 0],
      [5, 59],
      [6, 0],
      [13, 0],
      [23, 0],
    ];
    let passes = 0;
    for (let day = firstDay; day <= lastDay; day++) {
      for (const [hh, mm] of hours) {
        const at = lenderTime(day, hh, mm);
        if (at <= s.t.clock.now()) continue;
        await s.moveTo(at);
        // Instalment 1 of b is paid on its due day, after that morning's reminder.
        if (day === due1 && hh === 13) await s.payInstalment(b.id);
        const pass = passes % 7 === 0 ? await s.opsPass() : await s.pass();
        passes++;
        if (!withinContactHours(at, 'PH')) {
          expect(pass).toMatchObject({ quiet: true, sent: [] });
          expect(new Date(pass.nextAllowedAt)).toEqual(hh === 23 ? lenderTime(day + 1, 6) : lenderTime(day, 6));
        }
        expect(pass.failed).toBe(0);
      }
    }

    const aDue = dayToIsoDate(dueA);
    const sentA = await s.sentTo(single.session.mobilePhone);
    expect(sentA.map((r) => [r.kind, r.dueOn])).toEqual([
      ['before_3', aDue],
      ['due', aDue],
      ['overdue_1', aDue],
      ['overdue_3', aDue],
      ['overdue_7', aDue],
    ]);
    const [d1, d2] = [dayToIsoDate(due1), dayToIsoDate(due2)];
    const sentB = await s.sentTo(instalments.session.mobilePhone);
    expect(sentB.map((r) => [r.kind, r.dueOn, r.seq])).toEqual([
      ['before_3', d1, 1],
      ['due', d1, 1],
      ['before_3', d2, 2],
      ['due', d2, 2],
      ['overdue_1', d2, 2],
      ['overdue_3', d2, 2],
      ['overdue_7', d2, 2],
    ]);
    for (const [sent, order] of [
      [sentA, a],
      [sentB, b],
    ] as const) {
      // Each once: one outbox row per reference, and only these reminder rows to the phone.
      expect(new Set(sent.map((r) => r.reference)).size).toBe(sent.length);
      expect(await s.reminderOutboxCount(order === a ? single.session.mobilePhone : instalments.session.mobilePhone)).toBe(sent.length);
      for (const r of sent) {
        expect(r.status).toBe('sent');
        expect(withinContactHours(r.createdAt, 'PH')).toBe(true);
        // Sent by the first pass at or after 06:00 of its day: the 06:00 one.
        expect(r.createdAt).toEqual(expectedAt(r.dueOn, r.kind));
        expect(r.body).toContain(order.orderNo);
        expect(r.body).toContain(r.dueOn);
        expect(r.body).toMatch(/Amount due: PHP [\d,]+\.\d{2}\./);
        for (const word of NEVER_IN_A_REMINDER) expect(r.body.toLowerCase()).not.toContain(word);
      }
    }
    // The amount is what is due now: before the due date the instalment, once overdue more (late charges).
    const amount = (r: SentRow) => Number(/PHP ([\d,]+\.\d{2})/.exec(r.body)![1]!.replaceAll(',', ''));
    expect(amount(sentA[0]!)).toBe(a.plan[0]!.amountMinor / 100);
    expect(amount(sentA[4]!)).toBeGreaterThan(amount(sentA[0]!));
    for (const other of quiet) expect(await s.sentTo(other.session.mobilePhone)).toEqual([]);
    expect((await s.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_reminders')).rows[0]!.n).toBe(12);
  }, 120_000);

  it('sends a reminder once when passes run twice, at once, and in two processes on one database', async () => {
    const s = await setUp();
    const borrower = await s.t.newBorrower();
    const order = await s.h.order(borrower.borrowerId, ORDER_STATUS.due, { dueInDays: 0 });
    // 10:00 Manila on the due day: the 'due' reminder is sendable.
    const secondProcess = createDevOutboxSms(s.t.db, s.t.clock);
    // A second app on the same database, as a second server process would be (its own clock, at the same moment).
    const second = await createTestApp({ SESSION_TTL_DAYS: 3650, CARD_DATA_KEYS: s.t.config.CARD_DATA_KEYS, CARD_HASH_KEY: s.t.config.CARD_HASH_KEY }, s.t.clock.now(), { db: s.t.db });
    const secondOps = async () =>
      (await second.app.inject({ method: 'POST', url: '/ops/reminders/run', headers: { authorization: `Bearer ${second.config.OPS_TOKEN}` } })).json().data as ReminderPass;
    try {
      const passes = await Promise.all([s.pass(), s.pass(), s.pass(secondProcess), s.opsPass(), secondOps(), secondOps()]);
      expect(passes.flatMap((p) => p.sent)).toHaveLength(1);
      expect(passes.every((p) => p.failed === 0)).toBe(true);
      expect((await secondOps()).sent).toEqual([]);
    } finally {
      // The database is the first app's: it closes it.
      await second.app.close();
    }
    expect(await s.pass()).toMatchObject({ sent: [], failed: 0 });
    expect(await s.pass(secondProcess)).toMatchObject({ sent: [], failed: 0 });
    const sent = await s.sentTo(borrower.session.mobilePhone);
    expect(sent.map((r) => [r.kind, r.dueOn])).toEqual([['due', dayToIsoDate(lenderDay(order.plan[0]!.dueAt))]]);
    expect(await s.reminderOutboxCount(borrower.session.mobilePhone)).toBe(1);
  });

  it('a reminder not sent by 22:00 (the server was down all day) waits for 06:00, quiet hours included', async () => {
    const s = await setUp();
    const borrower = await s.t.newBorrower();
    const order = await s.h.order(borrower.borrowerId, ORDER_STATUS.repaying, { dueInDays: 4 });
    const dueDay = lenderDay(order.plan[0]!.dueAt);
    for (const at of [lenderTime(dueDay - 3, 22), lenderTime(dueDay - 3, 23, 30), lenderTime(dueDay - 2, 2), lenderTime(dueDay - 2, 5, 59)]) {
      await s.moveTo(at);
      expect(await s.pass()).toMatchObject({ quiet: true, sent: [], nextAllowedAt: lenderTime(dueDay - 2, 6).toISOString() });
    }
    expect(await s.reminderOutboxCount(borrower.session.mobilePhone)).toBe(0);
    await s.moveTo(lenderTime(dueDay - 2, 6));
    expect((await s.pass()).sent.map((r) => r.kind)).toEqual(['before_3']);
    expect((await s.sentTo(borrower.session.mobilePhone)).map((r) => r.createdAt)).toEqual([lenderTime(dueDay - 2, 6)]);
  });

  it('catches up with only the latest reminder when the job missed days, and a rollover date gets reminders of its own', async () => {
    const s = await setUp();
    const borrower = await s.t.newBorrower();
    // Due in 4 days; the server is "down" until 2 days after the due date.
    const order = await s.h.order(borrower.borrowerId, ORDER_STATUS.repaying, { dueInDays: 4, flags: { isDelay: '1' } });
    const dueDay = lenderDay(order.plan[0]!.dueAt);
    await s.moveTo(lenderTime(dueDay + 2, 9));
    expect((await s.pass()).sent.map((r) => r.kind)).toEqual(['overdue_1']);
    await s.moveTo(lenderTime(dueDay + 2, 15));
    expect((await s.pass()).sent).toEqual([]);
    await s.moveTo(lenderTime(dueDay + 3, 6));
    expect((await s.pass()).sent.map((r) => r.kind)).toEqual(['overdue_3']);

    // A rollover moves the due date: the new date is a new key, so its reminders come in turn.
    const code = await s.ops('POST', '/pay-codes', { orderId: order.id, purpose: 'rollover' });
    expect(code.status).toBe(200);
    await s.h.markPaid(code.body.data.code);
    const moved = await s.h.reload(order.id);
    const newDueDay = lenderDay(moved.plan[0]!.dueAt);
    expect(newDueDay).toBeGreaterThan(dueDay + 3);
    await s.moveTo(lenderTime(newDueDay - 3, 7));
    expect((await s.pass()).sent.map((r) => [r.kind, r.dueOn])).toEqual([['before_3', dayToIsoDate(newDueDay)]]);
    expect((await s.sentTo(borrower.session.mobilePhone)).map((r) => r.kind)).toEqual(['overdue_1', 'overdue_3', 'before_3']);
  });

  it('a send that fails, or a process that stops after the provider took the message, is sent again after the grace with the same reference, once', async () => {
    const s = await setUp();
    const outbox = createDevOutboxSms(s.t.db, s.t.clock);
    let calls = 0;
    // Fails on the 2nd message before it reaches the outbox; "crashes" on the 3rd after the outbox took it.
    const flaky: SmsProvider = {
      async send(message) {
        calls++;
        if (calls === 2) throw new Error('gateway unreachable');
        const answer = await outbox.send(message);
        if (calls === 3) throw new Error('process stopped before recording the send');
        return answer;
      },
    };
    const borrowers = await Promise.all([s.t.newBorrower(), s.t.newBorrower(), s.t.newBorrower()]);
    for (const b of borrowers) await s.h.order(b.borrowerId, ORDER_STATUS.due, { dueInDays: 0 });
    const first = await s.pass(flaky);
    expect(first.sent).toHaveLength(1);
    expect(first.failed).toBe(2);
    const left = await s.t.db.query<{ id: number; status: string }>("SELECT id, status FROM payment_reminders WHERE status = 'sending' ORDER BY id");
    expect(left.rows).toHaveLength(2);

    // Within the grace a claim is another pass's (or process's): not taken.
    await s.h.advance(STALE_CLAIM_MS - 1000);
    expect(await s.pass()).toMatchObject({ sent: [], failed: 0 });
    await s.h.advance(2000);
    const retry = await s.pass();
    expect(retry.sent.map((r) => [r.reminderId, r.retried])).toEqual(left.rows.map((r) => [Number(r.id), true]));
    expect(await s.pass()).toMatchObject({ sent: [], failed: 0 });

    for (const b of borrowers) {
      const sent = await s.sentTo(b.session.mobilePhone);
      expect(sent.map((r) => [r.kind, r.status])).toEqual([['due', 'sent']]);
      expect(await s.reminderOutboxCount(b.session.mobilePhone)).toBe(1);
    }
    // The crashed one kept the outbox's first answer as its provider reference.
    const refs = await s.t.db.query<{ provider_ref: string; outbox_id: number }>(
      "SELECT r.provider_ref, o.id AS outbox_id FROM payment_reminders r JOIN sms_outbox o ON o.reference = 'reminder:' || r.id",
    );
    for (const r of refs.rows) expect(r.provider_ref).toBe(`outbox:${Number(r.outbox_id)}`);
  });

  it('drops a stale claim that is no longer due (paid meanwhile) instead of sending it', async () => {
    const s = await setUp();
    const borrower = await s.t.newBorrower();
    const order = await s.h.order(borrower.borrowerId, ORDER_STATUS.due, { dueInDays: 0 });
    const down: SmsProvider = {
      send: () => Promise.reject(new Error('gateway unreachable')),
    };
    expect(await s.pass(down)).toMatchObject({ sent: [], failed: 1 });
    await s.payInstalment(order.id);
    await s.h.advance(STALE_CLAIM_MS + 1000);
    expect(await s.pass()).toMatchObject({ sent: [], dropped: 1 });
    expect(await s.reminderOutboxCount(borrower.session.mobilePhone)).toBe(0);
  });

  it('STOP through the inbound SMS stops reminders and order details says so; START brings them back', async () => {
    const s = await setUp();
    const borrower = await s.t.newBorrower();
    const phone = borrower.session.mobilePhone;
    const order = await s.h.order(borrower.borrowerId, ORDER_STATUS.due, { dueInDays: 3 });
    const dueDay = lenderDay(order.plan[0]!.dueAt);
    const details = async () => (await s.h.call(loanDetailsRoute, borrower.session, { productId: order.productId, orderId: order.id })).body.data;

    expect((await s.pass()).sent.map((r) => r.kind)).toEqual(['before_3']);
    expect((await details()).remindersStoppedText).toBe('');

    const stop = await s.ops('POST', '/sms-inbound', { phone, text: '  stop ' });
    expect(stop.body.data).toMatchObject({ command: 'STOP', borrowerIds: [borrower.borrowerId] });
    expect((await details()).remindersStoppedText).toBe(REMINDERS_STOPPED_TEXT);
    await s.moveTo(lenderTime(dueDay, 6));
    expect((await s.opsPass()).sent).toEqual([]);
    await s.moveTo(lenderTime(dueDay + 1, 12));
    expect((await s.pass()).sent).toEqual([]);

    const other = await s.ops('POST', '/sms-inbound', { phone, text: 'Who is this?' });
    expect(other.body.data).toMatchObject({ command: null, borrowerIds: [] });
    expect((await s.ops('POST', '/sms-inbound', { phone: '9999999999', text: 'STOP' })).body.data).toMatchObject({ command: 'STOP', borrowerIds: [] });
    expect((await s.ops('POST', '/sms-inbound', { phone: 'abc', text: 'STOP' })).status).toBe(400);

    const start = await s.ops('POST', '/sms-inbound', { phone, text: 'START' });
    expect(start.body.data).toMatchObject({ command: 'START', borrowerIds: [borrower.borrowerId] });
    expect((await details()).remindersStoppedText).toBe('');
    // The latest kind due now; the ones missed while stopped are not sent.
    expect((await s.pass()).sent.map((r) => r.kind)).toEqual(['overdue_1']);
    expect((await s.sentTo(phone)).map((r) => r.kind)).toEqual(['before_3', 'overdue_1']);
  });
});
