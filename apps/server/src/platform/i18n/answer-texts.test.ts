import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callUrlPath,
  coolingOffRoute,
  documentsRoute,
  goyaFailureInfoRoute,
  goyaLoanConfirmRoute,
  loanDetailConfirmRoute,
  loanDetailsRoute,
  loanPlayDetailRoute,
  paymentHistoryRoute,
  problemDetailRoute,
  problemInitRoute,
  problemListRoute,
  problemSaveRoute,
  receiptRoute,
  rolloverInfoRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import type { Lang } from '@cashloan/contract/i18n';
import { CATALOGUES } from '@cashloan/contract/texts/index';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { createOrder, findProduct, type OrderRow } from '../../domain/orders/service.ts';
import type { OrderStatus } from '../../loan-terms/status.ts';
import { inLang, textIn } from './answer-texts.ts';

describe('the server texts in the borrower language (textIn, inLang)', () => {
  it('translates a text of the catalogue, and a text with values through its places', () => {
    expect(textIn('hi', 'Repayment due')).toBe(CATALOGUES.hi.server!['Repayment due']);
    expect(textIn('fil', 'Please repay ₱5,605.00 by 2026-12-01.')).toBe(
      CATALOGUES.fil.server!['Please repay {amount} by {date}.']!.replace('{amount}', '₱5,605.00').replace('{date}', '2026-12-01'),
    );
  });

  it('translates the values that are texts themselves (3 days), and keeps amounts as the market writes them', () => {
    const days = CATALOGUES.hi.server!['{n} days']!.replace('{n}', '3');
    const expected = CATALOGUES.hi.server!['Your repayment is {days} overdue. Please repay {amount} today to stop further late charges.']!
      .replace('{days}', days)
      .replace('{amount}', '₹1,23,456.00');
    expect(textIn('hi', 'Your repayment is 3 days overdue. Please repay ₹1,23,456.00 today to stop further late charges.')).toBe(expected);
  });

  it('never takes a name apart: a place that holds a number matches only digits', () => {
    expect(textIn('fil', 'Bank of the Islands')).toBe('Bank of the Islands');
    expect(textIn('fil', '2 of 3')).toBe(CATALOGUES.fil.server!['{n} of {total}']!.replace('{n}', '2').replace('{total}', '3'));
  });

  it('leaves English, and a text the catalogue does not hold, as they are', () => {
    const answer = { title: 'Repayment due', rows: [{ text: 'Loan amount', value: '₱5,000.00' }], n: 3 };
    expect(inLang('en', answer)).toBe(answer);
    expect(textIn('hi', 'PesoNow Cash')).toBe('PesoNow Cash');
    expect(inLang('hi', answer)).toEqual({ title: CATALOGUES.hi.server!['Repayment due'], rows: [{ text: CATALOGUES.hi.server!['Loan amount'], value: '₱5,000.00' }], n: 3 });
  });
});

/**
 * Every text the translated calls write, in every state they write it, is in each catalogue: the
 * answers in Filipino and Hindi keep no English text but the lender's data (names, numbers, the
 * lender's own messages on an order).
 */
describe('the translated calls leave no English behind', () => {
  let t: TestApp;
  let productIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_DAYS: 3650 });
    productIds = await seedCatalog(t.db);
  });
  afterAll(() => t.close());

  async function call(route: Route, session: SessionParams, params: Record<string, string>, payload: Record<string, string | number>) {
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(route)}?${query({ ...(session as unknown as Record<string, string>), ...params })}`,
      headers: FORM_HEADERS,
      payload: form(payload),
    });
    return res.json() as { code: number | string; data: unknown };
  }

  /** Strings of `answer` with letters in them, by path, leaving out the lender's data. */
  function texts(answer: unknown, path = '', alsoData: string[] = []): Array<[string, string]> {
    // Words, not codes: an order number (PN2611…) is data.
    if (typeof answer === 'string') return /[a-z]{2}/.test(answer) ? [[path, answer]] : [];
    if (Array.isArray(answer)) return answer.flatMap((value, i) => texts(value, `${path}[${i}]`, alsoData));
    if (answer && typeof answer === 'object') {
      return Object.entries(answer).flatMap(([key, value]) =>
        LENDER_DATA.has(key) || alsoData.includes(key) ? [] : texts(value, path ? `${path}.${key}` : key, alsoData),
      );
    }
    return [];
  }
  // Names, addresses, codes, the payment channels (their names and notices come with the channel's
  // set-up) and what the lender writes on a product or an order itself.
  const LENDER_DATA = new Set([
    'productName', 'productLogo', 'comProductName', 'comProductLogo', 'logo', 'name', 'orderNo', 'h5Url', 'telephone', 'playeduL', 'reyMsg', 'KindTipsMsg',
    'cardPopTitle', 'cardPopMsg', 'recProducts', 'popAgreementUrl', 'popContent', 'NewPopMsg', 'pRateDsc', 'repayList', 'defDetail', 'url', 'law', 'recommendations',
  ]);

  it('order details in every status, the loan confirmation (both variants, both markets), the repayment plan, the rollover and the cancel quote', async () => {
    const { borrowerId, session } = await t.newBorrower({ isRepeat: true });
    const product = (await findProduct(t.db, productIds[0]!))!;
    const statuses: Array<[OrderStatus, number | undefined]> = [[21, undefined], [110, undefined], [151, undefined], [170, 20], [174, 0], [174, 2], [180, -5], [200, undefined]];
    const orders: OrderRow[] = [];
    for (const [status, dueInDays] of statuses) {
      // The overdue one may roll over (its screen is translated too).
      const flags = status === 180 ? { isDelay: '1' as const } : undefined;
      orders.push(await createOrder(t.db, { borrower: { id: borrowerId, isRepeat: true }, product, status, dueInDays, flags }, t.clock.now()));
    }
    // Paid out today: in its cooling-off period, the cancel screen's quote.
    const cooling = await createOrder(t.db, { borrower: { id: borrowerId, isRepeat: true }, product, status: 170, disbursedDaysAgo: 0 }, t.clock.now());
    const answersIn = async (params: Record<string, string>) => {
      const answers: Array<[string, unknown]> = [];
      for (const order of orders) {
        const ids = { productId: order.productId, orderId: order.id };
        answers.push([`order ${order.status}`, (await call(loanDetailsRoute, session, params, ids)).data]);
        if ([170, 174, 180].includes(order.status)) answers.push([`plan ${order.status}`, (await call(loanPlayDetailRoute, session, params, ids)).data]);
        if (order.status === 180) answers.push([`rollover ${order.status}`, (await call(rolloverInfoRoute, session, params, ids)).data]);
      }
      answers.push(['failure page', (await call(goyaFailureInfoRoute, session, params, {})).data]);
      answers.push(['cancel quote', (await call(coolingOffRoute, session, params, { orderId: cooling.id })).data]);
      answers.push(['confirmation', (await call(loanDetailConfirmRoute, session, params, { productId: productIds[1]! })).data]);
      answers.push(['second variant', (await call(goyaLoanConfirmRoute, session, params, { productId: productIds[1]! })).data]);
      return answers;
    };
    expect(await leftInEnglish(answersIn)).toEqual([]);
  });

  it("the complaint screens (types, the orders' rows, the tabs) and the records (payments, a receipt, the documents' titles), with what people wrote kept as written", async () => {
    const { borrowerId, session } = await t.newBorrower({ isRepeat: true });
    const product = (await findProduct(t.db, productIds[0]!))!;
    const order = await createOrder(t.db, { borrower: { id: borrowerId, isRepeat: true }, product, status: 174, dueInDays: 1 }, t.clock.now());
    const ops = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${t.config.OPS_TOKEN}` }, payload });
    const code = (await ops('/ops/pay-codes', { orderId: order.id, purpose: 'repay', amount: 100_000 })).json().data.code as string;
    const { paymentId } = (await ops(`/ops/pay-codes/${code}/paid`)).json().data as { paymentId: number };
    // A description that reads like one of our texts stays the borrower's.
    const filed = await call(problemSaveRoute, session, {}, { problemType: '6', problemDetail: 'Other', problemImage: '' });
    const problemId = (filed.data as { problemId: number }).problemId;
    await ops(`/ops/complaints/${problemId}/reply`, { disposeDetail: 'Repayment', disposeImages: [], isNeedScore: 0 });
    await call(problemSaveRoute, session, {}, { problemType: '1', problemSonType: '13', problemDetail: 'They called at night.', problemImage: '', orderNo: order.orderNo });
    const answersIn = async (params: Record<string, string>) => {
      const ids = { orderId: order.id };
      const answers: Array<[string, unknown]> = [
        ['problem init', (await call(problemInitRoute, session, params, ids)).data],
        ['complaint list', (await call(problemListRoute, session, params, {})).data],
        ['complaint', (await call(problemDetailRoute, session, params, { problemId })).data],
        ['payment history', (await call(paymentHistoryRoute, session, params, ids)).data],
        ['receipt', (await call(receiptRoute, session, params, { ...ids, paymentId })).data],
        ['documents', (await call(documentsRoute, session, params, ids)).data],
      ];
      return answers;
    };
    // What people wrote, the lender's name, the channels' names, and codes: a state, a document's key, a file's name.
    const data = ['content', 'disposeDetail', 'lenderName', 'channel', 'state', 'status', 'document', 'fileName'];
    expect(await leftInEnglish(answersIn, data)).toEqual([]);
    const complaint = (await call(problemDetailRoute, session, { lang: 'hi' }, { problemId })).data as { type: string; content: string; disposeDetail: string };
    expect(complaint).toMatchObject({ type: CATALOGUES.hi.server!['Other'], content: 'Other', disposeDetail: 'Repayment' });
  });

  /** The answers' texts the same in English as in Filipino or Hindi, in both markets: what was left in English. */
  async function leftInEnglish(answersIn: (params: Record<string, string>) => Promise<Array<[string, unknown]>>, alsoData: string[] = []): Promise<string[]> {
    const left: string[] = [];
    for (const real of ['0', '1']) {
      const english = await answersIn({ real });
      for (const lang of ['fil', 'hi'] as Lang[]) {
        const translated = await answersIn({ lang, real });
        translated.forEach(([where, answer], i) => {
          expect(answer, where).toBeTruthy();
          const before = new Map(texts(english[i]![1], '', alsoData));
          // The same words in both: left in English, unless the catalogue says so (a legal document's name kept as the law writes it).
          const kept = CATALOGUES[lang as Exclude<Lang, 'en'>].server ?? {};
          for (const [path, text] of texts(answer, '', alsoData)) if (before.get(path) === text && kept[text] !== text) left.push(`${lang} real=${real} ${where} ${path}: ${text}`);
        });
      }
    }
    return left;
  }
});
