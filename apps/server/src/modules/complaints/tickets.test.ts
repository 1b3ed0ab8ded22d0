/** Complaint tickets (issue 23): the reference, the SMS acknowledgement, the promised answer, the state and the escalation note. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, problemDetailRoute, problemListRoute, problemSaveRoute, type Route, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { loadConfig } from '../../config.ts';
import { openDb } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { borrowerOnOldSchema } from '../../test-support/old-schema.ts';
import { takeTicketNo } from './tickets.ts';
import { complaintForStaff, waitingComplaintCounts, lenderHolidays } from './agent-service.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const OPS = { authorization: 'Bearer test-ops-token-of-the-server-tests' };

let t: TestApp;
beforeAll(async () => {
  // Thursday 26 Nov 2026, 09:00 Manila: Monday 30 Nov (Bonifacio Day) is a default lender holiday.
  // Sessions outlive the 30 days the India escalation waits.
  t = await createTestApp({ SESSION_TTL_DAYS: 365 }, new Date('2026-11-26T01:00:00Z'));
});
afterAll(async () => t.close());

async function call(route: Route, session: SessionParams, payload: Record<string, string | number> = {}, extra: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(route)}?${query({ ...session, ...extra })}`, headers: FORM_HEADERS, payload: form(payload) });
  // The answers' fields are read by each test.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return res.json() as { code: string; message: string; data: any };
}
const file = (session: SessionParams, detail: string) => call(problemSaveRoute, session, { problemType: '2', problemDetail: detail });
const outbox = async (phone: string) =>
  (await t.db.query<{ body: string; reference: string | null }>('SELECT body, reference FROM sms_outbox WHERE phone = $1 ORDER BY id', [phone])).rows;
const phoneOf = async (borrowerId: number) => (await t.db.query<{ mobile_phone: string }>('SELECT mobile_phone FROM borrowers WHERE id = $1', [borrowerId])).rows[0]!.mobile_phone;

describe('complaint reference numbers', () => {
  it('are unique and numbered 1…20 under 20 concurrent filings of one day', async () => {
    const borrowers = await Promise.all(Array.from({ length: 10 }, () => t.newBorrower()));
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => file(borrowers[i % 10]!.session, `Concurrent complaint ${i}`)));
    const numbers = answers.map((a) => a.data.ticketNo as string);
    expect(answers.every((a) => a.code === '00')).toBe(true);
    expect(new Set(numbers).size).toBe(20);
    expect(numbers.every((n) => /^CMP-20261126-\d{4}$/.test(n))).toBe(true);
    expect(numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('go on in sequence within the day, start again at 0001 the next lender day, and a retry keeps its number', async () => {
    const me = await t.newBorrower();
    const a = await file(me.session, 'First of the day after the rush');
    const b = await file(me.session, 'Second of the day after the rush');
    expect(a.data.ticketNo).toBe('CMP-20261126-0021');
    expect(b.data.ticketNo).toBe('CMP-20261126-0022');
    expect((await file(me.session, 'First of the day after the rush')).data).toMatchObject({ problemId: a.data.problemId, ticketNo: a.data.ticketNo });
    // 15:00 UTC = 23:00 Manila; another 1h05 is after midnight in Manila.
    await t.clock.advance(14 * HOUR);
    expect((await file(me.session, 'Late at night')).data.ticketNo).toBe('CMP-20261126-0023');
    await t.clock.advance(HOUR + 5 * 60_000);
    expect((await file(me.session, 'Just after midnight')).data.ticketNo).toBe('CMP-20261127-0001');
    expect((await file(me.session, 'Later that day')).data.ticketNo).toBe('CMP-20261127-0002');
  });

  it('are the same through the counter row whoever takes them, across transactions (as two processes would)', async () => {
    const at = new Date('2030-01-02T04:00:00Z');
    const taken = await Promise.all(Array.from({ length: 8 }, () => t.db.transaction((tx) => takeTicketNo(tx, at))));
    expect(taken.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `CMP-20300102-000${i + 1}`));
  });
});

describe('the acknowledgement SMS and the promised answer', () => {
  it('sends the reference and the answer date once, in plain GSM characters, and shows them in the list and details', async () => {
    const me = await t.newBorrower();
    const phone = await phoneOf(me.borrowerId);
    const before = t.clock.now();
    const saved = await file(me.session, 'Please check my payment.');
    expect(saved.code).toBe('00');
    // Friday 27 Nov → Tue 1 Dec, Wed 2, Thu 3 (Monday 30 Nov is Bonifacio Day).
    expect(lenderDateOf(before)).toBe('2026-11-27');
    expect(saved.data.answerBy).toBe('2026-12-03');
    const sms = await outbox(phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(saved.data.ticketNo);
    expect(sms[0]!.body).toContain('3 Dec 2026');
    expect(sms[0]!.body).toMatch(/^[A-Za-z0-9 .,:'\-()]+$/);
    expect(sms[0]!.reference).toBe(`complaint-ack:${saved.data.problemId}`);
    await file(me.session, 'Please check my payment.'); // a retry sends nothing more
    expect(await outbox(phone)).toHaveLength(1);

    const list = await call(problemListRoute, me.session);
    expect(list.data.tabs[0].items[0]).toMatchObject({ id: saved.data.problemId, ticketNo: saved.data.ticketNo });
    const details = await call(problemDetailRoute, me.session, { problemId: saved.data.problemId });
    expect(details.data).toMatchObject({ ticketNo: saved.data.ticketNo, answerBy: '2026-12-03', state: 'received' });
    expect(details.data.escalation).toBeUndefined();
  });
});

const lenderDateOf = (at: Date) => new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10);

describe('the state and the escalation note', () => {
  it('is in review from the next business day, and shows where to escalate only once the promised date has passed unanswered', async () => {
    const me = await t.newBorrower();
    const saved = await file(me.session, 'Nobody has answered me.');
    const id = saved.data.problemId as number;
    const details = async (extra: Record<string, string> = {}) => (await call(problemDetailRoute, me.session, { problemId: id }, extra)).data;
    const answerBy = saved.data.answerBy as string;
    // To the start of the next business day: in review, nothing to escalate yet.
    await t.clock.advance(4 * DAY);
    expect(await details()).toMatchObject({ state: 'inReview' });
    expect((await details()).escalation).toBeUndefined();
    // Move to the last minute of the promised day: still nothing.
    const endOfPromise = new Date(`${answerBy}T23:59:00+08:00`).getTime();
    await t.clock.advance(endOfPromise - t.clock.now().getTime());
    expect((await details()).escalation).toBeUndefined();
    await t.clock.advance(2 * 60_000);
    const late = await details();
    expect(late.escalation).toMatchObject({
      officerName: t.config.GRIEVANCE_OFFICER_NAME,
      officerEmail: t.config.GRIEVANCE_OFFICER_EMAIL,
      officerPhone: t.config.GRIEVANCE_OFFICER_PHONE,
      authorityUrl: 'https://www.sec.gov.ph',
    });
    expect(late.escalation.text).toContain(saved.data.ticketNo);
    expect(late.escalation.text).toContain('Securities and Exchange Commission');
    // India (real=1): the RBI Ombudsman only after 30 days.
    expect((await details({ real: '1' })).escalation).toBeUndefined();
    await t.clock.advance(31 * DAY);
    const india = await details({ real: '1' });
    expect(india.escalation).toMatchObject({ authorityUrl: 'https://cms.rbi.org.in' });
    expect(india.escalation.text).toContain('Integrated Ombudsman Scheme, 2021');
    // Answered: no note.
    const res = await t.app.inject({ method: 'POST', url: `/ops/complaints/${id}/reply`, headers: OPS, payload: { disposeDetail: 'We checked it.', disposeImages: [], isNeedScore: 0 } });
    expect(res.statusCode).toBe(200);
    const answered = await details();
    expect(answered.state).toBe('answered');
    expect(answered.escalation).toBeUndefined();
  });
});

describe('LENDER_HOLIDAYS', () => {
  it('is a list of dates, and a bad entry is named at start', () => {
    expect(loadConfig({ LENDER_HOLIDAYS: '2026-12-25, 2026-12-30,' }).LENDER_HOLIDAYS).toEqual(['2026-12-25', '2026-12-30']);
    expect(loadConfig({ LENDER_HOLIDAYS: '' }).LENDER_HOLIDAYS).toEqual([]);
    expect(loadConfig({}).LENDER_HOLIDAYS).toContain('2026-11-30');
    expect(() => loadConfig({ LENDER_HOLIDAYS: '2026-12-25,2026-02-30,25/12/2026' })).toThrow(/LENDER_HOLIDAYS: not a date written YYYY-MM-DD: "2026-02-30", "25\/12\/2026"/);
  });
});

describe("the back office's promised review", () => {
  it('uses the same business days: the reference, the answer date and past-review agree with the borrower\'s', async () => {
    const me = await t.newBorrower();
    const saved = await file(me.session, 'Checking the back office view.');
    const staff = await complaintForStaff(t, saved.data.problemId);
    expect(staff.ticketNo).toBe(saved.data.ticketNo);
    expect(staff.reviewDueAt).toBe(new Date(`${saved.data.answerBy}T23:59:59.999+08:00`).toISOString());
    expect(staff.pastReview).toBe(false);
    const before = await waitingComplaintCounts(t.db, t.clock.now(), lenderHolidays(t.config));
    await t.clock.advance(new Date(staff.reviewDueAt).getTime() + 1 - t.clock.now().getTime());
    expect((await complaintForStaff(t, saved.data.problemId)).pastReview).toBe(true);
    const after = await waitingComplaintCounts(t.db, t.clock.now(), lenderHolidays(t.config));
    expect(after.pastReview).toBeGreaterThan(before.pastReview);
  });
});

describe('migration 025', () => {
  it('numbers the complaints filed before it by lender day and filing time, and the counters go on after them', async () => {
    const db = await openDb({});
    try {
      await migrate(db, { before: '025' });
      const { borrowerId } = await borrowerOnOldSchema(db, '9170000999', new Date('2026-11-20T00:00:00Z'), 30);
      const filed = [
        '2026-11-24T15:59:00Z', // 23:59 on 24 Nov in Manila
        '2026-11-24T03:00:00Z',
        '2026-11-24T16:00:00Z', // 00:00 on 25 Nov in Manila
        '2026-11-25T02:00:00Z',
      ];
      for (const [i, at] of filed.entries()) {
        await db.query(
          `INSERT INTO complaints (borrower_id, order_no, problem_type, problem_son_type, detail, images, submission_key, created_at)
           VALUES ($1, '', '2', '', $2, '[]'::jsonb, $3, $4)`,
          [borrowerId, `old ${i}`, `key-${i}`, new Date(at)],
        );
      }
      await migrate(db);
      const rows = (await db.query<{ detail: string; ticket_no: string }>('SELECT detail, ticket_no FROM complaints ORDER BY detail')).rows;
      expect(rows.map((r) => [r.detail, r.ticket_no])).toEqual([
        ['old 0', 'CMP-20261124-0002'],
        ['old 1', 'CMP-20261124-0001'],
        ['old 2', 'CMP-20261125-0001'],
        ['old 3', 'CMP-20261125-0002'],
      ]);
      expect(await db.transaction((tx) => takeTicketNo(tx, new Date('2026-11-25T05:00:00Z')))).toBe('CMP-20261125-0003');
      await expect(db.query(`UPDATE complaints SET ticket_no = 'CMP-20261125-0001' WHERE detail = 'old 3'`)).rejects.toThrow();
    } finally {
      await db.close();
    }
  });
});
