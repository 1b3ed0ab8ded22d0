import { inflateSync } from 'node:zlib';
import { HI } from '@cashloan/contract/texts/hi';
import { DEMO_TEMPLATE_TEXTS } from './seed-languages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSENT_TEXTS,
  SIGN_UP_CONSENT_PURPOSES,
  callUrlPath,
  channelTemplateRoute,
  getCaptchaRoute,
  getSidRoute,
  getSmsRoute,
  registerRoute,
  trackClickRoute,
  trackVisitRoute,
  type Route,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { createDevOutboxSms } from '../../providers/sms/dev-outbox.ts';
import type { SmsProvider } from '../../providers/sms/sms.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, crc32 } from './captcha-image.ts';
import { seedLandingTemplates, DEMO_TEMPLATES } from './seed.ts';
import { LIMITS, MESSAGES } from './service.ts';

let t: TestApp;
/** The SMS gateway can be switched off to see what the borrower is told. */
let gatewayDown = false;
const sentSms: Array<{ phone: string; text: string }> = [];
const sms: SmsProvider = {
  send: async (message) => {
    if (gatewayDown) throw new Error('gateway unreachable');
    sentSms.push(message);
    return createDevOutboxSms(t.db, t.clock).send(message);
  },
};

beforeAll(async () => {
  t = await createTestApp({}, undefined, { sms });
  await seedLandingTemplates(t.db);
});
afterAll(() => t.close());

const OPS = { authorization: 'Bearer test-ops-token-of-the-server-tests' };

// ---- helpers: every test uses phones and client addresses of its own -------------------------------------

let seq = 0;
const nextPhone = (rule: 'default' | 'ph' | 'in' = 'default') => {
  seq += 1;
  const tail = String(seq).padStart(7, '0');
  return rule === 'default' ? `1390${tail}` : rule === 'ph' ? `0917${tail}` : `987${tail}`;
};
let addresses = 0;
const nextIp = () => {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

type Envelope = { code: number; message: string; data: Record<string, unknown> | null };

async function get(route: Route, params: Record<string, string>, ip = '127.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url: `${callUrlPath(route)}?${query(params)}`, remoteAddress: ip });
  return res;
}
async function post(route: Route, payload: Record<string, string>, ip: string) {
  const res = await t.app.inject({ method: 'POST', url: callUrlPath(route), headers: FORM_HEADERS, payload: form(payload), remoteAddress: ip });
  return { status: res.statusCode, body: res.json() as Envelope };
}

async function newSid(ip: string, templateId: string | undefined = '1'): Promise<string> {
  const res = await get(getSidRoute, templateId ? { templateId } : {}, ip);
  const body = res.json() as Envelope;
  expect(body.code, body.message).toBe(0);
  return String(body.data!.sid);
}
async function draw(sid: string) {
  return get(getCaptchaRoute, { sid, timestamp: String(Date.now()) });
}
/** The answer of the sid's current image, as the dev back office shows it. */
async function opsCaptcha(sid: string): Promise<{ answer: string; used: boolean }> {
  const res = await t.app.inject({ method: 'GET', url: `/ops/captchas/${sid}`, headers: OPS });
  return res.json().data;
}
/** A sid with a drawn image and its answer. */
async function captcha(ip: string, templateId = '1') {
  const sid = await newSid(ip, templateId);
  expect((await draw(sid)).statusCode).toBe(200);
  return { sid, capcode: (await opsCaptcha(sid)).answer };
}
async function requestCode(c: { sid: string; capcode: string }, phone: string, ip: string, extra: Record<string, string> = {}) {
  return post(getSmsRoute, { phone, capcode: c.capcode, sid: c.sid, ...extra }, ip);
}
/** The code in the newest message to the phone in the dev outbox. */
async function lastCode(phone: string): Promise<string | null> {
  const res = await t.app.inject({ method: 'GET', url: `/ops/sms-outbox?phone=${phone}`, headers: OPS });
  const body = res.json().data.items[0]?.body as string | undefined;
  return body ? /\b(\d{6})\b/.exec(body)![1]! : null;
}
async function register(c: { sid: string; capcode: string }, phone: string, smsCode: string, ip: string, extra: Record<string, string> = {}) {
  return post(registerRoute, { phone, capcode: c.capcode, sid: c.sid, smsCode, ...extra }, ip);
}
const borrowersWithPhone = async (phone: string) =>
  (await t.db.query<{ id: number; user_id: string; merchant_number: string; name: string }>('SELECT id, user_id, merchant_number, name FROM borrowers WHERE mobile_phone = $1', [phone])).rows;
const codeRows = async (phone: string) =>
  (await t.db.query<{ state: string; wrong_tries: number }>('SELECT state, wrong_tries FROM sms_codes WHERE phone = $1 ORDER BY id', [phone])).rows;

// ---- templates and counts ----------------------------------------------------------------------------------

describe('channel-template', () => {
  it('answers the template held in the database, without the merchant it signs up for', async () => {
    const res = await get(channelTemplateRoute, { templateId: '2' });
    const body = res.json() as Envelope;
    expect(body.code).toBe(0);
    const { merchantNumber: _m, ...expected } = DEMO_TEMPLATES[1]!;
    expect(body.data).toEqual(expected);
    expect(body.data).toMatchObject({ phoneRule: 'ph', colors: { primary: '#1d4ed8' }, agreement: { title: 'Registration Agreement' } });
  });

  it("answers the marketer's texts in the landing's language, the brand, banner, colours and phone rule the template's own", async () => {
    const inFilipino = (await get(channelTemplateRoute, { templateId: '2', lang: 'fil' })).json() as Envelope;
    const filipino = DEMO_TEMPLATE_TEXTS.find((x) => x.templateId === 2 && x.lang === 'fil')!.texts;
    const { merchantNumber: _m, ...english } = DEMO_TEMPLATES[1]!;
    expect(inFilipino.data).toEqual({ ...english, ...filipino });
    expect(inFilipino.data).toMatchObject({ appName: 'PesoNow', bannerUrl: english.bannerUrl, phoneRule: 'ph', colors: english.colors });
    expect((inFilipino.data as { agreement: { title: string } }).agreement.title).toBe('Kasunduan sa Pagrehistro');
    // A language the marketer has not written this template in: its own texts.
    expect(((await get(channelTemplateRoute, { templateId: '2', lang: 'hi' })).json() as Envelope).data).toEqual(english);
    expect(((await get(channelTemplateRoute, { templateId: '3', lang: 'hi' })).json() as Envelope).data).toMatchObject({ buttonText: DEMO_TEMPLATE_TEXTS.find((x) => x.templateId === 3)!.texts.buttonText });
  });

  it('answers 404 for an unknown or switched-off template', async () => {
    expect((await get(channelTemplateRoute, { templateId: '999' })).json()).toMatchObject({ code: 404, message: MESSAGES.templateUnavailable });
    await t.db.query(
      `INSERT INTO landing_templates (id, app_name, title, banner_url, banner_alt, button_text, download_url, primary_color, background_color, text_color, merchant_number, agreement_title, agreement_sections, active)
       SELECT 40, app_name, title, banner_url, banner_alt, button_text, download_url, primary_color, background_color, text_color, merchant_number, agreement_title, agreement_sections, false FROM landing_templates WHERE id = 1`,
    );
    expect((await get(channelTemplateRoute, { templateId: '40' })).statusCode).toBe(404);
    expect((await get(channelTemplateRoute, { templateId: 'x' })).json().message).toBe('templateId must be a number');
  });
});

describe('track-visit and track-click', () => {
  const counts = async (source: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/ops/landing-stats?source=${source}`, headers: OPS });
    return (res.json().data.items as Array<{ templateId: number; page: string; kind: string; day: string; count: number }>).map(
      ({ templateId, page, kind, day, count }) => ({ templateId, page, kind, day, count }),
    );
  };

  it('counts visits and clicks per template, page, source and lender day', async () => {
    for (let i = 0; i < 3; i += 1) expect((await get(trackVisitRoute, { page: 'downloadTemplate', source: 'fb-nov', templateId: '1' })).json().code).toBe(0);
    await get(trackVisitRoute, { page: 'agreementTemplate', source: 'fb-nov', templateId: '1' });
    await get(trackVisitRoute, { page: 'downloadTemplate', source: 'fb-nov', templateId: '2' });
    await get(trackClickRoute, { page: 'downloadTemplate', source: 'fb-nov', templateId: '1' });
    await get(trackVisitRoute, { page: 'downloadTemplate', source: 'tiktok', templateId: '1' });
    // 2026-11-01T02:00Z is 10:00 in Manila: the lender's day is the 1st.
    expect(await counts('fb-nov')).toEqual(
      expect.arrayContaining([
        { templateId: 1, page: 'downloadTemplate', kind: 'visit', day: '2026-11-01', count: 3 },
        { templateId: 1, page: 'agreementTemplate', kind: 'visit', day: '2026-11-01', count: 1 },
        { templateId: 2, page: 'downloadTemplate', kind: 'visit', day: '2026-11-01', count: 1 },
        { templateId: 1, page: 'downloadTemplate', kind: 'click', day: '2026-11-01', count: 1 },
      ]),
    );
    expect(await counts('fb-nov')).toHaveLength(4);
    expect(await counts('tiktok')).toEqual([{ templateId: 1, page: 'downloadTemplate', kind: 'visit', day: '2026-11-01', count: 1 }]);
  });

  it('shows the counts and registrations in the back office only with the ops token', async () => {
    for (const url of ['/ops/landing-stats', '/ops/registrations']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: '/ops/landing-stats?templateId=x', headers: OPS })).json().message).toBe('templateId must be a number');
  });

  it('refuses an unknown template or page and counts nothing for them', async () => {
    expect((await get(trackVisitRoute, { page: 'downloadTemplate', source: 'ghost', templateId: '999' })).json()).toMatchObject({ code: 404 });
    expect((await get(trackClickRoute, { page: 'elsewhere', source: 'ghost', templateId: '1' })).json().message).toBe(
      'page must be one of downloadTemplate, agreementTemplate',
    );
    expect(await counts('ghost')).toEqual([]);
  });
});

// ---- captcha ----------------------------------------------------------------------------------------------------

describe('the image captcha', () => {
  it('is a PNG bound to the sid, never cached, and each draw has a new answer', async () => {
    const sid = await newSid(nextIp());
    const res = await draw(sid);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Chunks: IHDR (240 × 88, 8-bit RGB), IDAT, IEND, each with a correct CRC.
    let at = 8;
    const chunks: Array<{ type: string; data: Buffer }> = [];
    while (at < png.length) {
      const length = png.readUInt32BE(at);
      const type = png.subarray(at + 4, at + 8).toString('ascii');
      const data = png.subarray(at + 8, at + 8 + length);
      expect(png.readUInt32BE(at + 8 + length), type).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
      chunks.push({ type, data });
      at += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT, 8, 2]);
    expect(inflateSync(chunks[1]!.data).length).toBe((CAPTCHA_WIDTH * 3 + 1) * CAPTCHA_HEIGHT);

    const first = await opsCaptcha(sid);
    expect(first.answer).toMatch(/^[A-Z0-9]{4}$/);
    expect(first.used).toBe(false);
    let second = first;
    for (let i = 0; i < 5 && second.answer === first.answer; i += 1) {
      await draw(sid);
      second = await opsCaptcha(sid);
    }
    expect(second.answer).not.toBe(first.answer);
  });

  it('answers 404 for an unknown sid or one past its 30 minutes, and 429 after 20 images', async () => {
    expect((await draw('nope')).json()).toMatchObject({ code: 404, message: MESSAGES.captchaGone });
    const sid = await newSid(nextIp());
    for (let i = 0; i < LIMITS.drawsPerSid; i += 1) expect((await draw(sid)).statusCode).toBe(200);
    expect((await draw(sid)).json()).toMatchObject({ code: 429, message: MESSAGES.tooManyDraws });
    const old = await newSid(nextIp());
    await t.clock.advance(LIMITS.sidTtlMs);
    expect((await draw(old)).json()).toMatchObject({ code: 404, message: MESSAGES.captchaGone });
  });

  it('limits sids to 120 an hour per client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.sidsPerAddressPerHour; i += 1) await newSid(ip);
    expect((await get(getSidRoute, { templateId: '1' }, ip)).json()).toMatchObject({ code: 429, message: MESSAGES.tooManySids });
    expect((await get(getSidRoute, { templateId: '1' }, nextIp())).json().code).toBe(0);
    await t.clock.advance(60 * 60 * 1000);
    expect((await get(getSidRoute, { templateId: '1' }, ip)).json().code).toBe(0);
  });

  it('refuses a sid for an unknown template', async () => {
    expect((await get(getSidRoute, { templateId: '999' })).json()).toMatchObject({ code: 404, message: MESSAGES.templateUnavailable });
  });

  it('takes one answer per image: a wrong guess kills it, so the right answer after it is refused (101)', async () => {
    const ip = nextIp();
    const c = await captcha(ip);
    const wrong = c.capcode === 'AAAA' ? 'CCCC' : 'AAAA';
    expect((await requestCode({ ...c, capcode: wrong }, nextPhone(), ip)).body).toMatchObject({ code: 101, message: MESSAGES.wrongCaptcha });
    expect(await opsCaptcha(c.sid)).toMatchObject({ used: true });
    expect((await requestCode(c, nextPhone(), ip)).body.code).toBe(101);
    // A new image of the same sid works.
    await draw(c.sid);
    const fresh = (await opsCaptcha(c.sid)).answer;
    expect((await requestCode({ sid: c.sid, capcode: fresh.toLowerCase() }, nextPhone(), ip)).body.code).toBe(0);
  });

  it('expires an image 5 minutes after it was drawn', async () => {
    const ip = nextIp();
    const c = await captcha(ip);
    await t.clock.advance(LIMITS.captchaTtlMs);
    expect((await requestCode(c, nextPhone(), ip)).body.code).toBe(101);
  });

  it('makes a right answer a pass for that phone only, until a new image is drawn', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    expect((await requestCode(c, phone, ip)).body.code).toBe(0);
    // The same answer for another phone is a reuse: refused, and the image is dead for everyone.
    expect((await requestCode(c, nextPhone(), ip)).body.code).toBe(101);
    await t.clock.advance(LIMITS.resendIntervalMs);
    expect((await requestCode(c, phone, ip)).body.code).toBe(101);

    const d = await captcha(ip);
    expect((await requestCode(d, phone, ip)).body.code).toBe(0);
    await t.clock.advance(LIMITS.resendIntervalMs);
    // The resend after the countdown needs no new image...
    expect((await requestCode(d, phone, ip)).body.code).toBe(0);
    // ...until the borrower taps the image: the new one replaces the pass.
    await draw(d.sid);
    await t.clock.advance(LIMITS.resendIntervalMs);
    expect((await requestCode(d, phone, ip)).body.code).toBe(101);
  });

  it('ends a pass 15 minutes after the right answer', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    expect((await requestCode(c, phone, ip)).body.code).toBe(0);
    await t.clock.advance(LIMITS.captchaPassTtlMs);
    expect((await requestCode(c, phone, ip)).body.code).toBe(101);
  });
});

// ---- get-sms --------------------------------------------------------------------------------------------------

describe('get-sms', () => {
  it('sends a 6-digit code through the SMS provider, naming the brand and the expiry', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    expect((await requestCode(await captcha(ip), phone, ip, { appName: 'PesoNow' })).body).toEqual({ code: 0, message: 'success', data: {} });
    const message = sentSms.at(-1)!;
    expect(message.phone).toBe(phone);
    expect(message.text).toMatch(/^PesoNow: \d{6} is your registration code\. It expires in 10 minutes\. Never share it with anyone\.$/);
    expect(await lastCode(phone)).toBe(/\d{6}/.exec(message.text)![0]);
    expect(await codeRows(phone)).toEqual([{ state: 'live', wrong_tries: 0 }]);
  });

  it("writes the server's own text, naming the landing's brand: a hostile appName changes nothing in the SMS", async () => {
    const hostile = [
      'URGENT: loan overdue, pay now at https://evil.example/p or',
      'PesoNow\nYour loan is overdue. Pay at http://evil.example',
      'x'.repeat(64),
      'ペソナウ: 今すぐ支払ってください',
      '\u202eelif.exe evil',
      '<script>alert(1)</script>',
    ];
    const template = (code: string) => MESSAGES.smsText('PesoNow', code, 10);
    for (const appName of hostile) {
      const ip = nextIp();
      const phone = nextPhone();
      expect((await requestCode(await captcha(ip), phone, ip, { appName })).body, appName).toMatchObject({ code: 0 });
      const { text } = sentSms.at(-1)!;
      expect(text).toBe(template(/\d{6}/.exec(text)![0]));
    }
    // Without a landing template the configured brand names the lender.
    const ip = nextIp();
    const sid = await newSid(ip, undefined);
    expect((await draw(sid)).statusCode).toBe(200);
    const phone = nextPhone();
    expect((await requestCode({ sid, capcode: (await opsCaptcha(sid)).answer }, phone, ip, { appName: hostile[0]! })).body).toMatchObject({ code: 0 });
    const { text } = sentSms.at(-1)!;
    expect(text).toBe(MESSAGES.smsText(t.config.APP_EN_NAME, /\d{6}/.exec(text)![0], 10));
    // Longer than 64 characters: refused by name, nothing sent.
    const before = sentSms.length;
    const long = await requestCode(await captcha(nextIp()), nextPhone(), nextIp(), { appName: 'x'.repeat(65) });
    expect(long.body).toMatchObject({ code: 400, message: 'appName must be at most 64 characters' });
    expect(sentSms).toHaveLength(before);
  });

  it("holds the phone to the landing's market rule before looking at the captcha", async () => {
    const ip = nextIp();
    const ph = await captcha(ip, '2');
    // A number of the spec's rule on the Philippine landing is refused, and the image stays unused.
    expect((await requestCode(ph, nextPhone('default'), ip)).body).toMatchObject({ code: 400, message: 'phone must be a correct mobile number' });
    expect(await opsCaptcha(ph.sid)).toMatchObject({ used: false });
    expect((await requestCode(ph, nextPhone('ph'), ip)).body.code).toBe(0);
    const india = await captcha(ip, '3');
    expect((await requestCode(india, nextPhone('ph'), ip)).body.code).toBe(400);
    expect((await requestCode(india, nextPhone('in'), ip)).body.code).toBe(0);
    expect((await requestCode(await captcha(ip, '1'), '12912345678', ip)).body.message).toBe('phone must be a correct mobile number');
  });

  it('waits 60 s between codes to one phone, and a new code replaces the old one', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    expect((await requestCode(c, phone, ip)).body.code).toBe(0);
    const first = await lastCode(phone);
    await t.clock.advance(30_000);
    expect((await requestCode(c, phone, ip)).body).toMatchObject({ code: 429, message: 'Please do not resend: a new code can be sent in 30 s.' });
    await t.clock.advance(30_000);
    expect((await requestCode(c, phone, ip)).body.code).toBe(0);
    expect(await codeRows(phone)).toEqual([
      { state: 'replaced', wrong_tries: 0 },
      { state: 'live', wrong_tries: 0 },
    ]);
    // Only the newest code registers.
    const second = await lastCode(phone);
    if (first !== second) expect((await register(c, phone, first!, ip)).body.message).toBe(MESSAGES.wrongCode);
    expect((await register(c, phone, second!, ip)).body.code).toBe(0);
  });

  it('sends at most 5 codes to a phone in 24 hours', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    for (let i = 0; i < LIMITS.codesPerPhonePerDay; i += 1) {
      expect((await requestCode(await captcha(ip), phone, ip)).body.code).toBe(0);
      await t.clock.advance(LIMITS.resendIntervalMs);
    }
    expect((await requestCode(await captcha(ip), phone, ip)).body).toMatchObject({ code: 429, message: MESSAGES.phoneDailyCap });
    // From another network too: the cap is the phone's.
    const other = nextIp();
    expect((await requestCode(await captcha(other), phone, other)).body.message).toBe(MESSAGES.phoneDailyCap);
    await t.clock.advance(24 * 60 * 60 * 1000 - LIMITS.codesPerPhonePerDay * LIMITS.resendIntervalMs + 1000);
    expect((await requestCode(await captcha(ip), phone, ip)).body.code).toBe(0);
  });

  it('sends at most 20 codes a day from one client address', async () => {
    const ip = nextIp();
    for (let i = 0; i < LIMITS.codesPerAddressPerDay; i += 1) expect((await requestCode(await captcha(ip), nextPhone(), ip)).body.code).toBe(0);
    expect((await requestCode(await captcha(ip), nextPhone(), ip)).body).toMatchObject({ code: 429, message: MESSAGES.addressDailyCap });
    const other = nextIp();
    expect((await requestCode(await captcha(other), nextPhone(), other)).body.code).toBe(0);
  });

  it('answers 11 for a registered phone and sends nothing', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    await t.newBorrower({ mobilePhone: phone, merchantNumber: 'M0001' });
    const before = sentSms.length;
    expect((await requestCode(await captcha(ip), phone, ip)).body).toMatchObject({ code: 11, message: MESSAGES.alreadyRegistered });
    expect(sentSms.length).toBe(before);
  });

  it('tells the borrower when the SMS could not be sent, and a retry is not held back by the 60 s', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    gatewayDown = true;
    try {
      const res = await requestCode(c, phone, ip);
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: 500, message: MESSAGES.smsNotSent });
    } finally {
      gatewayDown = false;
    }
    expect(await codeRows(phone)).toEqual([{ state: 'unsent', wrong_tries: 0 }]);
    expect((await requestCode(c, phone, ip)).body.code).toBe(0);
  });

  it('answers 101 for an unknown sid', async () => {
    expect((await requestCode({ sid: 'unknown-sid', capcode: 'ACDE' }, nextPhone(), nextIp())).body.code).toBe(101);
  });
});

// ---- register ---------------------------------------------------------------------------------------------------

describe('register', () => {
  const attribution = { invite_code: 'FRIEND42', user_from: 'fb-ads', app_from: 'h5', utm_tag: 'nov-payday', appName: 'PesoNow', deviceId: 'web-7f3a', id: '1' };

  it('creates the borrower once with the attribution, and a retry answers the same borrower', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    const res = await register(c, phone, code, ip, { ...attribution, userName: 'Maria Santos', merchantNumber: 'M0001' });
    expect(res.body.code).toBe(0);
    const userId = String(res.body.data!.userId);
    const borrowers = await borrowersWithPhone(phone);
    expect(borrowers).toEqual([{ id: expect.any(Number), user_id: userId, merchant_number: 'M0001', name: 'Maria Santos' }]);
    const { rows } = await t.db.query('SELECT * FROM registrations WHERE borrower_id = $1', [borrowers[0]!.id]);
    expect(rows).toEqual([
      expect.objectContaining({
        template_id: 1,
        invite_code: 'FRIEND42',
        user_from: 'fb-ads',
        app_from: 'h5',
        utm_tag: 'nov-payday',
        app_name: 'PesoNow',
        device_id: 'web-7f3a',
        client_ip: ip,
      }),
    ]);
    expect(await codeRows(phone)).toEqual([{ state: 'used', wrong_tries: 0 }]);

    // The same request again (the answer was lost on the way): the same borrower, nothing new.
    expect((await register(c, phone, code, ip, attribution)).body).toMatchObject({ code: 0, data: { userId } });
    expect(await borrowersWithPhone(phone)).toHaveLength(1);
    // Anything else for this phone is "already registered".
    const other = code === '000000' ? '111111' : '000000';
    expect((await register(c, phone, other, ip, attribution)).body).toMatchObject({ code: 11, message: MESSAGES.alreadyRegistered });
    expect((await requestCode(await captcha(ip), phone, ip)).body.code).toBe(11);

    const listed = await t.app.inject({ method: 'GET', url: `/ops/registrations?phone=${phone}`, headers: OPS });
    expect(listed.json().data.items).toEqual([expect.objectContaining({ userId, mobilePhone: phone, templateId: 1, inviteCode: 'FRIEND42', utmTag: 'nov-payday' })]);
  });

  it('records marketing consent only when the unticked box was ticked (issue 39); servicing and reminders with every sign-up', async () => {
    const events = async (phone: string) => {
      const [borrower] = await borrowersWithPhone(phone);
      const { rows } = await t.db.query<{ purpose: keyof typeof CONSENT_TEXTS; granted: boolean; channel: string; text_version: string; text_shown: string }>(
        `SELECT purpose, granted, channel, text_version, text_shown FROM consent_events WHERE borrower_id = $1 ORDER BY purpose`,
        [borrower!.id],
      );
      return rows;
    };
    const states = async (phone: string) => (await events(phone)).map(({ purpose, granted, channel }) => ({ purpose, granted, channel }));
    for (const [ticked, marketing] of [
      [undefined, false],
      ['0', false],
      ['1', true],
    ] as const) {
      const ip = nextIp();
      const phone = nextPhone();
      const c = await captcha(ip);
      await requestCode(c, phone, ip);
      const res = await register(c, phone, (await lastCode(phone))!, ip, ticked === undefined ? attribution : { ...attribution, marketingConsent: ticked });
      expect(res.body.code, res.body.message).toBe(0);
      expect(await states(phone)).toEqual([
        { purpose: 'loan_servicing', granted: true, channel: 'sign-up' },
        ...(marketing ? [{ purpose: 'marketing', granted: true, channel: 'sign-up' }] : []),
        { purpose: 'payment_reminders', granted: true, channel: 'sign-up' },
      ]);
      // The words and version recorded are the ones the landing shows: before Register the sign-up
      // purposes' (SIGN_UP_CONSENT_PURPOSES), under its box the marketing one.
      for (const e of await events(phone)) expect({ version: e.text_version, text: e.text_shown }).toEqual({ version: CONSENT_TEXTS[e.purpose].version, text: CONSENT_TEXTS[e.purpose].text });
    }
    expect(SIGN_UP_CONSENT_PURPOSES).toEqual(['loan_servicing', 'payment_reminders']);
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    expect((await register(c, phone, (await lastCode(phone))!, ip, { ...attribution, marketingConsent: 'yes' })).body).toMatchObject({ code: 400, message: 'marketingConsent must be 0 or 1' });
  });

  it("records the sign-up's consents in the words the landing showed in Hindi, and the borrower's language", async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const res = await t.app.inject({
      method: 'POST',
      url: `${callUrlPath(registerRoute)}?lang=hi`,
      headers: FORM_HEADERS,
      payload: form({ phone, capcode: c.capcode, sid: c.sid, smsCode: (await lastCode(phone))!, ...attribution, marketingConsent: '1' }),
      remoteAddress: ip,
    });
    expect(res.json().code, res.json().message).toBe(0);
    const [borrower] = await borrowersWithPhone(phone);
    const { rows } = await t.db.query<{ purpose: keyof typeof CONSENT_TEXTS; text_shown: string; text_version: string }>(
      'SELECT purpose, text_shown, text_version FROM consent_events WHERE borrower_id = $1 ORDER BY purpose',
      [borrower!.id],
    );
    // The landing shows these words from its own part of the catalogue: the ledger holds the very same.
    expect(rows.map((r) => [r.purpose, r.text_version, r.text_shown])).toEqual(
      (['loan_servicing', 'marketing', 'payment_reminders'] as const).map((purpose) => [purpose, 'v1', HI.promotion![CONSENT_TEXTS[purpose].text]]),
    );
    expect(rows.map((r) => r.text_shown)).toEqual(rows.map((r) => HI.server![CONSENT_TEXTS[r.purpose].text]));
    const { rows: lang } = await t.db.query<{ lang: string }>('SELECT lang FROM borrowers WHERE id = $1', [borrower!.id]);
    expect(lang[0]!.lang).toBe('hi');
  });

  it('creates one borrower when two registrations of the same phone arrive together', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    const [a, b] = await Promise.all([register(c, phone, code, ip, attribution), register(c, phone, code, ip, attribution)]);
    expect([a.body.code, b.body.code]).toEqual([0, 0]);
    expect(a.body.data).toEqual(b.body.data);
    expect(await borrowersWithPhone(phone)).toHaveLength(1);
    expect((await t.db.query('SELECT 1 FROM registrations r JOIN borrowers b ON b.id = r.borrower_id WHERE b.mobile_phone = $1', [phone])).rows).toHaveLength(1);
  });

  it('answers -1 for a wrong image captcha and kills the image', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    const wrong = c.capcode === 'AAAA' ? 'CCCC' : 'AAAA';
    expect((await register({ ...c, capcode: wrong }, phone, code, ip)).body).toMatchObject({ code: -1, message: MESSAGES.wrongCaptcha });
    // The right answer of the killed image no longer passes either.
    expect((await register(c, phone, code, ip)).body.code).toBe(-1);
    expect(await borrowersWithPhone(phone)).toEqual([]);
    // A new image answered right registers with the same SMS code.
    await draw(c.sid);
    const fresh = (await opsCaptcha(c.sid)).answer;
    expect((await register({ sid: c.sid, capcode: fresh }, phone, code, ip)).body.code).toBe(0);
  });

  it('kills a code on the 5th wrong try', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < LIMITS.wrongTriesPerCode; i += 1) {
      expect((await register(c, phone, wrong, ip)).body).toMatchObject({ code: 409, message: MESSAGES.wrongCode });
    }
    expect((await register(c, phone, wrong, ip)).body.message).toBe(MESSAGES.codeDead);
    expect((await register(c, phone, code, ip)).body.message).toBe(MESSAGES.codeDead);
    expect(await codeRows(phone)).toEqual([{ state: 'dead', wrong_tries: 5 }]);
    expect(await borrowersWithPhone(phone)).toEqual([]);
    // A new code works.
    await t.clock.advance(LIMITS.resendIntervalMs);
    await requestCode(c, phone, ip);
    expect((await register(c, phone, (await lastCode(phone))!, ip)).body.code).toBe(0);
  });

  it('refuses a code 10 minutes after it was sent, and a phone that never got one', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    await t.clock.advance(LIMITS.codeTtlMs);
    expect((await register(c, phone, code, ip)).body).toMatchObject({ code: 409, message: MESSAGES.codeExpired });

    const other = nextPhone();
    const d = await captcha(ip);
    expect((await register(d, other, '123456', ip)).body).toMatchObject({ code: 409, message: MESSAGES.noCode });
  });

  it("refuses a landing id or merchant that is not the sid's", async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const c = await captcha(ip);
    await requestCode(c, phone, ip);
    const code = (await lastCode(phone))!;
    expect((await register(c, phone, code, ip, { id: '2' })).body).toMatchObject({ code: 400, message: MESSAGES.idMismatch });
    expect((await register(c, phone, code, ip, { merchantNumber: 'M0999' })).body).toMatchObject({ code: 400, message: MESSAGES.merchantMismatch });
    expect((await register(c, phone, code, ip, { smsCode: '1234567' })).body.message).toBe('smsCode must be at most 6 digits');
    expect(await borrowersWithPhone(phone)).toEqual([]);
  });

  it('registers Philippine and Indian numbers on their own landings', async () => {
    for (const [templateId, rule] of [
      ['2', 'ph'],
      ['3', 'in'],
    ] as const) {
      const ip = nextIp();
      const phone = nextPhone(rule);
      const c = await captcha(ip, templateId);
      expect((await requestCode(c, phone, ip)).body.code).toBe(0);
      expect((await register(c, phone, (await lastCode(phone))!, ip, { id: templateId })).body.code).toBe(0);
      expect(await borrowersWithPhone(phone)).toHaveLength(1);
    }
  });
});
