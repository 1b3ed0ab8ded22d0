import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { API_BASE, callUrlPath, errorCode, isSuccess, type AnswerOf, type PayloadOf, type Route } from './common.ts';
import * as routes from './routes.ts';
import { ALL_CALLS, type CallName } from './all-calls.ts';
import { CALL_EXAMPLES } from './examples.ts';
import { renderApiDoc } from './api-doc.ts';
import type { Call } from './schema.ts';

const calls = Object.entries(ALL_CALLS) as Array<[CallName, Call]>;
const YOUMI_LOAN = '/api/v1/youmi/youmi-api/service/loan';

/** Spec section 7, written out as the spec writes it ("verb not shown" is a form POST). */
const SPEC_SECTION_7: Array<[method: 'GET' | 'POST', path: string]> = [
  ['POST', '/v3/bind-card/card-init'],
  ['POST', '/v3/bind-card/bind-card-new'],
  ['POST', '/v3/bind-card/bind-card-change'],
  ['POST', '/user-problem/problem-detail'],
  ['POST', '/user-problem/save-score'],
  ['POST', '/user-problem/problem-init'],
  ['GET', '/user-problem/problem-init'],
  ['POST', '/user-problem/upload-problem-img'],
  ['POST', '/user-problem/problem-save'],
  ['POST', '/user-problem/problem-list'],
  ['POST', '/v3/personal-center/contact-kf-info'],
  ['POST', '/api/v1/youmi/youmi-api/service/loan/repayment-way'],
  ['POST', '/api/v1/youmi/youmi-api/service/loan/repayment-commit'],
  ['POST', '/api/v1/youmi/youmi-api/service/loan/repayment-confirm'],
  ['POST', '/api/v1/youmi/youmi-api/service/loan/repayment-huichao'],
  ['GET', '/api/v2/youmi/service/channel/channel-template'],
  ['GET', '/api/v2/youmi/promotion/track-visit'],
  ['GET', '/api/v2/youmi/promotion/track-click'],
  ['GET', '/api/v2/youmi/promotion/get-sid'],
  ['GET', '/api/v2/youmi/promotion/get-captcha'],
  ['POST', '/api/v2/youmi/promotion/get-sms'],
  ['POST', '/api/v2/youmi/promotion/register'],
  ['POST', '/story/inherited'],
  ['POST', '/v3/installment/loan-play-detail'],
  ['POST', '/v3/loan-details/generate-vcode'],
  ['POST', '/v3/loan-confirm/loan-detail-confirm'],
  ['POST', '/v3/contract/contract'],
  ['POST', '/v3/contract/contract-jump'],
  ['POST', '/v3/loan-confirm/loan-detail-push'],
  ['POST', '/v3/loan-details/loan-details'],
  ['POST', '/v3/loan-details/google-score'],
  ['POST', '/service/event/save'],
  ['POST', '/gopia/goya/satire'],
  ['GET', '/gopia/goya/cultures'],
  ['GET', '/gopia/goya/misunderstood'],
  ['POST', '/gopia/goya/depush'],
  ['POST', '/gopia/goya/drowns'],
  ['POST', '/gopia/goya/because'],
  ['POST', '/gopia/goya/define'],
];
/**
 * Calls added beyond section 7 (chosen here): the official site's configuration, the loan agreement's
 * text, UPI for Indian orders on the repayment screens (issue 21), the borrower's records (issue 22), cancelling in the cooling-off period (issue 23),
 * and who handles an overdue order (issue 38).
 */
const ADDED_CALLS: Array<[method: 'GET' | 'POST', path: string]> = [
  ['GET', '/v3/site/config'],
  ['POST', '/v3/contract/contract-content'],
  ['POST', '/v3/loan-details/upi-pay'],
  ['POST', '/v3/records/payment-history'],
  ['POST', '/v3/records/receipt'],
  ['POST', '/v3/records/documents'],
  ['GET', '/v3/records/pdf'],
  ['POST', '/v3/cancel-loan/cooling-off'],
  ['POST', '/v3/cancel-loan/pay-code'],
  ['GET', '/v3/loan-details/collector'],
  // the borrower's data rights (issue 39)
  ['POST', '/v3/my-data'],
  ['POST', '/v3/my-data/consent'],
  ['POST', '/v3/my-data/export'],
  ['GET', '/v3/my-data/pdf'],
  ['POST', '/v3/my-data/requests'],
];

const key = (method: string, path: string) => `${method} ${path}`;

describe('route table', () => {
  it('declares exactly the calls of spec section 7 and the added ones, each once', () => {
    const declared = calls.map(([, c]) => key(c.route.method, c.route.path)).sort();
    const spec = [...SPEC_SECTION_7, ...ADDED_CALLS].map(([m, p]) => key(m, p)).sort();
    expect(declared).toEqual(spec);
  });

  it('mounts no two calls on the same method and URL', () => {
    const urls = calls.map(([, c]) => key(c.route.method, callUrlPath(c.route)));
    expect(new Set(urls).size).toBe(urls.length);
  });

  it('lists every route of routes.ts in ALL_CALLS, and no route twice', () => {
    const exportedRoutes = Object.entries(routes).filter(([name]) => name.endsWith('Route')) as Array<[string, Route]>;
    const used = calls.map(([, c]) => c.route);
    expect(exportedRoutes.length).toBe(calls.length);
    for (const [name, r] of exportedRoutes) expect(used.filter((u) => u === r), name).toHaveLength(1);
    for (const [name] of calls) expect(name.replace(/Call$/, 'Route') in routes, name).toBe(true);
  });

  it("puts the complaint, card-repayment and goya calls in the '00' code form and the others in the 0 code form", () => {
    for (const [name, c] of calls) {
      const doubleZero = c.route.path.startsWith('/user-problem/') || c.route.path.startsWith(YOUMI_LOAN) || c.route.path.startsWith('/gopia/');
      expect(c.route.codeForm, name).toBe(doubleZero ? 'doubleZero' : 'zero');
    }
  });

  it('keeps the youmi calls at the server root and the rest under the product base path', () => {
    for (const [name, c] of calls) {
      expect(c.route.base, name).toBe(c.route.path.startsWith('/api/') ? 'root' : 'product');
    }
    expect(callUrlPath(routes.loanDetailsRoute)).toBe(`${API_BASE}/v3/loan-details/loan-details`);
    expect(callUrlPath(routes.repaymentWayRoute)).toBe('/api/v1/youmi/youmi-api/service/loan/repayment-way');
  });

  it('makes only the promotion calls and the site configuration public', () => {
    const publicCalls = calls.filter(([, c]) => !c.route.auth).map(([, c]) => c.route.path);
    const promotion = SPEC_SECTION_7.filter(([, p]) => p.startsWith('/api/v2/youmi/')).map(([, p]) => p);
    expect(publicCalls.sort()).toEqual([...promotion, '/v3/site/config'].sort());
  });

  it('sends GET payloads in the query, the image upload as multipart and every other POST form-encoded', () => {
    for (const [name, c] of calls) {
      const expected = c.route.method === 'GET' ? 'none' : c === ALL_CALLS.uploadProblemImgCall ? 'multipart' : 'form';
      expect(c.route.body, name).toBe(expected);
    }
  });

  it('answers an envelope everywhere except the captcha image and the PDFs (records, my data)', () => {
    const images = calls.filter(([, c]) => c.route.responds === 'image').map(([name]) => name);
    expect(images).toEqual(['getCaptchaCall']);
    expect(calls.filter(([, c]) => c.route.responds === 'pdf').map(([name]) => name)).toEqual(['recordPdfCall', 'myDataPdfCall']);
  });

  it('fixes the spec section 9 values', () => {
    expect(routes.CONTACT_INFO_OVERALL).toBe('30');
    expect(routes.AGREEMENT_SCENE).toBe('3');
    expect(routes.GOOGLE_SCORE).toBe('5');
    expect(routes.TRACKING_MODULE).toEqual({ borrowAgain: '30', failureRecommendations: '18' });
    expect(routes.DEFAULT_CARD_TYPE).toBe(1);
    expect(routes.DEFAULT_CHANNEL_NUMBER).toBe('90006');
    expect([routes.COMPLAINT_MAX_CHARS, routes.COMPLAINT_MAX_IMAGES, routes.RATING_MAX_STARS]).toEqual([200, 9, 5]);
    expect([routes.PHONE_LENGTH, routes.CAPTCHA_MAX_LENGTH, routes.SMS_CODE_MAX_LENGTH, routes.VERIFY_CODE_MIN_LENGTH]).toEqual([11, 4, 6, 6]);
  });
});

describe('success and error codes', () => {
  it('tells success by the code form: 0 for the zero code form, the string 00 for the other', () => {
    expect(isSuccess('zero', 0)).toBe(true);
    expect(isSuccess('zero', '00')).toBe(false);
    expect(isSuccess('doubleZero', '00')).toBe(true);
    expect(isSuccess('doubleZero', 0)).toBe(false);
    expect(errorCode('zero', 400)).toBe(400);
    expect(errorCode('doubleZero', routes.CALL_ERROR_CODES.wrongVerifyCode)).toBe('800006');
  });
});

describe('examples', () => {
  it.each(calls)('%s: the example payload (as a form sends it) and answer fit the schemas', (name, c) => {
    const example = CALL_EXAMPLES[name];
    const payload = c.payload.safeParse(example.payload);
    expect(payload.error?.issues, `${name} payload`).toBeUndefined();
    for (const value of Object.values(example.payload as Record<string, unknown>)) expect(typeof value).toBe('string');
    const answer = c.answer.safeParse(example.answer);
    expect(answer.error?.issues, `${name} answer`).toBeUndefined();
  });

  it.each(calls)('%s: leaving out a required field fails with a message naming it', (name, c) => {
    const required = (z.toJSONSchema(c.payload, { io: 'input', unrepresentable: 'any' }) as { required?: string[] }).required ?? [];
    for (const field of required) {
      const payload = { ...(CALL_EXAMPLES[name].payload as Record<string, string>) };
      delete payload[field];
      const result = c.payload.safeParse(payload);
      expect(result.success, `${name} without ${field}`).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(field);
    }
  });
});

/** Parses a payload and returns the first issue's message, or the parsed data. */
function parse(c: Call, payload: Record<string, string>): { message?: string; data?: unknown } {
  const result = c.payload.safeParse(payload);
  return result.success ? { data: result.data } : { message: result.error.issues[0]?.message ?? '' };
}
const withField = (name: CallName, changes: Record<string, string>) => ({ ...(CALL_EXAMPLES[name].payload as Record<string, string>), ...changes });

describe('payload rules', () => {
  it('refuses values the spec fixes, naming the field', () => {
    expect(parse(ALL_CALLS.contactKfInfoCall, { overall: '31' }).message).toBe('overall must be 30');
    expect(parse(ALL_CALLS.contractCall, withField('contractCall', { scene: '2' })).message).toBe('scene must be 3');
    expect(parse(ALL_CALLS.loanDetailPushCall, withField('loanDetailPushCall', { extraNumber: '2' })).message).toBe('extraNumber must be 1');
    expect(parse(ALL_CALLS.googleScoreCall, { score: '4' }).message).toBe('score must be 5');
    expect(parse(ALL_CALLS.eventSaveCall, withField('eventSaveCall', { moduleId: '99' })).message).toBe('moduleId must be 30 or 18');
    expect(parse(ALL_CALLS.goyaClickTrackCall, withField('goyaClickTrackCall', { moduleId: '30' })).message).toBe('moduleId must be 18');
    expect(parse(ALL_CALLS.generateVcodeCall, withField('generateVcodeCall', { isDelay: '0' })).message).toBe('isDelay must be 1');
  });

  it('reads ids and minor-unit amounts from form strings', () => {
    expect(parse(ALL_CALLS.repaymentCommitCall, withField('repaymentCommitCall', { amount: ' 537500 ' })).data).toMatchObject({
      amount: 537500,
      orderId: '41',
      couponId: undefined,
    });
    expect(parse(ALL_CALLS.repaymentCommitCall, withField('repaymentCommitCall', { amount: '5375.00' })).message).toBe(
      'amount must be a whole number of minor units',
    );
    expect(parse(ALL_CALLS.repaymentCommitCall, withField('repaymentCommitCall', { amount: '0' })).message).toBe('amount must be greater than 0');
    expect(parse(ALL_CALLS.loanDetailsCall, withField('loanDetailsCall', { orderId: '41abc' })).message).toBe('orderId must be a number');
    expect(parse(ALL_CALLS.repaymentCommitCall, withField('repaymentCommitCall', { sendMsg: '2' })).message).toBe('sendMsg must be 0 or 1');
    expect(parse(ALL_CALLS.loanDetailPushCall, withField('loanDetailPushCall', { periods: '1' })).data).toMatchObject({ amount: 500000, periods: 1, termUnit: 1 });
  });

  it('keeps a rating between 1 and 5 stars', () => {
    expect(parse(ALL_CALLS.saveScoreCall, { score: '6', problemId: '12' }).message).toBe('score must be between 1 and 5');
    expect(parse(ALL_CALLS.saveScoreCall, { score: '0', problemId: '12' }).message).toBe('score must be between 1 and 5');
    expect(parse(ALL_CALLS.saveScoreCall, { score: '5', problemId: '12' }).data).toEqual({ score: 5, problemId: '12' });
  });

  it('checks a complaint: description up to 200 characters, up to 9 image URLs, collection needs a sub-type and an order', () => {
    const save = ALL_CALLS.problemSaveCall;
    expect(parse(save, withField('problemSaveCall', { problemDetail: '   ' })).message).toBe('problemDetail is required');
    expect(parse(save, withField('problemSaveCall', { problemDetail: 'x'.repeat(201) })).message).toBe('problemDetail must be at most 200 characters');
    expect(parse(save, withField('problemSaveCall', { problemDetail: 'x'.repeat(200) })).data).toBeDefined();
    const tenImages = Array.from({ length: 10 }, (_, i) => `/uploads/complaints/${i}.jpg`).join(',');
    expect(parse(save, withField('problemSaveCall', { problemImage: tenImages })).message).toBe('problemImage must hold at most 9 images');
    expect(parse(save, withField('problemSaveCall', { problemImage: 'javascript:alert(1)' })).message).toBe('problemImage must be comma-joined image URLs');
    expect(parse(save, withField('problemSaveCall', { problemSonType: '' })).message).toBe('problemSonType is required for a collection complaint');
    expect(parse(save, withField('problemSaveCall', { orderNo: '' })).message).toBe('orderNo is required for a collection complaint');
    expect(parse(save, { problemType: '3', problemDetail: 'The app is slow.' }).data).toEqual({
      problemType: '3',
      problemSonType: '',
      problemDetail: 'The app is slow.',
      problemImage: [],
      orderNo: '',
    });
    expect(parse(save, withField('problemSaveCall', {})).data).toMatchObject({
      problemImage: ['/uploads/complaints/5f2c.jpg', '/uploads/complaints/77ab.jpg'],
    });
  });

  it('checks registration input as the landing does: phone, captcha, SMS code', () => {
    const reg = ALL_CALLS.registerCall;
    // A number correct under one of the market rules passes here; the server holds it to the landing's own rule.
    for (const phone of ['13912345678', '09171234567', '9876543210']) expect(parse(reg, withField('registerCall', { phone })).data).toBeDefined();
    for (const phone of ['12912345678', '1391234567', '0917123456', '5876543210', '139123456789', '1391234567a']) {
      expect(parse(reg, withField('registerCall', { phone })).message, phone).toBe('phone must be a correct mobile number');
    }
    expect(routes.phoneMatchesRule('13912345678', 'default')).toBe(true);
    expect(routes.phoneMatchesRule('09171234567', 'default')).toBe(false);
    expect(routes.phoneMatchesRule('09171234567', 'ph')).toBe(true);
    expect(routes.phoneMatchesRule('9876543210', 'in')).toBe(true);
    expect(routes.phoneMatchesRule('98765432101', 'in')).toBe(false);
    expect(routes.PHONE_RULES.default.maxLength).toBe(routes.PHONE_LENGTH);
    expect(parse(reg, withField('registerCall', { capcode: 'abcde' })).message).toBe('capcode must be at most 4 characters');
    expect(parse(reg, withField('registerCall', { smsCode: '1234567' })).message).toBe('smsCode must be at most 6 digits');
    expect(parse(ALL_CALLS.getSmsCall, { phone: '13912345678', capcode: 'x7Kp', sid: 'abc' }).data).toMatchObject({ appName: '', utm_tag: '' });
  });

  it('asks for a verification code of at least 6 characters', () => {
    const confirm = ALL_CALLS.repaymentConfirmCall;
    expect(parse(confirm, withField('repaymentConfirmCall', { verifyCode: '12345' })).message).toBe('verifyCode must be at least 6 characters');
  });

  it('accepts the bank form fields by their codes and names a bad one', () => {
    const bind = ALL_CALLS.bindCardNewCall;
    expect(parse(bind, { product_id: '3', cardType: '1', accountNo: '0917', channel: '90006' }).data).toEqual({
      product_id: '3',
      cardType: 1,
      accountNo: '0917',
      channel: '90006',
    });
    expect(parse(bind, { product_id: '3', cardType: '1', accountNo: '9'.repeat(201) }).message).toBe('accountNo must be at most 200 characters');
  });

  it('lets problem-init go without an order', () => {
    expect(parse(ALL_CALLS.problemInitCall, {}).data).toEqual({ orderId: undefined });
    expect(parse(ALL_CALLS.problemInitCall, { orderId: '' }).data).toEqual({ orderId: undefined });
  });
});

describe('web bundle stays zod-free', () => {
  // The web imports common.ts and routes/*.ts at runtime; anything else they import must be type-only
  // (routes.ts only re-exports routes/*.ts for the server).
  const routeFiles = readdirSync(new URL('./routes/', import.meta.url)).filter((f) => f.endsWith('.ts')).map((f) => `routes/${f}`);
  it.each(['common.ts', ...routeFiles])('%s imports only types from zod and the schema files', (file) => {
    const source = readFileSync(new URL(`./${file}`, import.meta.url), 'utf8');
    const imports = [...source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)';/gms)].map((m) => ({ typeOnly: Boolean(m[1]), from: m[2] }));
    // A values file (routes/values.ts aside) may stand alone; a route file imports at least its types.
    if (file.endsWith('-values.ts')) expect(imports).toEqual([]);
    else expect(imports.length).toBeGreaterThan(0);
    for (const imp of imports) {
      if (!imp.typeOnly) expect(imp.from, `${file} imports ${imp.from} at runtime`).toMatch(file === 'common.ts' ? /^\.\/common\.ts$/ : /^(\.\.\/common|\.\/[a-z-]+)\.ts$/);
    }
    expect(source).not.toMatch(/require\(|import\(/);
  });
  it('routes.ts only re-exports routes/*.ts', () => {
    const source = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8');
    expect(source.replace(/\/\*\*[\s\S]*?\*\//g, '').trim().split('\n')).toEqual(routeFiles.map(() => expect.stringMatching(/^export \* from '\.\/routes\/[a-z-]+\.ts';$/)));
  });
});

describe('types the web sees', () => {
  it('gives each route the payload a form sends and the answer data it gets back', () => {
    expectTypeOf<PayloadOf<typeof routes.repaymentCommitRoute>['amount']>().toEqualTypeOf<string>();
    expectTypeOf<AnswerOf<typeof routes.repaymentCommitRoute>['needValid']>().toEqualTypeOf<number>();
    expectTypeOf<AnswerOf<typeof routes.loanDetailsRoute>['userOrderDetail']['detail'][number]>().toEqualTypeOf<{ text: string; value: string }>();
    expectTypeOf<PayloadOf<typeof routes.problemInitRoute>>().toEqualTypeOf<{ orderId?: string | undefined }>();
  });
});

describe('docs/api.md', () => {
  it('is what scripts/gen-api-doc.ts generates from the contract (run `npx tsx scripts/gen-api-doc.ts`)', () => {
    const onDisk = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    expect(onDisk === renderApiDoc(), 'docs/api.md is stale: run `npx tsx scripts/gen-api-doc.ts`').toBe(true);
  });

  it('documents every call with its full URL', () => {
    const doc = renderApiDoc();
    for (const [name, c] of calls) {
      expect(doc, name).toContain(`### ${c.route.method} \`${callUrlPath(c.route)}\``);
      expect(doc, name).toContain(c.summary);
    }
  });
});
