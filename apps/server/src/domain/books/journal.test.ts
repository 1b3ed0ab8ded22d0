/**
 * The journal's property (issue 37, docs/books.md): over random sequences of the loan's money events —
 * paid out through the payout provider (or opened from a loan paid out before the books), payments
 * at the counter and finance's postings split into charges, interest, fee and principal, days passing
 * so late charges are booked, rollovers, a cooling-off cancellation's waiver, money beyond the debt
 * held as credit, money that could not be applied held whole, a credit refunded, a payout the bank
 * returned — every entry balances, the trial balance sums to zero, each order's receivable accounts
 * equal what its own ledger says is owed, and its credits account equals what is held for it.
 * All through the real doors (the ops counter, the staff API, the payouts room's provider word).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelPayCodeRoute, coolingOffRoute, type StaffPaymentException } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signInAgain, signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { seedDemoPayoutAccounts } from '../../modules/bind-bank/seed.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { quote } from '../../loan-terms/position.ts';
import type { SandboxPayoutProvider } from '../../providers/payouts/sandbox.ts';
import { toLoanState, viewOrder, type OrderRow } from '../orders/service.ts';
import { settleProviderTransaction } from '../payments/provider-settlement.ts';
import { listOrderPayouts } from '../payouts/payouts.ts';
import { applyPayoutAnswer } from '../payouts/arrival.ts';
import { ACCOUNTS } from './accounts.ts';
import { openAllOrders } from './journal.ts';
import { receivablesPerOrder, trialBalance } from './reports.ts';

const RUNS = 30;
const DAY = 86_400_000;
/** Every order may be rolled over (the product's flag). */
const ROLLS_OVER = { isDelay: '1' } as const;

let h: Harness;
let approver: TestStaff;
let finance: TestStaff;
let references = 0;
let lastRefusal = '';
beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650, PAYOUT_DAILY_LIMIT_MINOR: 1_000_000_000, POSTING_APPROVAL_ABOVE_MINOR: 1_000_000_000 }));
  approver = await signedInStaff(h.t, ['finance'], { email: 'approver@books.test' });
  finance = await signedInStaff(h.t, ['finance'], { email: 'finance@books.test' });
});
afterAll(() => h.t.close());

const ops = () => ({ authorization: `Bearer ${h.t.config.OPS_TOKEN}` });
const now = () => h.t.clock.now();

interface Loan {
  order: OrderRow;
  session: Record<string, string>;
  /** Paid out through the payout provider (else opened from its ledger). */
  payoutReference: string | null;
}

/** An order in review with a bound account, approved by one finance user and released by another: the sandbox pays it out at once. */
async function releasedLoan(): Promise<Loan> {
  const borrower = await h.t.newBorrower({ name: 'Ana Reyes' });
  const order = await h.order(borrower.borrowerId, ORDER_STATUS.inReview, { flags: ROLLS_OVER });
  await h.t.db.transaction((tx) =>
    seedDemoPayoutAccounts(tx, h.t.cardData, { id: borrower.borrowerId, name: 'Ana Reyes' }, [{ productId: order.productId, orderIds: [order.id], bankCode: 'BDO', accountNumber: '1234567890' }], now()),
  );
  expect((await approver.call('POST', `/orders/${order.id}/move`, { to: ORDER_STATUS.disbursing })).statusCode).toBe(200);
  const released = await finance.call('POST', `/orders/${order.id}/release`, {});
  expect(released.statusCode, released.body).toBe(200);
  await (h.t.payouts.byName('sandbox') as SandboxPayoutProvider).delivered();
  const after = await h.reload(order.id);
  expect(after.status).toBe(ORDER_STATUS.repaying);
  return { order: after, session: borrower.session, payoutReference: released.json().data.payout.reference as string };
}
async function openedLoan(kind: 'due' | 'new'): Promise<Loan> {
  const borrower = await h.t.newBorrower();
  const order = kind === 'due' ? await h.order(borrower.borrowerId, 174, { dueInDays: 1, flags: ROLLS_OVER }) : await h.order(borrower.borrowerId, 170, { disbursedDaysAgo: 0, flags: ROLLS_OVER });
  // Paid out outside a payout provider: opened from its ledger, as the start and the books-opening job do.
  await openAllOrders(h.t.db, now());
  return { order, session: borrower.session, payoutReference: null };
}

const owedByLedger = (o: OrderRow) => {
  const s = toLoanState(o);
  return s.principalMinor + s.interestMinor + s.feeMinor + s.extraChargesMinor - s.paidMinor;
};

async function issue(l: Loan, amount: number, purpose: 'repay' | 'rollover' = 'repay') {
  const res = await h.t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: ops(), payload: { orderId: l.order.id, purpose, amount } });
  if (res.statusCode !== 200) lastRefusal = `${purpose} ${amount}: ${res.json().message}`;
  return res.statusCode === 200 ? (res.json().data as { code: string; amountMinor: number; txnId?: string }) : null;
}
async function exceptionsOf(orderId: number): Promise<StaffPaymentException[]> {
  const res = await finance.call('GET', '/payment-exceptions?pageSize=100');
  return (res.json().data.items as StaffPaymentException[]).filter((e) => e.orderId === orderId);
}
async function accountOfOrder(orderId: number, account: string): Promise<number> {
  const { rows } = await h.t.db.query<{ balance: string | null }>(
    `SELECT SUM(l.debit_minor - l.credit_minor) AS balance FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.order_id = $1 AND l.account = $2`,
    [orderId, account],
  );
  return Number(rows[0]?.balance ?? 0);
}

const step = fc.oneof(
  fc.record({ door: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 25 }) }),
  fc.record({ door: fc.constant('counter' as const), share: fc.double({ min: 0.05, max: 1.6, noNaN: true }) }),
  fc.record({ door: fc.constant('twice' as const) }),
  fc.record({ door: fc.constant('post' as const), share: fc.double({ min: 0.05, max: 1.4, noNaN: true }) }),
  fc.record({ door: fc.constant('rollover' as const) }),
  fc.record({ door: fc.constant('cancel' as const) }),
  fc.record({ door: fc.constant('mismatch' as const) }),
  fc.record({ door: fc.constant('refund' as const) }),
  fc.record({ door: fc.constant('reverse' as const) }),
);

describe('the journal over random sequences of money events (fast-check)', () => {
  it(`balances every entry, sums the trial balance to zero, and keeps each order's receivables and credits equal to its ledger, over ${RUNS} sequences`, async () => {
    const tally = new Map<string, number>();
    const count = (what: string) => tally.set(what, (tally.get(what) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('released' as const, 'due' as const, 'new' as const), fc.array(step, { minLength: 1, maxLength: 8 }), async (start, plan) => {
        const l = start === 'released' ? await releasedLoan() : await openedLoan(start);
        count(`start: ${start}`);
        for (const s of plan) {
          const order = await h.reload(l.order.id);
          const owed = owedByLedger(order);
          if (s.door === 'advance') {
            await h.advance(s.days * DAY);
            approver = await signInAgain(h.t, approver);
            finance = await signInAgain(h.t, finance);
            count('advance');
          } else if (s.door === 'counter') {
            // A share of 1 or more pays everything owed now (accrued late interest included).
            const total = viewOrder(order, now()).position?.totalOwedMinor ?? 0;
            const code = await issue(l, s.share >= 1 ? total : Math.max(1, Math.round(total * s.share)));
            if (!code) continue;
            const paid = await h.markPaid(code.code);
            count(`counter: ${paid.status === 200 ? paid.body.data.outcome : 'refused'}`);
          } else if (s.door === 'twice') {
            // Two doors pay the same debt: a code for all of it, finance's posting of all but ₱1, then the code at the counter.
            const total = viewOrder(order, now()).position?.totalOwedMinor ?? 0;
            const code = total > 100 ? await issue(l, total) : null;
            if (!code) continue;
            await finance.call('POST', `/orders/${l.order.id}/payments`, { amountMinor: total - 100, method: 'bank-transfer', reference: `BT-${++references}` });
            const paid = await h.markPaid(code.code);
            count(`twice: ${paid.status === 200 ? `${paid.body.data.outcome}${paid.body.data.unappliedMinor > 0 ? ' +credit' : ''}` : 'refused'}`);
          } else if (s.door === 'post') {
            const res = await finance.call('POST', `/orders/${l.order.id}/payments`, { amountMinor: Math.max(1, Math.round(Math.max(owed, 10_000) * s.share)), method: 'counter', reference: `OR-${++references}` });
            count(`post: ${res.statusCode}`);
          } else if (s.door === 'rollover') {
            const amount = quote(toLoanState(order), 'rollover', now());
            const code = amount > 0 ? await issue(l, amount, 'rollover') : null;
            if (!code) {
              count(`rollover: not issued (${lastRefusal.replace(/Order \S+ /, '')})`);
              continue;
            }
            const paid = await h.markPaid(code.code);
            count(`rollover: ${paid.status === 200 ? paid.body.data.outcome : 'refused'}`);
          } else if (s.door === 'cancel') {
            const info = (await h.call(coolingOffRoute, l.session, { orderId: l.order.id })).body.data as { cancellable?: boolean; exitAmount: number; channels: Array<{ channelNumber: string }> } | undefined;
            if (!info || !(info.exitAmount > 0)) continue;
            const issued = await h.call(cancelPayCodeRoute, l.session, { orderId: l.order.id, amount: info.exitAmount, channelNumber: info.channels[0]!.channelNumber });
            if (issued.body.code !== 0) continue;
            const code = new URLSearchParams((issued.body.data.payUrl as string).split('?')[1]).get('payCode')!;
            const paid = await h.markPaid(code);
            count(`cancel: ${paid.status === 200 ? paid.body.data.outcome : 'refused'}`);
          } else if (s.door === 'mismatch') {
            // The provider took another amount than the code's: nothing applied, all of it held.
            const code = await issue(l, Math.max(1, Math.round(Math.max(owed, 10_000) / 3)));
            if (!code) continue;
            const { rows } = await h.t.db.query<{ txn_id: string }>('SELECT txn_id FROM pay_codes WHERE code = $1', [code.code]);
            const settled = await settleProviderTransaction(h.t, 'sandbox', { txnId: rows[0]!.txn_id, refNo: `MM-${++references}`, status: 'S', amountMinor: code.amountMinor + 777 }, now());
            count(`mismatch: ${settled.outcome}`);
          } else if (s.door === 'refund') {
            const open = (await exceptionsOf(l.order.id)).find((e) => e.refund === null);
            if (!open) continue;
            const res = await finance.call('POST', `/payment-exceptions/${open.id}/refund`, { reference: `TR-${++references}` });
            expect(res.statusCode, res.body).toBe(200);
            count('refund');
          } else if (s.door === 'reverse') {
            if (!l.payoutReference) continue;
            const payout = (await listOrderPayouts(h.t.db, l.order.id)).find((p) => p.reference === l.payoutReference);
            if (!payout || payout.status !== 'paid') continue;
            await h.t.db.transaction((tx) => applyPayoutAnswer(tx, { reference: payout.reference, status: 'reversed', providerRef: payout.providerRef, failureKind: 'account_closed', failureReason: 'Account closed', paidAt: null }, now()));
            count('reverse');
          }
        }
        // Every entry balances.
        const unbalanced = await h.t.db.query('SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING SUM(debit_minor - credit_minor) <> 0');
        expect(unbalanced.rows).toEqual([]);
        // The trial balance sums to zero, in each currency.
        const today = new Date(now().getTime() + DAY).toISOString().slice(0, 10);
        for (const currency of ['PHP', 'INR'] as const) {
          const tb = await trialBalance(h.t.db, { from: '2000-01-01', to: today, currency });
          expect(tb.totals.closingMinor, `${currency} trial balance`).toBe(0);
          expect(tb.totals.debitMinor).toBe(tb.totals.creditMinor);
        }
        // The order's receivables are what its ledger says it owes; its credits what is held for it.
        const after = await h.reload(l.order.id);
        expect((await receivablesPerOrder(h.t.db)).get(l.order.id) ?? 0, `order ${after.orderNo} receivables`).toBe(owedByLedger(after));
        const held = (await exceptionsOf(l.order.id)).reduce((sum, e) => sum + (e.refund ? 0 : e.heldMinor), 0);
        const credits = await accountOfOrder(l.order.id, ACCOUNTS.borrowerCredits.code);
        expect(held + credits, `order ${after.orderNo}: credits booked ${-credits}, held ${held}`).toBe(0);
      }),
      {
        numRuns: RUNS,
        // Each event at least once, whatever the random draws.
        examples: [
          ['due', [{ door: 'counter', share: 1.2 }]],
          ['due', [{ door: 'twice' }, { door: 'refund' }]],
          // 89 days on, a 91-day loan is within its due window: it can be rolled over (the random plans rarely get that far).
          ['released', [{ door: 'advance', days: 25 }, { door: 'advance', days: 25 }, { door: 'advance', days: 25 }, { door: 'advance', days: 14 }, { door: 'rollover' }, { door: 'post', share: 0.5 }, { door: 'reverse' }]],
          ['new', [{ door: 'cancel' }]],
          ['due', [{ door: 'mismatch' }, { door: 'refund' }]],
        ],
      },
    );
    // Every kind of event was exercised.
    const seen = [...tally.keys()].join(' | ');
    for (const kind of ['start: released', 'advance', 'counter: settled', 'twice: settled +credit', 'post: 200', 'rollover: rolled_over', 'cancel: cancelled', 'mismatch: exception', 'refund', 'reverse']) {
      expect(seen, `no "${kind}" in ${seen}`).toContain(kind);
    }
    console.info(`journal property: ${[...tally].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  }, 600_000);
});

describe('the opening pass', () => {
  it('passes by an order settled before the books opened it (nothing owed, nothing booked) and ends', async () => {
    const borrower = await h.t.newBorrower();
    const settled = await h.order(borrower.borrowerId, ORDER_STATUS.settled);
    const due = await h.order(borrower.borrowerId, 174, { dueInDays: 1 });
    // The due order is opened, the settled one only noted; the pass ends (it once went round the settled order for ever).
    expect(await openAllOrders(h.t.db, now())).toBe(1);
    const entries = await h.t.db.query<{ order_id: string; kind: string }>('SELECT order_id, kind FROM journal_entries WHERE order_id = ANY($1::bigint[]) ORDER BY order_id', [[settled.id, due.id]]);
    expect(entries.rows.map((r) => [Number(r.order_id), r.kind])).toEqual([[due.id, 'opening']]);
    const noted = await h.t.db.query<{ order_id: string }>('SELECT order_id FROM books_nothing_to_open WHERE order_id = $1', [settled.id]);
    expect(noted.rows).toHaveLength(1);
    // The next pass reads neither again.
    expect(await openAllOrders(h.t.db, now())).toBe(0);
  });
});
