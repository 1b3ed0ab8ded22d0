/**
 * A fast-check model of the loan state machine (issue 11, docs/security.md): random sequences of
 * borrower and provider actions — card repayment commit, confirm with the right or a wrong code,
 * the same commit retried, rollover and repayment by pay code (full and partial), codes left open and
 * paid later (for more than is owed by then, after settlement, voided), the provider repeating its
 * notification, and the clock moving by hours or days — run against the real app and database. The
 * model (loan-model.ts) computes every expected figure with the loan-terms functions; after each
 * command: no payment applied twice, the ledger equals the model, nothing owed is negative, nothing
 * beyond what was owed in the ledger but each excess in one payment exception, the shown status
 * moved only along the allowed graph, one lender day at a time, and the books agree (every entry
 * balances, the receivables are what the ledger says is owed, the credits what is held).
 *
 * FC_SEED / FC_RUNS reproduce or widen a run; a failure prints its seed and path.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVcodeRoute, repaymentCommitRoute, repaymentConfirmRoute, repaymentWayRoute, ROLLOVER_FLAG, type SessionParams } from '@cashloan/contract';
import { createHarness, type Harness } from '../../apps/server/src/test-support/repayment-harness.ts';
import { DAY_MS } from '../../apps/server/src/platform/clock/clock.ts';
import { loanPosition } from '../../apps/server/src/loan-terms/position.ts';
import { ORDER_STATUS, type OrderStatus } from '../../apps/server/src/loan-terms/status.ts';
import { toLoanState, viewOrder } from '../../apps/server/src/domain/orders/service.ts';
import { loadOrder } from '../../apps/server/src/domain/orders/service.ts';
import type { RepaymentCard } from '../../apps/server/src/domain/bank-cards/service.ts';
import { CARD_MESSAGES } from '../../apps/server/src/modules/card-repayment/service.ts';
import { MESSAGES as REPAY_MESSAGES } from '../../apps/server/src/domain/payments/repaying-order.ts';
import { CODE_MESSAGES } from '../../apps/server/src/modules/card-repayment/codes.ts';
import { openAllOrders } from '../../apps/server/src/domain/books/journal.ts';
import {
  REPAY_TOKEN_TTL_MS,
  allowedMove,
  capViolation,
  codeVerdict,
  countDays,
  commitLimit,
  hold,
  newModel,
  pay,
  paymentRefusal,
  quoteOf,
  resendOutcome,
  shownOf,
  tokenExpired,
  type CardRecord,
  type LoanModel,
  type OpenCode,
} from './loan-model.ts';

const RUNS = Number(process.env.FC_RUNS ?? 1000);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
const HOUR_MS = 3_600_000;
/** What a card repayment stopped by its last wrong code answers to every confirm and commit. */
const CLOSED = { code: '800007', message: CODE_MESSAGES.checksUsed, data: null };
/** The first over-the-counter channel of the seeded catalogue. */
const COUNTER_CHANNEL = '90006';

interface Real {
  h: Harness;
  session: SessionParams;
  orderId: number;
  productId: number;
  card: RepaymentCard;
}
type Cmd = fc.AsyncCommand<LoanModel, Real>;

let h: Harness;
let origin = 0;
let steps = 0;
/** What the run exercised (printed at the end): outcomes per command and the status moves seen. */
const seen = new Map<string, number>();
const tally = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
beforeAll(async () => {
  h = await createHarness();
  origin = h.t.clock.now().getTime();
});
afterAll(() => h.t.close());

const now = () => h.t.clock.now();
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

// ---- the commands ---------------------------------------------------------------------------------

/** repayment-way then repayment-commit with the amount it quoted (a fresh token each time). */
class CommitCard implements Cmd {
  check = () => true;
  async run(m: LoanModel, r: Real) {
    const refusal = paymentRefusal(m, 'repay', now());
    const way = (await r.h.call(repaymentWayRoute, r.session, { orderId: r.orderId })).body;
    tally(`commit: ${refusal ?? (m.cardRemembered ? 'charged at once' : 'code sent')}`);
    if (refusal) {
      expect(way.code, `repayment-way refused (${refusal})`).not.toBe('00');
      return;
    }
    expect(way.code, way.message).toBe('00');
    const amount = quoteOf(m, 'repay', now());
    expect(way.data.repayAmount).toBe(amount);
    const token = way.data.repayToken as string;
    const { body } = await r.h.call(repaymentCommitRoute, r.session, commitPayload(r, token, amount));
    const limit = commitLimit(m, now());
    if (limit) {
      tally(`commit: refused, ${limit} of the day used up`);
      const message = limit === 'repayments' ? CARD_MESSAGES.dailyLimit : limit === 'sends' ? CODE_MESSAGES.sendsToday : CODE_MESSAGES.checksToday;
      return void expect(body).toEqual({ code: '429', message, data: null });
    }
    expect(body.code, body.message).toBe('00');
    const id = body.data.repayRecordId as number;
    for (const earlier of m.records) if (earlier.status === 'pending') earlier.status = 'cancelled';
    const at = now().getTime();
    const record: CardRecord = { id, token, tokenExpiresAt: at + REPAY_TOKEN_TTL_MS, amountMinor: amount, status: 'pending', codeSentAt: at, sends: 1, checks: 0 };
    m.records.push(record);
    m.madeAt.push(at);
    if (m.cardRemembered) {
      expect(body.data.needValid).toBe(0);
      record.status = 'paid';
      pay(m, amount, 'repay', now());
      m.cardPayments += 1;
    } else {
      expect(body.data.needValid).toBe(1);
      m.sentAt.push(at);
    }
  }
  toString = () => 'commitCard';
}

/** repayment-confirm of the newest (or the oldest) record with its right code, or a wrong one `times` times in a row. */
class Confirm implements Cmd {
  constructor(
    readonly right: boolean,
    readonly pickOlder: boolean,
    readonly times = 1,
  ) {}
  check = (m: Readonly<LoanModel>) => m.records.length > 0;
  async run(m: LoanModel, r: Real) {
    for (let i = 0; i < this.times; i++) await this.once(m, r);
  }
  async once(m: LoanModel, r: Real) {
    const record = this.pickOlder ? m.records[0]! : m.records.at(-1)!;
    tally(`confirm ${this.right ? 'right' : 'wrong'} code: record ${record.status}`);
    const code = await r.h.latestCode(r.session.mobilePhone);
    // The newest SMS holds the newest record's code; for an older record it is another record's code.
    const sent = this.right ? code : otherThan(code);
    const { body } = await r.h.call(repaymentConfirmRoute, r.session, { orderId: r.orderId, verifyCode: sent, repaymentRecordId: record.id });
    if (record.status === 'paid') return void expect(body).toMatchObject({ code: '800005', message: CARD_MESSAGES.duplicate });
    if (record.status === 'cancelled') return void expect(body).toMatchObject({ code: '409', message: CARD_MESSAGES.replaced });
    if (record.status === 'closed') return void expect(body).toEqual(CLOSED);
    // Paid meanwhile by other means, or owing another amount today: the card is not charged.
    const owed = shownOf(m.state, now()) === ORDER_STATUS.settled ? 0 : quoteOf(m, 'repay', now());
    if (owed !== record.amountMinor) {
      tally(`confirm: refused, ${owed === 0 ? 'paid meanwhile' : 'amount changed'}`);
      record.status = 'cancelled';
      return void expect(body).toMatchObject({ code: '409', message: owed === 0 ? REPAY_MESSAGES.settled : CARD_MESSAGES.amountChanged });
    }
    const verdict = codeVerdict(m, record, now(), this.right);
    tally(`confirm ${this.right ? 'right' : 'wrong'} code: ${verdict}`);
    if (verdict === 'closed') {
      record.status = 'closed';
      return void expect(body).toEqual(CLOSED);
    }
    if (verdict === 'checksToday') return void expect(body).toEqual({ code: '429', message: CODE_MESSAGES.checksToday, data: null });
    if (verdict === 'expired') return void expect(body).toMatchObject({ code: '409', message: CARD_MESSAGES.codeExpired });
    if (verdict === 'wrong') return void expect(body).toMatchObject({ code: '800006', message: CARD_MESSAGES.wrongCode });
    expect(body.code, body.message).toBe('00');
    record.status = 'paid';
    m.cardRemembered = true;
    m.cardPayments += 1;
    pay(m, record.amountMinor, 'repay', now());
  }
  toString = () => `confirm(${this.right ? 'right' : `wrong ×${this.times}`}${this.pickOlder ? ', oldest' : ''})`;
}

/** The newest commit sent again, as a page retrying after a lost answer or tapping Resend. */
class RetryCommit implements Cmd {
  check = (m: Readonly<LoanModel>) => m.records.length > 0;
  async run(m: LoanModel, r: Real) {
    const record = m.records.at(-1)!;
    const before = (await r.h.outbox(r.session.mobilePhone)).length;
    const { body } = await r.h.call(repaymentCommitRoute, r.session, commitPayload(r, record.token, record.amountMinor));
    const sentNow = (await r.h.outbox(r.session.mobilePhone)).length - before;
    // An expired token is refused before anything else: no answer about the record, no code.
    if (tokenExpired(record, now())) {
      tally('retry commit: token expired');
      expect(sentNow).toBe(0);
      return void expect(body).toEqual({ code: '409', message: CARD_MESSAGES.tokenExpired, data: null });
    }
    if (record.status === 'cancelled') return void expect(body).toMatchObject({ code: '409', message: CARD_MESSAGES.replaced });
    if (record.status === 'closed') return void expect(body).toEqual(CLOSED);
    const outcome = record.status === 'pending' ? resendOutcome(m, record, now()) : 'notDue';
    tally(`retry commit: record ${record.status}${record.status === 'pending' ? `, ${outcome}` : ''}`);
    expect(sentNow).toBe(outcome === 'sent' ? 1 : 0);
    if (outcome === 'resendsUsed') return void expect(body).toEqual({ code: '429', message: CODE_MESSAGES.resendsUsed, data: null });
    if (outcome === 'sendsToday') return void expect(body).toEqual({ code: '429', message: CODE_MESSAGES.sendsToday, data: null });
    expect(body.data).toEqual({ needValid: record.status === 'paid' ? 0 : 1, repayRecordId: record.id });
    if (outcome === 'sent') {
      Object.assign(record, { codeSentAt: now().getTime(), sends: record.sends + 1 });
      m.sentAt.push(now().getTime());
    }
  }
  toString = () => 'retryCommit';
}

/** A counter pay code (generate-vcode, rollover when asked) or a back-office partial one, then the provider's "paid". */
class PayByCode implements Cmd {
  constructor(
    readonly kind: 'repay' | 'rollover' | 'partial',
    readonly share: number,
  ) {}
  check = () => true;
  async run(m: LoanModel, r: Real) {
    const purpose = this.kind === 'rollover' ? 'rollover' : 'repay';
    const refusal = paymentRefusal(m, purpose, now());
    const quoted = quoteOf(m, purpose, now());
    tally(`pay ${this.kind}: ${refusal ?? 'applied'}`);
    let code: string | null = null;
    let amount = quoted;
    if (this.kind === 'partial') {
      amount = Math.max(1, Math.floor(quoted * this.share));
      const res = await r.h.t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: ops(), payload: { orderId: r.orderId, purpose, amount } });
      if (!refusal) code = res.json().data.code as string;
      else expect(res.statusCode).not.toBe(200);
    } else {
      const payload = { productId: r.productId, orderId: r.orderId, amount: quoted, channelNumber: COUNTER_CHANNEL, ...(purpose === 'rollover' ? { isDelay: ROLLOVER_FLAG } : {}) };
      const { body } = await r.h.call(generateVcodeRoute, r.session, payload);
      // This family answers success as code 0 (spec section 8).
      if (refusal) return void expect(body.code, `generate-vcode refused (${refusal})`).not.toBe(0);
      expect(body.code, body.message).toBe(0);
      const url = new URL(body.data.payUrl as string, 'http://h5.test');
      expect(Number(url.searchParams.get('repayAmount'))).toBe(quoted);
      code = url.searchParams.get('payCode');
    }
    if (!code) return;
    const paid = await r.h.markPaid(code);
    expect(paid.body.message).toBe('success');
    m.lastPaidCode = code;
    pay(m, amount, purpose, now());
  }
  toString = () => `pay(${this.kind}${this.kind === 'partial' ? ` ${this.share.toFixed(2)}` : ''})`;
}

/** A second over-the-counter channel: codes left open are issued here, apart from PayByCode's. */
const LATER_CHANNEL = '90007';

/**
 * A code issued and left open, to be paid later: the quote (generate-vcode, repay or rollover) or a
 * back-office code for a share of what is owed, up to more than all of it.
 */
class IssueForLater implements Cmd {
  constructor(
    readonly kind: 'repay' | 'rollover' | 'share',
    readonly share: number,
  ) {}
  check = () => true;
  async run(m: LoanModel, r: Real) {
    const purpose = this.kind === 'rollover' ? 'rollover' : 'repay';
    const refusal = paymentRefusal(m, purpose, now());
    tally(`issue for later ${this.kind}: ${refusal ?? 'issued'}`);
    let code: string;
    if (this.kind === 'share') {
      const amount = Math.max(1, Math.round(loanPosition(m.state, now()).totalOwedMinor * this.share));
      const res = await r.h.t.app.inject({ method: 'POST', url: '/ops/pay-codes', headers: ops(), payload: { orderId: r.orderId, purpose, amount, channelNumber: LATER_CHANNEL } });
      if (refusal) return void expect(res.statusCode).not.toBe(200);
      code = res.json().data.code as string;
    } else {
      const payload = { productId: r.productId, orderId: r.orderId, amount: quoteOf(m, purpose, now()), channelNumber: LATER_CHANNEL, ...(purpose === 'rollover' ? { isDelay: ROLLOVER_FLAG } : {}) };
      const { body } = await r.h.call(generateVcodeRoute, r.session, payload);
      if (refusal) return void expect(body.code, `generate-vcode refused (${refusal})`).not.toBe(0);
      expect(body.code, body.message).toBe(0);
      code = new URL(body.data.payUrl as string, 'http://h5.test').searchParams.get('payCode')!;
    }
    // The same amount again answers the same live code.
    if (m.openCodes.some((c) => c.code === code)) return;
    const { rows } = await r.h.t.db.query<{ amount_minor: string; expires_at: Date }>('SELECT amount_minor, expires_at FROM pay_codes WHERE code = $1', [code]);
    m.openCodes.push({ code, amountMinor: Number(rows[0]!.amount_minor), purpose, expiresAt: rows[0]!.expires_at.getTime(), voided: false });
  }
  toString = () => `issueForLater(${this.kind}${this.kind === 'share' ? ` ${this.share.toFixed(2)}` : ''})`;
}

/**
 * The borrower pays a code left open, whatever happened since: voided (the order was settled) it
 * takes no money; paid after settlement (an expired code, never voided) it is held whole; otherwise
 * it is applied up to what is owed and the rest held (loan-model.ts pay).
 */
class PayLater implements Cmd {
  constructor(readonly pick: number) {}
  check = (m: Readonly<LoanModel>) => m.openCodes.length > 0;
  async run(m: LoanModel, r: Real) {
    const code: OpenCode = m.openCodes.splice(this.pick % m.openCodes.length, 1)[0]!;
    const paid = await r.h.markPaid(code.code);
    if (code.voided) {
      tally('pay later: voided, nothing taken');
      expect(paid.status).toBe(409);
      return void expect(paid.body.message).toMatch(/^Not applied: pay code \d+ was voided \(payment \d+ .+\); the sandbox's counter takes no money for it\.$/);
    }
    if (shownOf(m.state, now()) === ORDER_STATUS.settled) {
      tally('pay later: after settlement, held whole');
      expect(paid.status).toBe(409);
      expect(paid.body.message).toContain('Recorded as an exception for finance');
      return hold(m, code.amountMinor);
    }
    expect(paid.body.message, JSON.stringify(paid.body)).toBe('success');
    const owed = loanPosition(m.state, now()).totalOwedMinor;
    tally(`pay later: applied${code.amountMinor > owed ? ', the rest held' : ''}`);
    m.lastPaidCode = code.code;
    pay(m, code.amountMinor, code.purpose, now());
  }
  toString = () => `payLater(${this.pick})`;
}

/** The provider reports the same payment again: it is answered as already applied and changes nothing. */
class RepeatNotification implements Cmd {
  check = (m: Readonly<LoanModel>) => m.lastPaidCode !== null;
  async run(m: LoanModel, r: Real) {
    tally('notification repeated');
    const again = await r.h.markPaid(m.lastPaidCode!);
    expect(again.body.message).toBe('already applied');
  }
  toString = () => 'repeatNotification';
}

/** The clock moves on; the shown status is checked on every lender day crossed. */
class MoveClock implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: LoanModel, r: Real) {
    const order = (await loadOrder(r.h.t.db, r.orderId))!;
    const from = now().getTime();
    await r.h.advance(this.ms);
    let previous = viewOrder(order, new Date(from)).shownStatus;
    expect(previous).toBe(m.shown);
    for (let at = from + DAY_MS; at < from + this.ms + DAY_MS; at += DAY_MS) {
      const shown = viewOrder(order, new Date(Math.min(at, from + this.ms))).shownStatus;
      expect(allowedMove(previous, shown, 'day'), `one lender day moved ${previous} → ${shown}`).toBe(true);
      if (shown !== previous) tally(`status ${previous} → ${shown} (a day passed)`);
      previous = shown;
    }
    expect(previous).toBe(shownOf(m.state, now()));
  }
  toString = () => `clock(+${this.ms >= DAY_MS ? `${this.ms / DAY_MS}d` : `${this.ms / HOUR_MS}h`})`;
}

const ops = () => ({ authorization: `Bearer ${h.t.config.OPS_TOKEN}` });
function commitPayload(r: Real, repayToken: string, amount: number) {
  const { card } = r;
  return { amount, bankName: card.bankName, cardId: card.id, cardNo: card.maskedNo, couponId: '', orderId: r.orderId, repayToken, bankCode: card.bankCode, sendMsg: '1' };
}

// ---- the invariants after every command ------------------------------------------------------------

async function checkInvariants(m: LoanModel, r: Real, by: 'clock' | 'payment'): Promise<void> {
  const at = now();
  const order = (await loadOrder(r.h.t.db, r.orderId))!;
  const { rows } = await r.h.t.db.query<{ payments: number; codes: number; cards: number }>(
    `SELECT (SELECT count(*) FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1) AS payments,
            (SELECT count(DISTINCT pm.pay_code_id) FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1) AS codes,
            (SELECT count(*) FROM card_repayments WHERE order_id = $1 AND status = 'paid') AS cards`,
    [r.orderId],
  );
  // No payment applied twice: one payment per pay code, as many as the model made, card ones included.
  expect(Number(rows[0]!.codes), 'a pay code was applied twice').toBe(Number(rows[0]!.payments));
  expect(Number(rows[0]!.payments)).toBe(m.payments);
  expect(Number(rows[0]!.cards)).toBe(m.cardPayments);
  // Every centavo beyond what was owed is held in one exception each, never in the ledger.
  const held = await r.h.t.db.query<{ n: number; held: string }>('SELECT count(*)::int AS n, coalesce(sum(held_minor), 0) AS held FROM payment_exceptions WHERE order_id = $1', [r.orderId]);
  expect(Number(held.rows[0]!.n), 'payment exceptions').toBe(m.exceptions);
  expect(Number(held.rows[0]!.held), 'held as credit').toBe(m.heldMinor);
  // The ledger is what the loan-terms functions make of the same payments.
  const state = toLoanState(order);
  expect(state).toEqual(m.state);
  const position = loanPosition(state, at);
  for (const figure of ['totalOwedMinor', 'currentDueMinor', 'outstandingBaseMinor', 'unpaidChargesMinor', 'overdueInterestMinor', 'creditMinor'] as const) {
    expect(position[figure], `${figure} is negative`).toBeGreaterThanOrEqual(0);
  }
  expect(position.creditMinor, 'paid more than was owed').toBe(0);
  // PesoNow Cash and Plus are inside the SEC caps: the total cost and the late charges stay under them.
  countDays(m.caps, m.state, at);
  expect(capViolation(m.state, at, m.caps)).toBeNull();
  // The status only moves along the graph.
  const shown: OrderStatus = viewOrder(order, at).shownStatus;
  expect(shown).toBe(shownOf(m.state, at));
  expect(allowedMove(m.shown, shown, by), `status moved ${m.shown} → ${shown}`).toBe(true);
  if (shown === ORDER_STATUS.settled) expect(order.status).toBe(ORDER_STATUS.settled);
  if (by === 'payment' && shown !== m.shown) tally(`status ${m.shown} → ${shown} (payment)`);
  m.shown = shown;
  // The books (issue 37, docs/books.md): every entry of the order balances, its receivable accounts are
  // what its ledger says is owed, and its credits account what its exceptions hold.
  const books = await r.h.t.db.query<{ unbalanced: number; receivable: string | null; credits: string | null }>(
    `SELECT (SELECT count(*)::int FROM (SELECT l.entry_id FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.order_id = $1
                                        GROUP BY l.entry_id HAVING SUM(l.debit_minor - l.credit_minor) <> 0) x) AS unbalanced,
            (SELECT SUM(l.debit_minor - l.credit_minor) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
              WHERE e.order_id = $1 AND l.account IN ('1400', '1410', '1420', '1430')) AS receivable,
            (SELECT SUM(l.credit_minor - l.debit_minor) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
              WHERE e.order_id = $1 AND l.account = '2100') AS credits`,
    [r.orderId],
  );
  expect(books.rows[0]!.unbalanced, 'an entry that does not balance').toBe(0);
  expect(Number(books.rows[0]!.receivable ?? 0), 'receivables in the books').toBe(state.principalMinor + state.interestMinor + state.feeMinor + state.extraChargesMinor - state.paidMinor);
  expect(Number(books.rows[0]!.credits ?? 0), "borrowers' credits in the books").toBe(m.heldMinor);
}

/** Wraps a command so that the invariants are checked after it. */
function checked(command: Cmd, by: 'clock' | 'payment'): Cmd {
  return {
    check: (m) => command.check(m),
    run: async (m, r) => {
      steps += 1;
      await command.run(m, r);
      await checkInvariants(m, r, by);
    },
    toString: () => command.toString(),
  };
}

const commands = [
  fc.constant(new CommitCard()),
  fc.tuple(fc.boolean(), fc.boolean(), fc.integer({ min: 1, max: 6 })).map(([right, older, times]) => (right ? new Confirm(true, older) : new Confirm(false, false, times))),
  fc.constant(new RetryCommit()),
  fc.constantFrom('repay', 'rollover', 'rollover', 'partial').chain((kind) => fc.double({ min: 0.05, max: 0.95, noNaN: true }).map((share) => new PayByCode(kind as 'repay', share))),
  fc.constant(new RepeatNotification()),
  fc.constantFrom('repay', 'rollover', 'share', 'share').chain((kind) => fc.double({ min: 0.3, max: 1.5, noNaN: true }).map((share) => new IssueForLater(kind as 'repay', share))),
  fc.nat(5).map((pick) => new PayLater(pick)),
  fc.oneof(fc.integer({ min: 1, max: 30 }).map((n) => n * HOUR_MS), fc.integer({ min: 1, max: 20 }).map((n) => n * DAY_MS), fc.constant(61_000)).map(
    (ms) => new MoveClock(ms),
  ),
].map((arb) => arb.map((c) => checked(c, c instanceof MoveClock ? 'clock' : 'payment')));

/** A fresh borrower, card and disbursed order for each sequence, with the clock back at its start. */
const start = fc.record({
  product: fc.integer({ min: 0, max: 3 }),
  status: fc.constantFrom(ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue),
  days: fc.integer({ min: 0, max: 30 }),
  rollover: fc.boolean(),
});

describe('loan state machine (fast-check model)', () => {
  it(`runs ${RUNS} random sequences with no double payment, no negative balance and no skipped state`, async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(start, fc.commands(commands, { maxCommands: 15, size: 'max' }), async (s, cmds) => {
        await h.t.clock.advance(origin - now().getTime());
        const { borrowerId, session } = await h.t.newBorrower();
        const card = await h.card(borrowerId);
        const dueInDays = s.status === ORDER_STATUS.repaying ? 4 + (s.days % 17) : s.status === ORDER_STATUS.due ? s.days % 4 : -1 - s.days;
        const order = await h.order(borrowerId, s.status, { product: s.product, dueInDays, flags: { isDelay: s.rollover ? '1' : '0' } });
        // Paid out outside a payout provider: the books open it from its ledger, as the start does.
        await openAllOrders(h.t.db, now());
        const real: Real = { h, session, orderId: order.id, productId: order.productId, card };
        await fc.asyncModelRun(() => ({ model: newModel(toLoanState(order), s.rollover, now()), real }), cmds);
      }),
      { numRuns: RUNS, seed: SEED },
    );
    console.log(`loan state machine: ${RUNS} sequences, ${steps} commands, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log([...seen].sort(([a], [b]) => a.localeCompare(b)).map(([what, n]) => `  ${what}: ${n}`).join('\n'));
  }, 600_000);
});
