/**
 * The breach register (issue 39): a query counted before anyone is told (its parameters checked), a
 * breach recorded with its reference and its 72-hour countdown, the affected borrowers notified once
 * (in the app and by SMS; a second Notify sends nothing twice, tells only newcomers, and retries the
 * SMS the gateway refused), the borrower's notice on "My data", the report for the authority, and
 * every step in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { myDataExportRoute, myDataRoute, type BreachRow, type MyData } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signedInStaff, signInAgain, type TestStaff } from '../../test-support/staff.ts';
import { createDevOutboxSms } from '../../providers/sms/dev-outbox.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { createOrder, findProduct } from '../../domain/orders/service.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';
import { breachSmsText } from '../../domain/breaches/breaches.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';

const HOUR_MS = 3_600_000;
// 10:00 Manila on 2026-11-01 (createTestApp's clock).
const START = new Date('2026-11-01T02:00:00Z');

let h: Harness;
let dpo: TestStaff;
/** Phones the gateway refuses for now (a gateway that is down for some numbers). */
const refusing = new Set<string>();

beforeAll(async () => {
  // The dev outbox behind it needs the app's database and clock: made once the app is.
  const behind: { outbox?: SmsProvider } = {};
  const sms: SmsProvider = { send: (m) => (refusing.has(m.phone) ? Promise.reject(new Error('gateway down')) : behind.outbox!.send(m)) };
  const t = await createTestApp({ SESSION_TTL_DAYS: 3650 }, START, { sms });
  behind.outbox = createDevOutboxSms(t.db, t.clock);
  h = await createHarness(t);
  dpo = await signedInStaff(h.t, ['dpo']);
});
afterAll(() => h.t.close());

const data = <T>(res: { statusCode: number; body: string; json(): { data: unknown } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const phoneOf = async (borrowerId: number) => (await findBorrower(h.t.db, { id: borrowerId }))!.mobilePhone;

/** A borrower who binds a payout account now (as the bank screen would), for an order of theirs. */
async function withBoundAccount(name: string) {
  const b = await h.t.newBorrower({ name });
  const order = await h.order(b.borrowerId, ORDER_STATUS.inReview);
  await h.t.db.transaction((tx) => seedDemoPayoutAccounts(tx, h.t.cardData, { id: b.borrowerId, name }, [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: '1234567890' }], h.t.clock.now()));
  return b;
}

const WORDS = {
  whatHappened: 'A list of bound accounts was emailed to a wrong address',
  dataInvolved: 'your name and the last 4 digits of your account',
  measuresTaken: 'The recipient deleted it; we now check every address',
  borrowerCanDo: 'Watch for messages asking for your PIN or OTP: we never ask',
  contact: 'dpo@pesonow.example, +63 2 8888 0199',
};

describe('the breach register', () => {
  it('counts, records, notifies once, shows the notice to the borrower and exports the report, every step audited', async () => {
    // Day 1 (2026-11-01): Ana binds an account; Cruz signs up without one. Day 4: Ben binds one.
    const ana = await withBoundAccount('Ana Reyes');
    const cruz = await h.t.newBorrower({ name: 'Cruz Lim' });
    const erased = await withBoundAccount('Erased Person');
    await h.t.db.query('UPDATE borrowers SET erased_at = $2 WHERE id = $1', [erased.borrowerId, h.t.clock.now()]);
    await h.advance(3 * 24 * HOUR_MS);
    const ben = await withBoundAccount('Ben Cruz');
    dpo = await signInAgain(h.t, dpo);

    // The query, checked and counted before anything is recorded.
    expect((await dpo.call('GET', '/breaches/affected?kind=bound-account-between&from=2026-11-01')).json()).toMatchObject({ code: 400, message: 'to is required for bound-account-between' });
    expect((await dpo.call('GET', '/breaches/affected?kind=bound-account-between&from=2026-11-05&to=2026-11-01')).json()).toMatchObject({ message: 'from must be on or before to' });
    expect((await dpo.call('GET', '/breaches/affected?kind=orders-in-market')).json()).toMatchObject({ message: 'market is required for orders-in-market' });
    expect((await dpo.call('GET', '/breaches/affected?kind=everyone')).statusCode).toBe(400);
    expect(data(await dpo.call('GET', '/breaches/affected?kind=bound-account-between&from=2026-11-01&to=2026-11-01'))).toEqual({
      count: 1,
      queryText: 'Every borrower who bound a payment account from 2026-11-01 to 2026-11-01 (Manila)',
    });
    expect(data<{ count: number }>(await dpo.call('GET', '/breaches/affected?kind=bound-account-between&from=2026-11-01&to=2026-11-04')).count).toBe(2);
    expect(data<{ count: number }>(await dpo.call('GET', '/breaches/affected?kind=signed-up-between&from=2026-11-01&to=2026-11-01')).count).toBe(2);

    // Recorded: found two hours ago, not in the future.
    const query = { kind: 'bound-account-between', from: '2026-11-01', to: '2026-11-04' };
    const future = await dpo.call('POST', '/breaches', { ...WORDS, discoveredAt: new Date(h.t.clock.now().getTime() + HOUR_MS).toISOString(), query });
    expect(future.json()).toMatchObject({ code: 400, message: 'discoveredAt: a breach cannot be found in the future' });
    const tooLong = await dpo.call('POST', '/breaches', { ...WORDS, contact: 'x'.repeat(61), discoveredAt: h.t.clock.now().toISOString(), query });
    expect(tooLong.json()).toMatchObject({ code: 400, message: 'contact must be at most 60 characters' });
    const discoveredAt = new Date(h.t.clock.now().getTime() - 2 * HOUR_MS - 30 * 60_000);
    const breach = data<BreachRow>(await dpo.call('POST', '/breaches', { ...WORDS, details: 'Sent at 08:12 by a support agent.', discoveredAt: discoveredAt.toISOString(), query }));
    expect(breach).toMatchObject({
      refNo: 'BR-20261104-0001',
      recordedBy: 'Test dpo',
      query,
      deadlineAt: new Date(discoveredAt.getTime() + 72 * HOUR_MS).toISOString(),
      hoursLeft: 69,
      overdue: false,
      notifiedAt: null,
      reportedAt: null,
      notices: { total: 0, smsSent: 0, smsFailed: 0, smsPending: 0 },
    });
    expect(data<{ items: BreachRow[]; total: number }>(await dpo.call('GET', '/breaches')).items.map((b) => b.refNo)).toEqual(['BR-20261104-0001']);
    expect(data<{ affectedNow: number }>(await dpo.call('GET', `/breaches/${breach.id}`)).affectedNow).toBe(2);

    // Notify: both told in the app and by SMS (the gateway refuses Ben's for now).
    refusing.add(await phoneOf(ben.borrowerId));
    const first = data<{ added: number; smsSent: number; smsFailed: number; breach: BreachRow }>(await dpo.call('POST', `/breaches/${breach.id}/notify`));
    expect(first).toMatchObject({ added: 2, smsSent: 1, smsFailed: 1, breach: { notifiedAt: h.t.clock.now().toISOString(), notices: { total: 2, smsSent: 1, smsFailed: 1, smsPending: 0 } } });
    const sms = breachSmsText('PesoNow', { refNo: breach.refNo, ...WORDS });
    expect(sms).toBe(
      'PesoNow: personal data breach BR-20261104-0001. What happened: A list of bound accounts was emailed to a wrong address. Data involved: your name and the last 4 digits of your account. ' +
        'What we did: The recipient deleted it; we now check every address. What you can do: Watch for messages asking for your PIN or OTP: we never ask. Contact: dpo@pesonow.example, +63 2 8888 0199.',
    );
    expect(await h.outbox(await phoneOf(ana.borrowerId))).toEqual([sms]);
    expect(await h.outbox(await phoneOf(ben.borrowerId))).toEqual([]);
    expect(await h.outbox(await phoneOf(erased.borrowerId))).toEqual([]);

    // Again, the gateway back: nobody new, Ana's SMS not sent twice, Ben's sent now.
    refusing.clear();
    const again = data<{ added: number; smsSent: number; smsFailed: number }>(await dpo.call('POST', `/breaches/${breach.id}/notify`));
    expect(again).toMatchObject({ added: 0, smsSent: 1, smsFailed: 0 });
    expect(await h.outbox(await phoneOf(ana.borrowerId))).toEqual([sms]);
    expect(await h.outbox(await phoneOf(ben.borrowerId))).toEqual([sms]);
    const third = data<{ added: number; smsSent: number; breach: BreachRow }>(await dpo.call('POST', `/breaches/${breach.id}/notify`));
    expect(third).toMatchObject({ added: 0, smsSent: 0, breach: { notices: { total: 2, smsSent: 2, smsFailed: 0, smsPending: 0 } } });

    // The borrower reads the notice on "My data"; Cruz, untouched, has none.
    const seen = (await h.call(myDataRoute, ana.session, {})).body.data as MyData;
    expect(seen.notices).toEqual([
      {
        refNo: 'BR-20261104-0001',
        sentAt: '2026-11-04 10:00:00',
        whatHappened: WORDS.whatHappened,
        dataInvolved: WORDS.dataInvolved,
        whatWeDid: WORDS.measuresTaken,
        whatYouCanDo: WORDS.borrowerCanDo,
        contact: WORDS.contact,
      },
    ]);
    expect(((await h.call(myDataRoute, cruz.session, {})).body.data as MyData).notices).toEqual([]);
    // And in the data they download.
    const downloaded = JSON.parse(((await h.call(myDataExportRoute, ana.session, {})).body.data as { content: string }).content) as { parts: Array<{ key: string; rows: unknown[] }> };
    expect(downloaded.parts.find((p) => p.key === 'breachNotices')!.rows).toEqual(seen.notices);

    // The report, 80 hours on: the countdown past its deadline, the notices in time, the report late.
    await h.advance(80 * HOUR_MS);
    dpo = await signInAgain(h.t, dpo);
    expect(data<{ breach: BreachRow }>(await dpo.call('GET', `/breaches/${breach.id}`)).breach).toMatchObject({ hoursLeft: -11, overdue: true });
    const exported = data<{ fileName: string; content: string; reportedAt: string }>(await dpo.call('POST', `/breaches/${breach.id}/report`, { format: 'json' }));
    expect(exported.fileName).toBe('breach-report-BR-20261104-0001.json');
    const report = JSON.parse(exported.content);
    expect(report).toMatchObject({
      reference: 'BR-20261104-0001',
      controller: 'PesoNow Lending Corporation',
      contact: WORDS.contact,
      natureOfTheBreach: { whatHappened: WORDS.whatHappened, details: 'Sent at 08:12 by a support agent.', discoveredAt: discoveredAt.toISOString(), recordedBy: 'Test dpo' },
      personalDataInvolved: WORDS.dataInvolved,
      personsAffected: { count: 2, notified: 2, chosenBy: 'Every borrower who bound a payment account from 2026-11-01 to 2026-11-04 (Manila)' },
      measuresTaken: WORDS.measuresTaken,
      notification: {
        deadlineHours: 72,
        personsNotifiedAt: first.breach.notifiedAt,
        personsNotifiedInTime: true,
        notices: { total: 2, smsSent: 2, smsFailed: 0, smsPending: 0 },
        reportedAt: h.t.clock.now().toISOString(),
        reportedInTime: false,
      },
    });
    const text = data<{ fileName: string; content: string; reportedAt: string }>(await dpo.call('POST', `/breaches/${breach.id}/report`, { format: 'text' }));
    expect(text.fileName).toBe('breach-report-BR-20261104-0001.txt');
    // The first export stays the time it was reported.
    expect(text.reportedAt).toBe(exported.reportedAt);
    for (const line of ['1. Nature of the breach', '2. Personal data involved', 'Number: 2', '4. Measures taken', `Discovered: 2026-11-04 07:30:00 (Manila, UTC+08:00)`, ', after the 72 hours', WORDS.contact]) {
      expect(text.content).toContain(line);
    }

    const audit = await h.t.db.query<{ action: string; outcome: string; target_id: string }>(`SELECT action, outcome, target_id FROM staff_audit WHERE action LIKE 'breach.%' ORDER BY id`);
    expect(audit.rows.map((r) => [r.action, r.outcome])).toEqual([
      ['breach.record', 'refused'],
      ['breach.record', 'refused'],
      ['breach.record', 'done'],
      ['breach.notify', 'done'],
      ['breach.notify-sms', 'done'],
      ['breach.notify', 'done'],
      ['breach.notify-sms', 'done'],
      ['breach.notify', 'done'],
      ['breach.report', 'done'],
      ['breach.report', 'done'],
    ]);
    expect(new Set(audit.rows.slice(2).map((r) => r.target_id))).toEqual(new Set(['BR-20261104-0001']));
  });

  it('tells only the borrowers who are new to a breach when it is notified again', async () => {
    const product = (await findProduct(h.t.db, h.productIds[0]!))!;
    const indianOrder = async () => {
      const b = await h.t.newBorrower();
      await h.t.db.transaction((tx) => createOrder(tx, { borrower: { id: b.borrowerId, isRepeat: false }, product, status: ORDER_STATUS.repaying, market: 'IN' }, h.t.clock.now()));
      return b;
    };
    const first = await indianOrder();
    const breach = data<BreachRow>(await dpo.call('POST', '/breaches', { ...WORDS, discoveredAt: h.t.clock.now().toISOString(), query: { kind: 'orders-in-market', market: 'IN' } }));
    expect(breach.refNo).toMatch(/^BR-\d{8}-0001$/);
    expect(data<{ added: number }>(await dpo.call('POST', `/breaches/${breach.id}/notify`)).added).toBe(1);
    const second = await indianOrder();
    expect(data<{ added: number; smsSent: number }>(await dpo.call('POST', `/breaches/${breach.id}/notify`))).toMatchObject({ added: 1, smsSent: 1 });
    expect(await h.outbox(await phoneOf(first.borrowerId))).toHaveLength(1);
    expect(await h.outbox(await phoneOf(second.borrowerId))).toHaveLength(1);
    expect((await dpo.call('POST', '/breaches/999999/notify')).json()).toMatchObject({ code: 404, message: 'Breach 999999 does not exist.' });
  });

  it('keeps the notice SMS within 4 GSM-7 parts with every text at its longest', () => {
    const longest = breachSmsText('PesoNow', {
      refNo: 'BR-20261104-0001',
      whatHappened: 'a'.repeat(100),
      dataInvolved: 'b'.repeat(60),
      measuresTaken: 'c'.repeat(100),
      borrowerCanDo: 'd'.repeat(100),
      contact: 'e'.repeat(60),
    });
    expect(longest.length).toBe(546);
    expect(longest.length).toBeLessThanOrEqual(4 * 153);
  });
});
