/**
 * Issue 34, item 4: text a borrower or an agent writes reaches the server-rendered pages as text,
 * whatever it holds. The real renderer (built fresh from apps/web, test-support/built-web.ts) renders
 * every path route the server renders, for a borrower whose name, bank account fields, complaint and
 * the agent's reply (through the staff API) all hold String.replace's patterns ($&, $`, $', $1, $$),
 * a closing </script>, an HTML comment opener and U+2028/U+2029; a pay code in the address holds them
 * too. Each page must have one doctype and one #root, its embedded answers must parse and equal what
 * the API answered the server, no raw markup of the text may be anywhere in the page, and where the
 * screen shows the text it must be in the markup whole (React's escaping undone).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindCardNewRoute, callUrlPath, problemSaveRoute, SESSION_PARAMS, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../test-support/test-app.ts';
import { buildServerRenderer } from '../test-support/built-web.ts';
import { signedInStaff } from '../test-support/staff.ts';
import { demoLinks, DEMO_BORROWER, DEMO_MARKER_KEY, seedDemo } from '../seed/demo.ts';
import { INSTAPAY } from '../modules/bind-bank/seed.ts';
import { ORDER_STATUS, type OrderStatus } from '../loan-terms/status.ts';

/** What String.replace reads in a replacement string, and what breaks HTML or a script: ≤ 100 characters (the account name's limit). */
const HOSTILE = "Ana [$&] [$`] [$'] [$1] [$$] </script><script>self.hit=1</script> <!-- a\u2028b\u2029c";
const HOSTILE_TEXTS = {
  name: `${HOSTILE} name`,
  accountName: `${HOSTILE} acct`,
  complaint: `${HOSTILE} complaint`,
  reply: `${HOSTILE} reply`,
  payCode: `${HOSTILE} code`,
};

/** React's escaping of text and attribute values, undone; React's separators between text nodes removed. */
const asText = (markup: string) =>
  markup
    .replace(/<!-- -->/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

let t: TestApp;
let removeDist: () => void;
let session: SessionParams;
const orders = new Map<OrderStatus, { orderId: number; productId: number }>();
let problemId: number;
let paymentId: number;
/** The JSON answers the API sent while one page was being rendered (the server's own calls). */
let answered: unknown[] | null = null;
/** The server's log lines (a first screen that made a call its route does not declare is warned of). */
const logLines: string[] = [];

beforeAll(async () => {
  const web = await buildServerRenderer();
  removeDist = web.remove;
  t = await createTestApp({ WEB_DIST: web.dist, LOG_LEVEL: 'warn' }, undefined, { logStream: { write: (line) => void logLines.push(line) } });
  t.app.addHook('onSend', async (_request, reply, payload) => {
    if (answered && String(reply.getHeader('content-type')).startsWith('application/json') && typeof payload === 'string') answered.push(JSON.parse(payload));
    return payload;
  });
  await seedDemo(t.db, t.clock.now(), t.config, t.cardData, t.payments);
  await t.db.query('UPDATE borrowers SET name = $2 WHERE user_id = $1', [DEMO_BORROWER.userId, HOSTILE_TEXTS.name]);
  const preview = new URL((await demoLinks(t.db, t.config))!.previewPath, 'http://h5.test').searchParams;
  session = Object.fromEntries(SESSION_PARAMS.map((name) => [name, preview.get(name) ?? ''])) as SessionParams;
  const { rows } = await t.db.query<{ value: { orders: Array<{ status: OrderStatus; orderId: number; productId: number }> } }>('SELECT value FROM app_settings WHERE key = $1', [DEMO_MARKER_KEY]);
  for (const o of rows[0]!.value.orders) orders.set(o.status, o);
  const settled = orders.get(ORDER_STATUS.settled)!;
  paymentId = Number((await t.db.query<{ id: string }>('SELECT pm.id FROM payments pm JOIN pay_codes pc ON pc.id = pm.pay_code_id WHERE pc.order_id = $1', [settled.orderId])).rows[0]!.id);

  // The borrower's own calls: a bank account with the text in its free-text fields, and a complaint.
  const borrowerCall = (path: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${path}?${query(session)}`, headers: FORM_HEADERS, payload: form(payload) }).then((res) => res.json() as { code: unknown; message: string; data: unknown });
  const bound = await borrowerCall(callUrlPath(bindCardNewRoute), {
    product_id: String(orders.get(ORDER_STATUS.overdue)!.productId),
    cardType: '1',
    channel: INSTAPAY,
    bankCode: 'BDO',
    cardNo: '001234567890',
    accountName: HOSTILE_TEXTS.accountName,
    city: 'Quezon City',
    payday: '15',
  });
  expect(bound.message).toBe('success');
  // Two complaints: one waiting (the list's first tab shows it), one the agent answers (its details show both texts).
  for (const detail of [`${HOSTILE_TEXTS.complaint} waiting`, HOSTILE_TEXTS.complaint]) {
    const filed = await borrowerCall(callUrlPath(problemSaveRoute), { problemType: '2', problemDetail: detail, problemImage: '' });
    problemId = (filed.data as { problemId: number }).problemId;
    expect(problemId).toBeGreaterThan(0);
  }
  // The agent's reply, through the staff API as the back office sends it.
  const agent = await signedInStaff(t, ['agent']);
  const replied = await agent.call('POST', `/complaints/${problemId}/reply`, { disposeDetail: HOSTILE_TEXTS.reply, isNeedScore: 1 });
  expect(replied.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  removeDist?.();
});

const ids = (status: OrderStatus) => {
  const o = orders.get(status)!;
  return { productId: String(o.productId), orderId: String(o.orderId) };
};

/**
 * Every path route the server renders (docs/performance.md: all of apps/web's MAIN_ROUTES but
 * /repaymentOfCode2, which the browser renders, and promo.html's landing), with
 * the address it needs, and which of the texts its first screen shows.
 */
const ROUTES: Array<{ path: string; query: () => Record<string, string>; shows: Array<keyof typeof HOSTILE_TEXTS> }> = [
  { path: '/', query: () => session, shows: [] },
  { path: '/pluralityCounting', query: () => session, shows: [] },
  { path: '/maySimilar', query: () => session, shows: [] },
  { path: '/allIt', query: () => ({ ...session, ...ids(ORDER_STATUS.overdue) }), shows: [] },
  { path: '/anFrom', query: () => ({ ...session, ...ids(ORDER_STATUS.settled) }), shows: [] },
  { path: '/wherePlurality', query: () => ({ ...session, ...ids(ORDER_STATUS.overdue) }), shows: [] },
  { path: '/smpSystem', query: () => ({ ...session, productId: ids(ORDER_STATUS.overdue).productId }), shows: [] },
  { path: '/manyVoting', query: () => ({ ...session, productId: ids(ORDER_STATUS.overdue).productId }), shows: [] },
  { path: '/toIs', query: () => ({ ...session, productId: ids(ORDER_STATUS.overdue).productId, position: '1', orderId: '' }), shows: ['name'] },
  { path: '/allowedAlso', query: () => ({ ...session, ...ids(ORDER_STATUS.due) }), shows: [] },
  { path: '/byAs', query: () => ({ ...session, ...ids(ORDER_STATUS.overdue) }), shows: [] },
  { path: '/votingCandidates', query: () => ({ ...session, ...ids(ORDER_STATUS.overdue) }), shows: [] },
  { path: '/beSeats', query: () => session, shows: [] },
  { path: '/candidateWhile', query: () => ({ ...session, product_id: ids(ORDER_STATUS.overdue).productId }), shows: ['accountName'] },
  { path: '/dragonpayPaymentInstructions', query: () => session, shows: [] },
  {
    path: '/repaymentOfCode',
    query: () => ({ ...session, ...ids(ORDER_STATUS.due), showType: '1', payCode: HOSTILE_TEXTS.payCode, repayAmount: '560500' }),
    shows: ['payCode'],
  },
  { path: '/testPreview', query: () => ({ ...session, ...ids(ORDER_STATUS.repaying) }), shows: [] },
  { path: '/numberWill', query: () => ({ ...session, orderId: ids(ORDER_STATUS.overdue).orderId }), shows: [] },
  { path: '/complainPage', query: () => session, shows: [] },
  { path: '/complainPageNext', query: () => ({ ...session, problemType: '2' }), shows: [] },
  { path: '/complaintList', query: () => session, shows: ['complaint'] },
  { path: '/complainDetails', query: () => ({ ...session, problemId: String(problemId) }), shows: ['complaint', 'reply'] },
  { path: '/paymentHistory', query: () => ({ ...session, ...ids(ORDER_STATUS.settled) }), shows: [] },
  { path: '/paymentReceipt', query: () => ({ ...session, ...ids(ORDER_STATUS.settled), paymentId: String(paymentId) }), shows: [] },
  { path: '/loanDocuments', query: () => ({ ...session, ...ids(ORDER_STATUS.settled) }), shows: [] },
  { path: '/cancelLoan', query: () => ({ ...session, ...ids(ORDER_STATUS.repaying) }), shows: [] },
  { path: '/myData', query: () => session, shows: [] },
  // pay.html's screens at their path addresses.
  { path: '/alipayrepayment', query: () => ({ ...session, ...ids(ORDER_STATUS.due) }), shows: [] },
  { path: '/addnormalcard', query: () => ({ ...session, ...ids(ORDER_STATUS.due) }), shows: [] },
  { path: '/borrowDetail', query: () => ({ ...session, ...ids(ORDER_STATUS.due) }), shows: [] },
  { path: '/promo.html', query: () => ({ templateId: '1' }), shows: [] },
];

async function open(url: string): Promise<{ res: LightMyRequestResponse; apiAnswers: unknown[] }> {
  answered = [];
  try {
    const res = await t.app.inject({ method: 'GET', url });
    return { res, apiAnswers: answered };
  } finally {
    answered = null;
  }
}

describe('server-rendered pages with hostile text in the data', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))('%s', async (path, route) => {
    const { res, apiAnswers } = await open(`${path}?${query(route.query())}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    // One page: String.replace's $` and $' would each have pasted the template in again.
    expect(html.match(/<!doctype html>/gi)).toHaveLength(1);
    expect(html.match(/<div id="root">/g)).toHaveLength(1);
    expect(html.match(/<\/html>/g)).toHaveLength(1);
    // Rendered on the server, with the answers it showed embedded: parsed, and each what the API answered.
    const script = /<script type="application\/json" id="preloaded-answers">([\s\S]*?)<\/script><div id="root">([\s\S]*)<\/div>\s*<script data-preload/.exec(html);
    expect(script, 'the page was rendered on the server').not.toBeNull();
    expect(script![2]!.trim()).not.toBe('');
    const embedded = Object.values(JSON.parse(script![1]!) as Record<string, unknown>);
    const sorted = (answers: unknown[]) => answers.map((a) => JSON.stringify(a)).sort();
    expect(sorted(embedded)).toEqual(sorted(apiAnswers));
    // The text never reaches the page as markup: not the script it carries, not a line separator raw in the JSON.
    expect(html).not.toContain('<script>self.hit=1');
    expect(script![1]).not.toMatch(/[<\u2028\u2029]/);
    // Where the screen shows it, it is there whole.
    const root = asText(script![2]!);
    for (const field of route.shows) expect(root, field).toContain(HOSTILE_TEXTS[field]);
  });

  it('every first screen made only the calls its route declares', () => {
    expect(logLines.filter((line) => line.includes('does not declare'))).toEqual([]);
  });

  it('the texts are in the embedded answers whole', async () => {
    const { res } = await open(`/complainDetails?${query({ ...session, problemId: String(problemId) })}`);
    const json = /id="preloaded-answers">([\s\S]*?)<\/script>/.exec(res.body)![1]!;
    const data = Object.values(JSON.parse(json) as Record<string, { data: { content: string; disposeDetail: string } }>)[0]!.data;
    expect([data.content, data.disposeDetail]).toEqual([HOSTILE_TEXTS.complaint, HOSTILE_TEXTS.reply]);
  });
});
