/**
 * Verification codes (issue 11, docs/security.md): every one-time code the server issues — the card
 * repayment code (repayment-commit / repayment-confirm) and the register SMS code (get-sms /
 * register) — is single use, expires after 10 minutes, is dead after 5 wrong tries, is bound to its
 * record and purpose, and is stored only as a hash. Each rule is shown through the real calls on a
 * real app and database, with the server's clock moved.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  getCaptchaRoute,
  getSidRoute,
  getSmsRoute,
  registerRoute,
  repaymentCommitRoute,
  repaymentConfirmRoute,
  repaymentWayRoute,
  type SessionParams,
} from '@cashloan/contract';
import { createHarness, type Harness } from '../../apps/server/src/test-support/repayment-harness.ts';
import { createCountingTestApp, type CountingPayments } from '../../apps/server/src/test-support/counting-payments.ts';
import { form, FORM_HEADERS, query } from '../../apps/server/src/test-support/test-app.ts';
import { LIMITS, MESSAGES as REGISTER_MESSAGES } from '../../apps/server/src/modules/promotion/service.ts';
import { CARD_MESSAGES, CARD_REPAYMENTS_PER_DAY } from '../../apps/server/src/modules/card-repayment/service.ts';
import {
  CODE_CHECKS_PER_DAY,
  CODE_CHECKS_PER_REPAYMENT,
  CODE_MESSAGES,
  CODE_RESENDS_PER_REPAYMENT,
  CODES_SENT_PER_DAY,
} from '../../apps/server/src/modules/card-repayment/codes.ts';
import { SANDBOX_CODE_TTL_MS } from '../../apps/server/src/providers/payments/sandbox.ts';
import type { OrderRow } from '../../apps/server/src/domain/orders/service.ts';
import type { RepaymentCard } from '../../apps/server/src/domain/bank-cards/service.ts';

const TEN_MINUTES = 10 * 60_000;
const DAY = 24 * 60 * 60_000;
/** FC_SEED replays a run of the random-order property. */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() ^ (Math.random() * 0x7fffffff);
const RESEND_MS = 61_000;

let h: Harness;
/** The provider's calls: confirmCardCharge is a code the provider checked. */
let provider: CountingPayments;
beforeAll(async () => {
  // The harness seeds the catalogue, the landing templates included.
  const counting = await createCountingTestApp();
  provider = counting.payments;
  h = await createHarness(counting.t);
});
afterAll(() => h.t.close());

/** A code that is not `code` (any other 6 digits). */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

// ---- card repayment codes ------------------------------------------------------------------------

interface Loan {
  session: SessionParams;
  borrowerId: number;
  order: OrderRow;
  card: RepaymentCard;
}
async function newLoan(borrower?: { borrowerId: number; session: SessionParams; card: RepaymentCard }): Promise<Loan> {
  const who = borrower ?? (await h.t.newBorrower());
  const card = borrower?.card ?? (await h.card(who.borrowerId));
  const order = await h.order(who.borrowerId, 174, { dueInDays: 1 });
  return { session: who.session, borrowerId: who.borrowerId, order, card };
}
/** Opens the card screen and commits: the repayment record waiting for its code. */
async function commit(loan: Loan, repayToken?: string): Promise<{ id: number; token: string }> {
  const way = (await h.call(repaymentWayRoute, loan.session, { orderId: loan.order.id })).body.data;
  const token = repayToken ?? (way.repayToken as string);
  const { body } = await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token, way.repayAmount as number));
  expect(body, JSON.stringify(body)).toMatchObject({ code: '00', data: { needValid: 1 } });
  return { id: body.data.repayRecordId as number, token };
}
const confirm = async (loan: Loan, repaymentRecordId: number, verifyCode: string, orderId = loan.order.id) =>
  (await h.call(repaymentConfirmRoute, loan.session, { orderId, verifyCode, repaymentRecordId })).body as { code: string; message: string };
const payments = (loan: Loan) => h.paymentsOf(loan.order.id);

describe('card repayment verification code', () => {
  it('works 10 minutes minus 1 s after it was sent', async () => {
    const loan = await newLoan();
    const { id } = await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    await h.advance(TEN_MINUTES - 1000);
    expect(await confirm(loan, id, code)).toMatchObject({ code: '00' });
    expect(await payments(loan)).toHaveLength(1);
  });

  it('is refused 10 minutes plus 1 s after it was sent, and nothing is charged', async () => {
    const loan = await newLoan();
    const { id } = await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    await h.advance(TEN_MINUTES + 1000);
    expect(await confirm(loan, id, code)).toEqual({ code: '409', message: CARD_MESSAGES.codeExpired, data: null });
    expect(await payments(loan)).toEqual([]);
    expect(SANDBOX_CODE_TTL_MS).toBe(TEN_MINUTES);
  });

  it('is single use: the same code again, on the same record or a retried commit of it, pays nothing more', async () => {
    const loan = await newLoan();
    const { id, token } = await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    expect(await confirm(loan, id, code)).toMatchObject({ code: '00' });
    for (let i = 0; i < 3; i++) expect(await confirm(loan, id, code)).toMatchObject({ code: '800005', message: CARD_MESSAGES.duplicate });
    // The screen retried: the commit answers the finished record and sends no new code.
    await h.advance(RESEND_MS);
    expect((await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token))).body.data).toEqual({ needValid: 0, repayRecordId: id });
    expect(await h.outbox(loan.session.mobilePhone)).toHaveLength(1);
    expect(await confirm(loan, id, code)).toMatchObject({ code: '800005' });
    expect(await payments(loan)).toHaveLength(1);
  });

  it('is checked at most 5 times per repayment, across resends: the review\'s sequence checks 5 codes, sends 1 SMS, and the right code no longer pays', async () => {
    // One repayment; four rounds of six wrong codes, the clock moved 2–31 minutes between rounds and
    // the same commit repeated each time (what the Resend button sends).
    const loan = await newLoan();
    const { id, token } = await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    const checkedBefore = provider.calls.confirmCardCharge;
    const answers: string[] = [];
    for (const [round, minutes] of [2, 31, 17, 5].entries()) {
      for (let i = 0; i < 6; i++) answers.push((await confirm(loan, id, otherThan(code))).code);
      if (round < 3) {
        await h.advance(minutes * 60_000);
        await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token));
      }
    }
    const checked = provider.calls.confirmCardCharge - checkedBefore;
    const sms = (await h.outbox(loan.session.mobilePhone)).length;
    const closed = { code: '800007', message: CODE_MESSAGES.checksUsed, data: null };
    expect(await confirm(loan, id, code)).toEqual(closed);
    console.log(`card codes, the review's sequence: ${answers.length} wrong codes sent, ${checked} checked by the provider, ${sms} SMS sent; the right code then answers ${closed.code}`);
    expect(answers.slice(0, CODE_CHECKS_PER_REPAYMENT - 1)).toEqual(Array(CODE_CHECKS_PER_REPAYMENT - 1).fill('800006'));
    expect(answers.slice(CODE_CHECKS_PER_REPAYMENT - 1).every((c) => c === '800007')).toBe(true);
    expect(checked).toBe(CODE_CHECKS_PER_REPAYMENT);
    expect(CODE_CHECKS_PER_REPAYMENT).toBe(5);
    expect(sms).toBe(1);
    expect(await payments(loan)).toEqual([]);
    // A new repayment (a new token from the screen) pays with its own code.
    const fresh = await commit(loan);
    expect(await confirm(loan, fresh.id, await h.latestCode(loan.session.mobilePhone))).toMatchObject({ code: '00' });
    expect(await payments(loan)).toHaveLength(1);
  });

  it(`is resent at most ${CODE_RESENDS_PER_REPAYMENT} times per repayment, at most once a minute; a repeat inside the minute sends nothing`, async () => {
    const loan = await newLoan();
    const { id, token } = await commit(loan);
    const resend = async () => (await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token))).body;
    const sent = async () => (await h.outbox(loan.session.mobilePhone)).length;
    // Inside the countdown a repeat is the same commit again: the same answer, no SMS.
    await h.advance(59_000);
    expect(await resend()).toMatchObject({ code: '00', data: { needValid: 1, repayRecordId: id } });
    expect(await sent()).toBe(1);
    for (let i = 0; i < CODE_RESENDS_PER_REPAYMENT; i++) {
      await h.advance(RESEND_MS);
      expect(await resend()).toMatchObject({ code: '00', data: { needValid: 1, repayRecordId: id } });
    }
    await h.advance(RESEND_MS);
    expect(await resend()).toEqual({ code: '429', message: CODE_MESSAGES.resendsUsed, data: null });
    const sms = await sent();
    console.log(`card codes, resends: ${sms} SMS for one repayment (the first code and ${sms - 1} resends), the next one refused`);
    expect(sms).toBe(1 + CODE_RESENDS_PER_REPAYMENT);
    // The newest code still pays.
    expect(await confirm(loan, id, await h.latestCode(loan.session.mobilePhone))).toMatchObject({ code: '00' });
  });

  it('is not resent by a commit whose repay token has expired (30 minutes), whatever that commit finds', async () => {
    const loan = await newLoan();
    const { token } = await commit(loan);
    await h.advance(30 * 60_000 + 1000);
    expect((await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token))).body).toEqual({ code: '409', message: CARD_MESSAGES.tokenExpired, data: null });
    expect(await h.outbox(loan.session.mobilePhone)).toHaveLength(1);
  });

  it("is bound to its record: record A's code does not confirm record B, nor for another order or borrower", async () => {
    const first = await newLoan();
    const second = await newLoan({ ...first, card: first.card });
    const a = await commit(first);
    const codeA = await h.latestCode(first.session.mobilePhone);
    const b = await commit(second);
    const codeB = await h.latestCode(second.session.mobilePhone);
    if (codeA !== codeB) {
      expect(await confirm(second, b.id, codeA)).toMatchObject({ code: '800006' });
      expect(await confirm(first, a.id, codeB)).toMatchObject({ code: '800006' });
    }
    // Record A named with order B, and record A confirmed from another borrower's session: not found.
    expect(await confirm(first, a.id, codeA, second.order.id)).toEqual({ code: '404', message: CARD_MESSAGES.repaymentNotFound, data: null });
    const stranger = await newLoan();
    expect(await confirm({ ...stranger, order: first.order }, a.id, codeA)).toMatchObject({ code: '404', message: CARD_MESSAGES.repaymentNotFound });
    expect(await payments(first)).toEqual([]);
    expect(await payments(second)).toEqual([]);
    // Each record's own code still works (the wrong tries above were under 5).
    expect(await confirm(first, a.id, codeA)).toMatchObject({ code: '00' });
    expect(await confirm(second, b.id, codeB)).toMatchObject({ code: '00' });
    expect(await payments(first)).toHaveLength(1);
    expect(await payments(second)).toHaveLength(1);
  });

  it('is stored only as a hash', async () => {
    const loan = await newLoan();
    await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    const { rows } = await h.t.db.query<Record<string, unknown>>('SELECT * FROM sandbox_card_charges WHERE phone = $1', [loan.session.mobilePhone]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });

  it(`caps new codes: at most ${CARD_REPAYMENTS_PER_DAY} card repayments (each with a fresh code) a day, then 429 and no code sent`, async () => {
    const loan = await newLoan();
    for (let i = 0; i < CARD_REPAYMENTS_PER_DAY; i += 1) await commit(loan);
    expect(await h.outbox(loan.session.mobilePhone)).toHaveLength(CARD_REPAYMENTS_PER_DAY);

    const way = (await h.call(repaymentWayRoute, loan.session, { orderId: loan.order.id })).body.data;
    const refused = await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, way.repayToken as string, way.repayAmount as number));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: '429', message: CARD_MESSAGES.dailyLimit });
    expect(await h.outbox(loan.session.mobilePhone)).toHaveLength(CARD_REPAYMENTS_PER_DAY);
    const { rows } = await h.t.db.query('SELECT id FROM card_repayments WHERE borrower_id = $1', [loan.borrowerId]);
    expect(rows).toHaveLength(CARD_REPAYMENTS_PER_DAY);

    // A day later the borrower may pay by card again, and the new code works.
    await h.advance(24 * 60 * 60_000);
    const fresh = await newLoan({ borrowerId: loan.borrowerId, session: loan.session, card: loan.card });
    const { id } = await commit(fresh);
    expect(await confirm(fresh, id, await h.latestCode(loan.session.mobilePhone))).toMatchObject({ code: '00' });
  });
});

describe("one borrower's card codes over 24 hours", () => {
  /** Every code the provider was asked to send or check, with the charge and the server's time. */
  const providerLog: Array<{ method: string; chargeId: string; at: number }> = [];
  beforeAll(() => {
    provider.before = async (method, args) => {
      if (method === 'sendCardCode' || method === 'confirmCardCharge') providerLog.push({ method, chargeId: String(args[0]), at: h.t.clock.now().getTime() });
    };
  });
  afterAll(() => {
    provider.before = async () => undefined;
  });
  /** The most events of a kind in any 24-hour window from `from` on. */
  const busiestDay = (method: string, from: number) => {
    const times = providerLog.filter((e) => e.method === method && e.at >= from).map((e) => e.at).sort((a, b) => a - b);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= DAY) j++;
      most = Math.max(most, i - j + 1);
    }
    return most;
  };
  /**
   * What the provider was asked while `action` ran, counted for one repayment. (Charges cannot tell
   * repayments apart: a new repayment of the same order reuses the live pay code, and the provider
   * answers the same charge for it.)
   */
  async function countedFor(repayment: Map<string, number>, action: () => Promise<unknown>): Promise<void> {
    const before = { ...provider.calls };
    await action();
    for (const method of ['sendCardCode', 'confirmCardCharge'] as const) repayment.set(method, (repayment.get(method) ?? 0) + provider.calls[method] - before[method]);
  }

  it(`reach exactly the documented bounds for a greedy caller: ${CODES_SENT_PER_DAY} SMS and ${CODE_CHECKS_PER_DAY} codes checked`, async () => {
    await h.advance(2 * DAY);
    const from = h.t.clock.now().getTime();
    const first = await newLoan();
    const loans = [first, await newLoan(first), await newLoan(first)];
    // Three repayments on three loans, then every resend allowed, then every code that may be checked.
    const records = [];
    for (const loan of loans) records.push({ loan, ...(await commit(loan)) });
    for (let round = 0; round < CODE_RESENDS_PER_REPAYMENT; round++) {
      await h.advance(RESEND_MS);
      for (const r of records) await h.call(repaymentCommitRoute, r.loan.session, commitPayload(r.loan, r.token));
    }
    for (const r of records) {
      for (let i = 0; i < CODE_CHECKS_PER_REPAYMENT + 1; i++) await confirm(r.loan, r.id, otherThan(await h.latestCode(first.session.mobilePhone)));
    }
    const late = await newLoan(first);
    const way = (await h.call(repaymentWayRoute, late.session, { orderId: late.order.id })).body.data;
    const refused = (await h.call(repaymentCommitRoute, late.session, commitPayload(late, way.repayToken as string, way.repayAmount as number))).body;
    const sent = busiestDay('sendCardCode', from);
    const checked = busiestDay('confirmCardCharge', from);
    console.log(`card codes, one borrower in 24 h (greedy caller, 3 loans): ${sent} SMS sent (bound ${CODES_SENT_PER_DAY}), ${checked} codes checked (bound ${CODE_CHECKS_PER_DAY}); a 4th repayment answers ${refused.code}`);
    expect(sent).toBe(CODES_SENT_PER_DAY);
    expect(checked).toBe(CODE_CHECKS_PER_DAY);
    expect(refused).toEqual({ code: '429', message: CODE_MESSAGES.sendsToday, data: null });
    expect(await payments(late)).toEqual([]);
  });

  it('are never more than the bounds, in any order of opens, resends, wrong codes (some sent together) and clock moves', async () => {
    const runs = Number(process.env.FC_RUNS ?? 25);
    let actions = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constant('open' as const), loan: fc.nat(2) }),
            fc.record({ kind: fc.constant('resend' as const), loan: fc.nat(2) }),
            fc.record({ kind: fc.constant('wrong' as const), loan: fc.nat(2), together: fc.integer({ min: 1, max: 4 }) }),
            fc.record({ kind: fc.constant('advance' as const), ms: fc.constantFrom(RESEND_MS, 10 * 60_000, 3 * 3_600_000, 20 * 3_600_000) }),
          ),
          { minLength: 10, maxLength: 40 },
        ),
        async (steps) => {
          await h.advance(2 * DAY);
          const from = h.t.clock.now().getTime();
          const first = await newLoan();
          const loans = [first, await newLoan(first), await newLoan(first)];
          const open: Array<{ id: number; token: string; asked: Map<string, number> } | undefined> = [];
          const repayments: Array<Map<string, number>> = [];
          for (const step of steps) {
            actions++;
            if (step.kind === 'advance') {
              await h.advance(step.ms);
              continue;
            }
            const loan = loans[step.loan]!;
            const record = open[step.loan];
            if (step.kind === 'open') {
              const way = (await h.call(repaymentWayRoute, loan.session, { orderId: loan.order.id })).body.data;
              if (!way) continue;
              const asked = new Map<string, number>();
              let body: { code: string; data: { repayRecordId: number } } | undefined;
              await countedFor(asked, async () => {
                body = (await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, way.repayToken as string, way.repayAmount as number))).body;
              });
              repayments.push(asked);
              if (body!.code === '00') open[step.loan] = { id: body!.data.repayRecordId, token: way.repayToken as string, asked };
            } else if (step.kind === 'resend' && record) {
              await countedFor(record.asked, () => h.call(repaymentCommitRoute, loan.session, commitPayload(loan, record.token)));
            } else if (step.kind === 'wrong' && record) {
              const guess = otherThan(await h.latestCode(first.session.mobilePhone));
              await countedFor(record.asked, () => Promise.all(Array.from({ length: step.together }, () => confirm(loan, record.id, guess))));
            }
          }
          expect(busiestDay('sendCardCode', from)).toBeLessThanOrEqual(CODES_SENT_PER_DAY);
          expect(busiestDay('confirmCardCharge', from)).toBeLessThanOrEqual(CODE_CHECKS_PER_DAY);
          for (const asked of repayments) {
            expect(asked.get('sendCardCode') ?? 0).toBeLessThanOrEqual(1 + CODE_RESENDS_PER_REPAYMENT);
            expect(asked.get('confirmCardCharge') ?? 0).toBeLessThanOrEqual(CODE_CHECKS_PER_REPAYMENT);
          }
        },
      ),
      { numRuns: runs, seed: SEED },
    );
    const total = (method: string) => providerLog.filter((e) => e.method === method).length;
    console.log(
      `card codes, random orders: ${runs} runs, ${actions} actions (seed ${SEED}), ${total('sendCardCode')} codes sent and ${total('confirmCardCharge')} checked in all: the bounds held in every 24-hour window`,
    );
  });
});

/** What the card screen sends to repayment-commit (the amount is what repayment-way quoted). */
function commitPayload(loan: Loan, token: string, amount = 560_500) {
  return {
    amount,
    bankName: loan.card.bankName,
    cardId: loan.card.id,
    cardNo: loan.card.maskedNo,
    couponId: '',
    orderId: loan.order.id,
    repayToken: token,
    bankCode: loan.card.bankCode,
    sendMsg: '1',
  };
}

// ---- register SMS codes ----------------------------------------------------------------------------

const OPS = () => ({ authorization: `Bearer ${h.t.config.OPS_TOKEN}` });
let phones = 0;
const nextPhone = () => `1391${String(++phones).padStart(7, '0')}`;
let addresses = 0;
const nextIp = () => `10.77.0.${++addresses}`;
type Envelope = { code: number; message: string; data: Record<string, unknown> | null };

/** A landing visitor: a captcha session whose image answer is read from the dev back office. */
async function visitor(ip = nextIp()) {
  const sidRes = await h.t.app.inject({ method: 'GET', url: `${callUrlPath(getSidRoute)}?${query({ templateId: '1' })}`, remoteAddress: ip });
  const sid = String((sidRes.json() as Envelope).data!.sid);
  await h.t.app.inject({ method: 'GET', url: `${callUrlPath(getCaptchaRoute)}?${query({ sid, timestamp: '1' })}`, remoteAddress: ip });
  const capcode = (await h.t.app.inject({ method: 'GET', url: `/ops/captchas/${sid}`, headers: OPS() })).json().data.answer as string;
  const post = async (route: typeof getSmsRoute | typeof registerRoute, payload: Record<string, string>) =>
    (await h.t.app.inject({ method: 'POST', url: callUrlPath(route), headers: FORM_HEADERS, payload: form({ sid, capcode, ...payload }), remoteAddress: ip })).json() as Envelope;
  return {
    requestCode: async (phone: string) => {
      expect(await post(getSmsRoute, { phone })).toMatchObject({ code: 0 });
      return h.latestCode(phone);
    },
    register: (phone: string, smsCode: string) => post(registerRoute, { phone, smsCode }),
  };
}
const borrowersWith = async (phone: string) => (await h.t.db.query('SELECT id FROM borrowers WHERE mobile_phone = $1', [phone])).rows.length;

describe('register SMS code', () => {
  it('works 10 minutes minus 1 s after it was sent, and is refused 10 minutes plus 1 s after', async () => {
    expect(LIMITS.codeTtlMs).toBe(TEN_MINUTES);
    const early = await visitor();
    const earlyPhone = nextPhone();
    const earlyCode = await early.requestCode(earlyPhone);
    const late = await visitor();
    const latePhone = nextPhone();
    await h.advance(2000);
    const lateCode = await late.requestCode(latePhone);
    // The first code is now 10 min + 1 s old, the second 10 min - 1 s.
    await h.advance(TEN_MINUTES - 1000);
    expect(await early.register(earlyPhone, earlyCode)).toEqual({ code: 409, message: REGISTER_MESSAGES.codeExpired, data: null });
    expect(await late.register(latePhone, lateCode)).toMatchObject({ code: 0 });
    expect(await borrowersWith(earlyPhone)).toBe(0);
    expect(await borrowersWith(latePhone)).toBe(1);
  });

  it('is dead after 5 wrong tries: the 6th try fails even with the right code', async () => {
    const v = await visitor();
    const phone = nextPhone();
    const code = await v.requestCode(phone);
    for (let i = 1; i < 5; i++) expect(await v.register(phone, otherThan(code))).toMatchObject({ code: 409, message: REGISTER_MESSAGES.wrongCode });
    expect(await v.register(phone, otherThan(code))).toMatchObject({ code: 409, message: REGISTER_MESSAGES.codeDead });
    expect(await v.register(phone, code)).toMatchObject({ code: 409, message: REGISTER_MESSAGES.codeDead });
    expect(await borrowersWith(phone)).toBe(0);
    await h.advance(RESEND_MS);
    expect(await v.register(phone, await v.requestCode(phone))).toMatchObject({ code: 0 });
  });

  it('is single use: it creates one borrower; a retried register answers that same borrower and no other phone can use it', async () => {
    const v = await visitor();
    const phone = nextPhone();
    const code = await v.requestCode(phone);
    const first = await v.register(phone, code);
    expect(first).toMatchObject({ code: 0 });
    // A retry of the same request (the answer was lost) answers the same borrower: nothing new is made.
    expect(await v.register(phone, code)).toEqual(first);
    expect(await borrowersWith(phone)).toBe(1);
    const states = await h.t.db.query<{ state: string }>('SELECT state FROM sms_codes WHERE phone = $1', [phone]);
    expect(states.rows).toEqual([{ state: 'used' }]);
    // Another phone (its own captcha pass and code) cannot register with it.
    const w = await visitor();
    const other = nextPhone();
    const otherCode = await w.requestCode(other);
    if (otherCode !== code) expect(await w.register(other, code)).toMatchObject({ code: 409, message: REGISTER_MESSAGES.wrongCode });
    expect(await borrowersWith(other)).toBe(0);
  });

  it('is bound to its phone and purpose: a register code confirms no repayment, a repayment code registers no one', async () => {
    const loan = await newLoan();
    const { id } = await commit(loan);
    const cardCode = await h.latestCode(loan.session.mobilePhone);
    const v = await visitor();
    const phone = nextPhone();
    const registerCode = await v.requestCode(phone);
    if (registerCode !== cardCode) {
      expect(await confirm(loan, id, registerCode)).toMatchObject({ code: '800006', message: CARD_MESSAGES.wrongCode });
      expect(await v.register(phone, cardCode)).toMatchObject({ code: 409, message: REGISTER_MESSAGES.wrongCode });
    }
    expect(await payments(loan)).toEqual([]);
    expect(await borrowersWith(phone)).toBe(0);
    // Each still works for what it was sent for.
    expect(await confirm(loan, id, cardCode)).toMatchObject({ code: '00' });
    expect(await v.register(phone, registerCode)).toMatchObject({ code: 0 });
  });

  it('is stored only as a salted hash', async () => {
    const v = await visitor();
    const phone = nextPhone();
    const code = await v.requestCode(phone);
    const { rows } = await h.t.db.query<Record<string, unknown>>('SELECT * FROM sms_codes WHERE phone = $1', [phone]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('code');
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows[0])).not.toContain(code);
  });
});
