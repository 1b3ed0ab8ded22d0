/**
 * "My data" through the borrower's API (issue 39): the consents as the ledger holds them, a
 * withdrawal that stops the next reminder pass at once, loan servicing locked while a loan is open,
 * STOP and START by SMS as ledger events, and requests to correct or erase with a reference and an
 * answer date (one erasure open at a time).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT_TEXTS, MY_DATA_MESSAGES, ORDER_STATUS, consentRoute, dataRequestRoute, myDataRoute, type MyData } from '@cashloan/contract';
import { FIL } from '@cashloan/contract/texts/fil';
import { HI } from '@cashloan/contract/texts/hi';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { RETENTION } from '../../loan-terms/data-rights.ts';
import { consentEventsOf } from '../../domain/borrowers/consents.ts';
import { runReminderPass } from '../reminders/job.ts';
import { receiveInboundSms } from '../reminders/service.ts';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(() => h.t.close());

const ok = <T>(res: { status: number; body: { code: unknown; data: unknown; message?: string } }): T => {
  expect(res.body.code, res.body.message).toBe(0);
  return res.body.data as T;
};

describe('consents', () => {
  it('shows each purpose as the ledger holds it: servicing and reminders granted at sign-up, servicing locked while a loan is open', async () => {
    const b = await h.t.newBorrower();
    await h.order(b.borrowerId, ORDER_STATUS.repaying, { dueInDays: 10 });
    const data = ok<MyData>(await h.call(myDataRoute, b.session, {}));
    expect(data.consents.map((c) => [c.purpose, c.granted, c.canWithdraw])).toEqual([
      ['loan_servicing', true, false],
      ['payment_reminders', true, true],
      ['marketing', false, false],
      ['credit_bureau', false, false],
    ]);
    expect(data.consents[0]!.lockedReason).toBe(MY_DATA_MESSAGES.servicingLocked);
    expect(data.consents[1]).toMatchObject({ title: CONSENT_TEXTS.payment_reminders.title, text: CONSENT_TEXTS.payment_reminders.text, version: 'v1' });
    expect(data.recipients.map((r) => r.name)).toContain('The SMS gateway');
    expect(data.retention.law).toMatch(/^Anti-Money Laundering Act/);
    expect(data.retention.keptUntil).toBe('');
    expect(data.retention.years).toBe(5);

    const refused = await h.call(consentRoute, b.session, { purpose: 'loan_servicing', granted: '0' });
    expect(refused.body).toMatchObject({ code: 409, message: MY_DATA_MESSAGES.servicingLocked });
    expect((await consentEventsOf(h.t.db, b.borrowerId)).filter((e) => e.purpose === 'loan_servicing').map((e) => e.granted)).toEqual([true]);
  });

  it('a withdrawal of reminders is one call, recorded with its text and channel, and the next reminder pass sends the borrower nothing', async () => {
    const b = await h.t.newBorrower();
    const other = await h.t.newBorrower();
    await h.order(b.borrowerId, ORDER_STATUS.due, { dueInDays: 2 });
    await h.order(other.borrowerId, ORDER_STATUS.due, { dueInDays: 2 });
    const withdrawn = ok<{ granted: boolean; canWithdraw: boolean }>(await h.call(consentRoute, b.session, { purpose: 'payment_reminders', granted: '0' }));
    expect(withdrawn).toMatchObject({ granted: false, canWithdraw: false });
    const events = (await consentEventsOf(h.t.db, b.borrowerId)).filter((e) => e.purpose === 'payment_reminders');
    expect(events.map((e) => [e.granted, e.channel, e.textVersion])).toEqual([
      [true, 'sign-up', 'v1'],
      [false, 'app', 'v1'],
    ]);
    expect(events[1]!.textShown).toBe(CONSENT_TEXTS.payment_reminders.text);

    const pass = await runReminderPass({ db: h.t.db, clock: h.t.clock, sms: h.t.sms, config: h.t.config });
    expect(pass.sent.map((s) => s.phone)).toEqual([other.session.mobilePhone]);
    expect(await h.outbox(b.session.mobilePhone)).toEqual([]);

    // Granting again is the same one call.
    expect(ok<{ granted: boolean }>(await h.call(consentRoute, b.session, { purpose: 'payment_reminders', granted: '1' })).granted).toBe(true);
  });

  it("shows My data in the borrower's language, and records a consent's words as shown in it", async () => {
    const b = await h.t.newBorrower();
    await h.order(b.borrowerId, ORDER_STATUS.repaying, { dueInDays: 10 });
    const inFilipino = { ...b.session, lang: 'fil' } as typeof b.session;
    const data = ok<MyData>(await h.call(myDataRoute, inFilipino, {}));
    const fil = FIL.server!;
    expect(data.consents[1]).toMatchObject({ title: fil['Payment reminders by SMS'], text: fil[CONSENT_TEXTS.payment_reminders.text], version: 'v1' });
    expect(data.consents[0]!.lockedReason).toBe(fil[MY_DATA_MESSAGES.servicingLocked]);
    expect(data.recipients[0]).toEqual({ name: fil['The SMS gateway'], what: fil['Your phone number and the text of each message we send you'], why: fil['To send you codes, reminders and answers to your complaints'] });
    expect(data.retention.law).toBe(fil[RETENTION.PH.law]);
    // The purposes are codes, the same in every language.
    expect(data.consents.map((c) => c.purpose)).toEqual(['loan_servicing', 'payment_reminders', 'marketing', 'credit_bureau']);

    // Granted from a Hindi page: the ledger keeps the Hindi words the borrower read, with the version.
    const inHindi = { ...b.session, lang: 'hi' } as typeof b.session;
    expect(ok<{ title: string }>(await h.call(consentRoute, inHindi, { purpose: 'marketing', granted: '1' })).title).toBe(HI.server!['Offers and news']);
    const [granted] = (await consentEventsOf(h.t.db, b.borrowerId)).filter((e) => e.purpose === 'marketing');
    expect(granted).toMatchObject({ granted: true, channel: 'app', textVersion: 'v1', textShown: HI.server![CONSENT_TEXTS.marketing.text] });
  });

  it("says the lender's retention when it is longer than the law's", async () => {
    const longer = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650, RETENTION_YEARS_PH: 7 }));
    try {
      const b = await longer.t.newBorrower();
      expect(ok<MyData>(await longer.call(myDataRoute, b.session, {})).retention).toMatchObject({ keptUntil: '', years: 7 });
    } finally {
      await longer.t.close();
    }
  });

  it('STOP and START by SMS are withdrawals and grants in the ledger', async () => {
    const b = await h.t.newBorrower();
    await receiveInboundSms(h.t, { phone: b.session.mobilePhone, text: ' stop ' });
    await receiveInboundSms(h.t, { phone: b.session.mobilePhone, text: 'STOP' });
    let reminders = (await consentEventsOf(h.t.db, b.borrowerId)).filter((e) => e.purpose === 'payment_reminders');
    expect(reminders.map((e) => [e.granted, e.channel])).toEqual([
      [true, 'sign-up'],
      [false, 'sms'],
    ]);
    expect(ok<MyData>(await h.call(myDataRoute, b.session, {})).consents[1]!.granted).toBe(false);
    await receiveInboundSms(h.t, { phone: b.session.mobilePhone, text: 'START' });
    reminders = (await consentEventsOf(h.t.db, b.borrowerId)).filter((e) => e.purpose === 'payment_reminders');
    expect(reminders.at(-1)).toMatchObject({ granted: true, channel: 'sms' });
  });

  it('the ledger is append-only', async () => {
    const b = await h.t.newBorrower();
    await expect(h.t.db.query(`UPDATE consent_events SET granted = false WHERE borrower_id = $1`, [b.borrowerId])).rejects.toThrow(/append-only/);
    await expect(h.t.db.query(`DELETE FROM consent_events WHERE borrower_id = $1`, [b.borrowerId])).rejects.toThrow(/append-only/);
  });
});

describe('requests', () => {
  it('a correction names the field and the value; an erasure has a reference and an answer date, one open at a time', async () => {
    const b = await h.t.newBorrower();
    const noValue = await h.call(dataRequestRoute, b.session, { kind: 'correction', field: 'name' });
    expect(noValue.body).toMatchObject({ code: 400, message: MY_DATA_MESSAGES.valueRequired });
    const badField = await h.call(dataRequestRoute, b.session, { kind: 'correction', field: 'salary', value: 'x' });
    expect(badField.body).toMatchObject({ code: 400, message: MY_DATA_MESSAGES.unknownField });
    const notOurs = await h.call(dataRequestRoute, b.session, { kind: 'correction', field: 'name', value: 'Ana Reyes', image: '/uploads/someone-elses.jpg' });
    expect(notOurs.body).toMatchObject({ code: 400, message: 'image must be a photo uploaded from this account' });

    const correction = ok<{ refNo: string; state: string; answerBy: string; field: string }>(await h.call(dataRequestRoute, b.session, { kind: 'correction', field: 'name', value: 'Ana Reyes' }));
    // The test clock starts 2026-11-01 10:00 Manila: answered within 30 days.
    expect(correction).toMatchObject({ refNo: 'DR-20261101-0001', state: 'open', answerBy: '2026-12-01', field: 'name' });
    const erasure = ok<{ refNo: string }>(await h.call(dataRequestRoute, b.session, { kind: 'erasure' }));
    expect(erasure.refNo).toBe('DR-20261101-0002');
    const again = await h.call(dataRequestRoute, b.session, { kind: 'erasure' });
    expect(again.body).toMatchObject({ code: 409, message: MY_DATA_MESSAGES.erasureOpen });
    const listed = ok<MyData>(await h.call(myDataRoute, b.session, {})).requests;
    expect(listed.map((r) => [r.refNo, r.kind, r.stateTitle])).toEqual([
      ['DR-20261101-0002', 'erasure', 'Waiting for our answer'],
      ['DR-20261101-0001', 'correction', 'Waiting for our answer'],
    ]);
    // Another borrower sees none of them.
    const other = await h.t.newBorrower();
    expect(ok<MyData>(await h.call(myDataRoute, other.session, {})).requests).toEqual([]);
  });
});
