/**
 * Reconciliation through the staff API (issue 37, docs/books.md): a provider's daily report fetched
 * through its adapter (the sandbox stand-in) or uploaded, every line matched against the journal by
 * the provider's reference, and every kind of difference — in the report but not booked, booked but
 * not in the report, amount differs, fee differs — an item finance resolves (audited; "book it"
 * writes the difference); the day-end refused while anything is open, then closed for good; and the
 * bad reports, each refused with the line named and nothing imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderReport, ReconciliationItem } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import type { SandboxPayoutProvider } from '../../providers/payouts/sandbox.ts';
import { applyPaidPayCode } from '../payments/payments.ts';
import { issuePayCode } from '../payments/pay-codes.ts';
import { bookDayOf } from './journal.ts';

const DAY = 86_400_000;
let h: Harness;
let finance: TestStaff;
let approver: TestStaff;
beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }));
  finance = await signedInStaff(h.t, ['finance'], { email: 'recon@books.test' });
  approver = await signedInStaff(h.t, ['finance'], { email: 'approver@books.test' });
});
afterAll(() => h.t.close());

const ops = () => ({ authorization: `Bearer ${h.t.config.OPS_TOKEN}` });
const today = () => bookDayOf(h.t.clock.now(), 'PHP');
async function nextDay() {
  await h.advance(DAY);
  finance = await signInAgain(h.t, finance);
  approver = await signInAgain(h.t, approver);
}
const data = <T>(res: { statusCode: number; body: string; json(): unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return (res.json() as { data: T }).data;
};
const reportOf = async (id: number) => data<{ report: ProviderReport; items: ReconciliationItem[] }>(await finance.call('GET', `/books/reports/${id}`));
const itemCount = async () => Number((await h.t.db.query<{ n: string }>('SELECT count(*) AS n FROM reconciliation_items')).rows[0]!.n);
const reportCount = async () => Number((await h.t.db.query<{ n: string }>('SELECT count(*) AS n FROM provider_reports')).rows[0]!.n);

/** A due order paid in full at the sandbox's counter; its pay code. */
async function paidAtCounter(): Promise<{ code: string; amountMinor: number; orderId: number }> {
  const { borrowerId } = await h.t.newBorrower();
  const order = await h.order(borrowerId, 174, { dueInDays: 1 });
  const res = await h.t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: ops(), payload: { orderId: order.id, purpose: 'repay', amount: 560500 } });
  const code = res.json().data as { code: string; amountMinor: number };
  expect((await h.markPaid(code.code)).status).toBe(200);
  return { ...code, orderId: order.id };
}

describe("the sandbox's report of a day, fetched through its adapter", () => {
  it('matches what was booked, names what was not, resolves each item with an audit, and closes the day only when nothing is open', async () => {
    const day = today();
    const a = await paidAtCounter();
    const b = await paidAtCounter();
    // Booked, not in the report: a code the books applied with no word from the sandbox.
    const { borrowerId } = await h.t.newBorrower();
    const lone = await h.order(borrowerId, 174, { dueInDays: 1 });
    const loneCode = await issuePayCode(h.t, { orderId: lone.id, purpose: 'repay', now: h.t.clock.now() });
    await applyPaidPayCode(h.t, { code: loneCode.code, now: h.t.clock.now(), source: 'seed' });
    // In the report, not booked: the sandbox took money whose notification never reached us.
    await h.t.payments.recordCounterPayment!({ txnId: 'LOST-1', refNo: 'code:LOST-1', status: 'S', amountMinor: 250_000, now: h.t.clock.now() });

    // Not before the day has ended.
    const early = await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox', day });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(`The report is for ${day}, which has not ended yet (today is ${day} for sandbox). Nothing was imported.`);

    await nextDay();
    const report = data<ProviderReport>(await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox', day }));
    expect(report).toMatchObject({ provider: 'sandbox', reportDay: day, fileName: `sandbox-${day}.csv`, lineCount: 3, matched: 2, open: 2, closed: false });
    const { items } = await reportOf(report.id);
    const byRef = new Map(items.map((i) => [i.reference, i]));
    expect(byRef.get(`code:${a.code}`)).toMatchObject({ state: 'matched', lineNo: expect.any(Number), reportAmountMinor: 560500, bookedAmountMinor: 560500, reportFeeMinor: 1000, bookedFeeMinor: 1000, orderId: a.orderId });
    expect(byRef.get(`code:${b.code}`)?.state).toBe('matched');
    expect(byRef.get('code:LOST-1')).toMatchObject({ state: 'not_booked', reportAmountMinor: 250_000, bookedAmountMinor: null, orderId: null });
    expect(byRef.get(`code:${loneCode.code}`)).toMatchObject({ state: 'not_in_report', lineNo: null, reportAmountMinor: null, bookedAmountMinor: loneCode.amountMinor, orderId: lone.id, orderNo: lone.orderNo });

    // The same report again, or another file for the same day: refused, nothing imported.
    const before = await reportCount();
    const twice = await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox', day });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(new RegExp(`^sandbox's report for ${day} was already imported \\(sandbox-${day}\\.csv, by Test finance at .+\\)\\. Nothing was imported\\.$`));
    expect(await reportCount()).toBe(before);

    // The day cannot close with items open.
    const refused = await finance.call('POST', '/books/close', { provider: 'sandbox', day });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`2 items of sandbox's report for ${day} are open: resolve them, then close the day.`);

    // A matched line needs nothing; a note needs words.
    const matchedItem = byRef.get(`code:${a.code}`)!;
    expect((await finance.call('POST', `/books/items/${matchedItem.id}/resolve`, { action: 'note', note: 'fine' })).json().message).toBe(
      `Item ${matchedItem.id} (code:${a.code}) matched the books: there is nothing to resolve.`,
    );
    const lost = byRef.get('code:LOST-1')!;
    const noWords = await finance.call('POST', `/books/items/${lost.id}/resolve`, { action: 'booked', note: ' ' });
    expect(noWords.statusCode).toBe(400);
    expect(noWords.json().message).toContain('note must say why');

    // Book it: the sandbox's cash as its report says, against suspense for finance to trace.
    const booked = data<{ item: ReconciliationItem; report: ProviderReport }>(
      await finance.call('POST', `/books/items/${lost.id}/resolve`, { action: 'booked', note: 'Paid at the counter; the notification was lost. Tracing the borrower.' }),
    );
    expect(booked.item).toMatchObject({ resolution: 'booked', resolvedBy: 'Test finance', resolutionEntryId: expect.any(Number) });
    expect(booked.report.open).toBe(1);
    const entry = await h.t.db.query<{ account: string; debit: string; credit: string; book_day: string; kind: string }>(
      `SELECT l.account, l.debit_minor AS debit, l.credit_minor AS credit, to_char(e.book_day, 'YYYY-MM-DD') AS book_day, e.kind FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.id = $1 ORDER BY l.id`,
      [booked.item.resolutionEntryId],
    );
    expect(entry.rows.map((r) => [r.kind, r.book_day, r.account, Number(r.debit), Number(r.credit)])).toEqual([
      ['reconciliation', today(), '1100-SANDBOX', 250_000 - 1000, 0],
      ['reconciliation', today(), '5100', 1000, 0],
      ['reconciliation', today(), '2400', 0, 250_000],
    ]);
    // The provider's error: no entry, the note kept.
    const lone2 = byRef.get(`code:${loneCode.code}`)!;
    const marked = data<{ item: ReconciliationItem }>(await finance.call('POST', `/books/items/${lone2.id}/resolve`, { action: 'provider_error', note: 'Sandbox left it out; ticket SBX-12 raised.' }));
    expect(marked.item).toMatchObject({ resolution: 'provider_error', resolutionNote: 'Sandbox left it out; ticket SBX-12 raised.', resolutionEntryId: null });
    const again = await finance.call('POST', `/books/items/${lone2.id}/resolve`, { action: 'note', note: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Item ${lone2.id} (code:${loneCode.code}) was already resolved by Test finance (provider_error).`);

    const audit = await h.t.db.query<{ action: string; outcome: string; target_id: string }>(`SELECT action, outcome, target_id FROM staff_audit WHERE action LIKE 'books.%' ORDER BY id`);
    expect(audit.rows.filter((r) => r.outcome === 'done').map((r) => r.action)).toEqual(['books.report.fetch', 'books.item.resolve', 'books.item.resolve']);

    // Everything resolved: the day closes, once; the dashboard says so.
    const closed = data<{ provider: string; day: string }>(await finance.call('POST', '/books/close', { provider: 'sandbox', day }));
    expect(closed).toMatchObject({ provider: 'sandbox', day });
    expect((await finance.call('POST', '/books/close', { provider: 'sandbox', day })).json().message).toBe(`sandbox's books for ${day} are already closed.`);
    const dashboard = data<{ books: Array<{ provider: string; lastClosedDay: string | null; openItems: number }> }>(await finance.call('GET', '/dashboard'));
    expect(dashboard.books.find((p) => p.provider === 'sandbox')).toEqual({ provider: 'sandbox', lastClosedDay: day, openItems: 0 });
    expect((await finance.call('GET', '/books/reconciliation')).json().data.reports[0]).toMatchObject({ id: report.id, closed: true, open: 0 });

    // A closed day gets no new entries: the database refuses one, and later money books on its own day.
    await expect(
      h.t.db.query(`INSERT INTO journal_entries (book_day, kind, currency, provider, memo, created_at) VALUES ($1, 'reconciliation', 'PHP', 'sandbox', 'late', now())`, [day]),
    ).rejects.toThrow(/closed/);
    const later = await paidAtCounter();
    const laterDay = await h.t.db.query<{ d: string }>(`SELECT to_char(book_day, 'YYYY-MM-DD') AS d FROM journal_entries WHERE provider_ref = $1`, [`code:${later.code}`]);
    expect(laterDay.rows[0]!.d).toBe(today());
    const reimport = await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox', day });
    expect(reimport.json().message).toBe(`sandbox's books for ${day} are closed: its report cannot be imported again. Nothing was imported.`);
  });
});

describe('an uploaded report', () => {
  const header = 'provider,report_day,reference,type,currency,amount_minor,fee_minor';
  const upload = (content: string, provider = 'sandbox', fileName = 'report.csv') => finance.call('POST', '/books/reports', { provider, fileName, content });

  it('finds an amount that differs and a fee that differs, and books the differences', async () => {
    await nextDay();
    const day = today();
    const a = await paidAtCounter();
    const b = await paidAtCounter();
    await nextDay();
    const csv = [header, `sandbox,${day},code:${a.code},collection,PHP,560000,1000`, `sandbox,${day},code:${b.code},collection,PHP,560500,1500`].join('\n');
    const report = data<ProviderReport>(await upload(csv));
    expect(report).toMatchObject({ lineCount: 2, matched: 0, open: 2 });
    const { items } = await reportOf(report.id);
    const amount = items.find((i) => i.reference === `code:${a.code}`)!;
    const fee = items.find((i) => i.reference === `code:${b.code}`)!;
    expect(amount).toMatchObject({ state: 'amount_differs', lineNo: 2, reportAmountMinor: 560000, bookedAmountMinor: 560500 });
    expect(fee).toMatchObject({ state: 'fee_differs', lineNo: 3, reportFeeMinor: 1500, bookedFeeMinor: 1000 });

    const lines = async (entryId: number) =>
      (await h.t.db.query<{ account: string; debit: string; credit: string }>('SELECT account, debit_minor AS debit, credit_minor AS credit FROM journal_lines WHERE entry_id = $1 ORDER BY id', [entryId])).rows.map((r) => [
        r.account,
        Number(r.debit),
        Number(r.credit),
      ]);
    const feeBooked = data<{ item: ReconciliationItem }>(await finance.call('POST', `/books/items/${fee.id}/resolve`, { action: 'booked', note: 'Contract fee went up on the 1st.' }));
    expect(await lines(feeBooked.item.resolutionEntryId!)).toEqual([
      ['1100-SANDBOX', 0, 500],
      ['5100', 500, 0],
    ]);
    const amountBooked = data<{ item: ReconciliationItem }>(await finance.call('POST', `/books/items/${amount.id}/resolve`, { action: 'booked', note: 'Short by ₱5; asked the sandbox.' }));
    expect(await lines(amountBooked.item.resolutionEntryId!)).toEqual([
      ['1100-SANDBOX', 0, 500],
      ['2400', 500, 0],
    ]);
  });

  it('refuses a bad report with the line named, and imports nothing', async () => {
    const day = bookDayOf(new Date(h.t.clock.now().getTime() - DAY), 'PHP');
    const line = (rest: string) => `sandbox,${day},${rest}`;
    const cases: Array<[string, string, string?]> = [
      ['reference,amount\nX,1', 'Line 1: this is not a report in the books\' format: the header must be "provider,report_day,reference,type,currency,amount_minor,fee_minor" (docs/books.md, "Report format"). Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,100,0')}\n${line('R2,collection,PHP,-5,0')}`, 'Line 3: amount_minor "-5" must be a whole number of minor units above 0. Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,10.50,0')}`, 'Line 2: amount_minor "10.50" must be a whole number of minor units above 0. Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,100,-1')}`, 'Line 2: fee_minor "-1" must be a whole number of minor units, 0 or more. Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,100,0')}\n${line('R1,collection,PHP,100,0')}`, 'Line 3: reference R1 (collection) is on line 2 too. Nothing was imported.'],
      [`${header}\n${line('R1,payout,PHP,100,0')}`, 'Line 2: type "payout" is not one of collection (a collections provider\'s report). Nothing was imported.'],
      [`${header}\n${line('R1,collection,INR,100,0')}`, 'Line 2: currency "INR" is not PHP, sandbox\'s currency. Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,100')}`, 'Line 2: it has 6 columns, the format has 7. Nothing was imported.'],
      [`${header}\ndragonpay,${day},R1,collection,PHP,100,0`, 'Line 2: provider is "dragonpay", but this is sandbox\'s report. Nothing was imported.'],
      [`${header}\n${line('R1,collection,PHP,100,0')}`, 'Unknown provider "paypal": this server reconciles sandbox, sandbox-payouts, sandbox-payouts-inr. Nothing was imported.', 'paypal'],
    ];
    const before = await reportCount();
    const itemsBefore = await itemCount();
    for (const [content, message, provider] of cases) {
      const res = await upload(content, provider);
      expect(res.statusCode, content).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // A good first line is not kept when a later line fails: no report, no item.
    expect(await reportCount()).toBe(before);
    expect(await itemCount()).toBe(itemsBefore);
    const agent = await signedInStaff(h.t, ['agent']);
    expect((await agent.call('POST', '/books/reports', { provider: 'sandbox', fileName: 'x.csv', content: `${header}\n${line('R1,collection,PHP,100,0')}` })).statusCode).toBe(403);
    expect((await agent.call('GET', '/books/trial-balance?from=2026-01-01&to=2026-12-31')).statusCode).toBe(403);
  });
});

describe('a payment late in the day, on the next day\'s report', () => {
  it("matches there, and the earlier report's item for it is settled with a note", async () => {
    await nextDay();
    const day = today();
    const late = await paidAtCounter();
    await nextDay();
    const header = 'provider,report_day,reference,type,currency,amount_minor,fee_minor';
    const first = data<ProviderReport>(await finance.call('POST', '/books/reports', { provider: 'sandbox', fileName: 'first.csv', content: `${header}\nsandbox,${day},OTHER-1,collection,PHP,100,0` }));
    const missing = (await reportOf(first.id)).items.find((i) => i.reference === `code:${late.code}`)!;
    expect(missing.state).toBe('not_in_report');
    const nextDayName = today();
    await nextDay();
    const second = data<ProviderReport>(
      await finance.call('POST', '/books/reports', { provider: 'sandbox', fileName: 'second.csv', content: `${header}\nsandbox,${nextDayName},code:${late.code},collection,PHP,560500,1000` }),
    );
    expect(second).toMatchObject({ matched: 1, open: 0 });
    const settled = (await reportOf(first.id)).items.find((i) => i.id === missing.id)!;
    expect(settled).toMatchObject({ resolution: 'note', resolvedBy: 'reconciliation', resolutionNote: `Listed by sandbox's report for ${nextDayName} (report ${second.id}).` });
  });
});

describe("the payout provider's report", () => {
  it("matches a payout made through it, amount and fee, by the attempt's reference", async () => {
    const borrower = await h.t.newBorrower({ name: 'Ana Reyes' });
    const order = await h.order(borrower.borrowerId, ORDER_STATUS.inReview);
    await h.t.db.transaction((tx) =>
      seedDemoPayoutAccounts(tx, h.t.cardData, { id: borrower.borrowerId, name: 'Ana Reyes' }, [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: '1234567890' }], h.t.clock.now()),
    );
    const day = today();
    expect((await approver.call('POST', `/orders/${order.id}/move`, { to: ORDER_STATUS.disbursing })).statusCode).toBe(200);
    const released = data<{ payout: { reference: string; amountMinor: number } }>(await finance.call('POST', `/orders/${order.id}/release`, {}));
    await (h.t.payouts.byName('sandbox') as SandboxPayoutProvider).delivered();
    await nextDay();
    const report = data<ProviderReport>(await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox-payouts', day }));
    expect(report).toMatchObject({ provider: 'sandbox-payouts', lineCount: 1, matched: 1, open: 0 });
    const { items } = await reportOf(report.id);
    expect(items).toEqual([expect.objectContaining({ reference: released.payout.reference, state: 'matched', reportAmountMinor: released.payout.amountMinor, reportFeeMinor: 1000, orderId: order.id })]);
    expect(data<{ day: string }>(await finance.call('POST', '/books/close', { provider: 'sandbox-payouts', day })).day).toBe(day);
  });

  it('imports a quiet day fetched from the provider as a report of no lines, and the day closes', async () => {
    const quiet = bookDayOf(new Date(h.t.clock.now().getTime() - 40 * DAY), 'INR');
    const report = data<ProviderReport>(await finance.call('POST', '/books/reports/fetch', { provider: 'sandbox-payouts-inr', day: quiet }));
    expect(report).toMatchObject({ provider: 'sandbox-payouts-inr', reportDay: quiet, lineCount: 0, matched: 0, open: 0 });
    expect(data<{ day: string }>(await finance.call('POST', '/books/close', { provider: 'sandbox-payouts-inr', day: quiet })).day).toBe(quiet);
    // Uploaded, a file with no lines names no day: refused.
    const empty = await finance.call('POST', '/books/reports', { provider: 'sandbox-payouts-inr', fileName: 'empty.csv', content: 'provider,report_day,reference,type,currency,amount_minor,fee_minor\n' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("The report has a header and no lines, so it names no day (a fetched report of a quiet day needs none). Nothing was imported.");
  });
});

describe('the trial balance, the journal and its export', () => {
  it('sums to zero, lists each entry with its lines and order, and exports one CSV row per line', async () => {
    const to = today();
    const tb = data<{ rows: Array<{ code: string; closingMinor: number }>; totals: { openingMinor: number; debitMinor: number; creditMinor: number; closingMinor: number } }>(
      await finance.call('GET', `/books/trial-balance?from=2026-01-01&to=${to}&currency=PHP`),
    );
    expect(tb.totals.closingMinor).toBe(0);
    expect(tb.totals.debitMinor).toBe(tb.totals.creditMinor);
    expect(tb.rows.map((r) => r.code)).toEqual(expect.arrayContaining(['1100-SANDBOX', '1200-SANDBOX-PAYOUTS', '1400', '1410', '2300', '4100', '4200', '5100']));
    const journal = data<{ items: Array<{ kind: string; lines: unknown[]; orderNo: string | null }>; total: number }>(await finance.call('GET', `/books/journal?from=2026-01-01&to=${to}&pageSize=100`));
    expect(journal.total).toBeGreaterThan(5);
    expect(journal.items.find((e) => e.kind === 'disbursement')).toMatchObject({ orderNo: expect.any(String) });
    const csv = data<{ fileName: string; content: string }>(await finance.call('GET', `/books/journal/export?from=2026-01-01&to=${to}`));
    expect(csv.fileName).toBe(`journal-2026-01-01-to-${to}.csv`);
    const rows = csv.content.trim().split('\r\n');
    expect(rows[0]).toBe('JournalNo,JournalDate,Currency,AccountCode,AccountName,Debits,Credits,Description,Order,Payment,Payout,Provider,ProviderReference');
    const lineCount = Number((await h.t.db.query<{ n: string }>(`SELECT count(*) AS n FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.book_day <= $1`, [to])).rows[0]!.n);
    expect(rows).toHaveLength(lineCount + 1);
    expect(rows.some((r) => /^\d+,\d{4}-\d\d-\d\d,PHP,1400,Loans receivable \(principal\),5000\.00,,/.test(r))).toBe(true);
    const bad = await finance.call('GET', `/books/trial-balance?from=${to}&to=2026-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('from must be on or before to');
  });
});
