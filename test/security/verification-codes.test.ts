/**
 * Verification codes (issue 11, docs/security.md): every one-time code the server issues — the card
 * repayment code (repayment-commit / repayment-confirm) and the register SMS code (get-sms /
 * register) — is single use, expires after 10 minutes, is dead after 5 wrong tries, is bound to its
 * record and purpose, and is stored only as a hash. Each rule is shown through the real calls on a
 * real app and database, with the server's clock moved.
 */
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
import { createHarness, type Harness } from '../../apps/server/src/modules/repayment/test-harness.ts';
import { form, FORM_HEADERS, query } from '../../apps/server/src/test-support/test-app.ts';
import { LIMITS, MESSAGES as REGISTER_MESSAGES } from '../../apps/server/src/modules/promotion/service.ts';
import { CARD_MESSAGES, CARD_REPAYMENTS_PER_DAY } from '../../apps/server/src/modules/repayment/card-service.ts';
import { SANDBOX_CODE_TTL_MS, SANDBOX_MAX_CODE_ATTEMPTS } from '../../apps/server/src/providers/payments/sandbox.ts';
import type { OrderRow } from '../../apps/server/src/orders/store.ts';
import type { RepaymentCard } from '../../apps/server/src/modules/repayment/store.ts';

const TEN_MINUTES = 10 * 60_000;
const RESEND_MS = 61_000;

let h: Harness;
beforeAll(async () => {
  // The harness seeds the catalogue, the landing templates included.
  h = await createHarness();
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

  it('is dead after 5 wrong tries: the 6th try fails even with the right code, until a new code is sent', async () => {
    const loan = await newLoan();
    const { id, token } = await commit(loan);
    const code = await h.latestCode(loan.session.mobilePhone);
    for (let i = 0; i < SANDBOX_MAX_CODE_ATTEMPTS; i++) {
      expect(await confirm(loan, id, otherThan(code))).toEqual({ code: '800006', message: CARD_MESSAGES.wrongCode, data: null });
    }
    expect(SANDBOX_MAX_CODE_ATTEMPTS).toBe(5);
    expect(await confirm(loan, id, code)).toEqual({ code: '429', message: CARD_MESSAGES.tooManyAttempts, data: null });
    // A commit repeated inside the 60 s countdown sends no new code, so the code stays dead.
    await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token));
    expect(await confirm(loan, id, code)).toMatchObject({ code: '429' });
    expect(await payments(loan)).toEqual([]);
    // Resend (after the countdown): the new code works, the old one never again.
    await h.advance(RESEND_MS);
    await h.call(repaymentCommitRoute, loan.session, commitPayload(loan, token));
    const fresh = await h.latestCode(loan.session.mobilePhone);
    if (fresh !== code) expect(await confirm(loan, id, code)).toMatchObject({ code: '800006' });
    expect(await confirm(loan, id, fresh)).toMatchObject({ code: '00' });
    expect(await payments(loan)).toHaveLength(1);
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
