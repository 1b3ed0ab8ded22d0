import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  COLLECTION_NOT_ALLOWED_MESSAGE,
  COMPLAINT_IMAGE_MAX_BYTES,
  callUrlPath,
  problemDetailRoute,
  problemInitRoute,
  problemListRoute,
  problemSaveRoute,
  saveScoreRoute,
  uploadProblemImgRoute,
  type Route,
  type SessionParams,
} from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { createLocalDiskStorage } from '../../providers/storage/local-disk.ts';
import type { ImageStorage } from '../../providers/storage/storage.ts';
import { seedCatalog } from '../../seed/demo.ts';
import { seedDemoComplaints } from './seed.ts';
import { MESSAGES, REPLAY_WINDOW_MS } from './service.ts';
import { UPLOADS_PER_HOUR } from './upload-quota.ts';
import { IMAGES, multipart } from '../../test-support/test-images.ts';

let t: TestApp;
let uploadsRoot: string;
beforeAll(async () => {
  // A storage whose directory the tests can look into, to prove refused files were never written.
  uploadsRoot = mkdtempSync(join(tmpdir(), 'complaints-test-'));
  t = await createTestApp({}, undefined, { storage: createLocalDiskStorage(uploadsRoot) });
  await seedCatalog(t.db);
});
afterAll(async () => {
  await t.close();
  rmSync(uploadsRoot, { recursive: true, force: true });
});

const OPS = { authorization: 'Bearer test-ops-token-of-the-server-tests' };
const storedFiles = () => {
  try {
    return readdirSync(join(uploadsRoot, 'complaints'));
  } catch {
    return [];
  }
};

async function call(route: Route, session: SessionParams, payload: Record<string, string | number> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(route)}?${query(session)}`, headers: FORM_HEADERS, payload: form(payload) });
  // The envelope as parsed JSON: each test reads the fields its call answers.
  const body = res.json();
  return { status: res.statusCode, body };
}

async function upload(session: SessionParams, file: { name: string; type: string; bytes: Uint8Array }, field = 'problemImage') {
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart(field, file) });
  return { status: res.statusCode, body: res.json() as { code: string; message: string; data: { url: string } | null } };
}
const uploadPng = async (session: SessionParams) => (await upload(session, { name: 'photo.png', type: 'image/png', bytes: IMAGES.png })).body.data!.url;

async function newOrder(borrowerId: number, status: number, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/ops/orders', headers: OPS, payload: { borrowerId, status, ...extra } });
  expect(res.json().code, JSON.stringify(res.json())).toBe(0);
  return res.json().data as { orderId: number; orderNo: string };
}

async function reply(id: number, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/ops/complaints/${id}/reply`, headers: OPS, payload: body });
}

const complaintRows = async (borrowerId: number) =>
  (await t.db.query<Record<string, unknown>>('SELECT * FROM complaints WHERE borrower_id = $1 ORDER BY id', [borrowerId])).rows;

describe('problem-init', () => {
  it('answers the problem types, the collection sub-types and only the borrower\'s own orders with isShow', async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const repaying = await newOrder(me.borrowerId, 170);
    const overdue = await newOrder(me.borrowerId, 180);
    const due = await newOrder(me.borrowerId, 174);
    const theirs = await newOrder(other.borrowerId, 180);

    const { status, body } = await call(problemInitRoute, me.session, { orderId: overdue.orderId });
    expect(status).toBe(200);
    expect(body.code).toBe('00');
    expect(body.data.problemType[0]).toEqual({ value: '1', title: 'Collection' });
    expect(body.data.problemType.map((p: { title: string }) => p.title)).toEqual([
      'Collection',
      'Loan application',
      'Repayment',
      'Account and personal information',
      'App problem',
      'Other',
    ]);
    expect(body.data.problemSonType.length).toBeGreaterThan(1);
    expect(body.data.problemSonType[0]).toEqual({ value: '11', title: 'Rude or threatening language' });
    // Newest first, and nobody else's.
    expect(body.data.orderList.map((o: { orderNo: string }) => o.orderNo)).toEqual([due.orderNo, overdue.orderNo, repaying.orderNo]);
    const byNo = Object.fromEntries(body.data.orderList.map((o: { orderNo: string; isShow: number }) => [o.orderNo, o]));
    expect(byNo[overdue.orderNo]).toMatchObject({ status: 180, isShow: 1, productName: 'PesoNow Cash' });
    expect(byNo[due.orderNo]).toMatchObject({ status: 174, isShow: 1 });
    expect(byNo[repaying.orderNo]).toMatchObject({ status: 170, isShow: 0 });
    expect(byNo[overdue.orderNo].list).toContainEqual({ title: 'Order No.', value: overdue.orderNo });
    expect(byNo[overdue.orderNo].list).toContainEqual({ title: 'Loan amount', value: '₱5,000.00' });
    expect(body.data.orderDetail).toMatchObject({ orderNo: overdue.orderNo, isShow: 1 });

    // Another borrower's order id is not revealed.
    const foreign = await call(problemInitRoute, me.session, { orderId: theirs.orderId });
    expect(foreign.body.data.orderDetail).toBeNull();
    expect(foreign.body.data.orderList).toHaveLength(3);
  });

  it('answers the same to a GET with the session and orderId in the query', async () => {
    const me = await t.newBorrower();
    const order = await newOrder(me.borrowerId, 180);
    const res = await t.app.inject({ method: 'GET', url: `${callUrlPath(problemInitRoute)}?${query({ ...me.session, orderId: String(order.orderId), real: '1' })}` });
    expect(res.json()).toMatchObject({ code: '00', data: { orderDetail: { orderNo: order.orderNo }, orderList: [{ orderNo: order.orderNo }] } });
    // real=1: the rupee (spec section 1).
    expect(res.json().data.orderDetail.list).toContainEqual({ title: 'Loan amount', value: '₹5,000.00' });
  });

  it('refuses a call without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: callUrlPath(problemInitRoute), headers: FORM_HEADERS, payload: '' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '401', data: null });
  });
});

describe('upload-problem-img', () => {
  it('stores a PNG, answers its URL and serves it back as an image that cannot be sniffed into anything else', async () => {
    const me = await t.newBorrower();
    const { status, body } = await upload(me.session, { name: 'photo.png', type: 'image/png', bytes: IMAGES.png });
    expect(status).toBe(200);
    expect(body.code).toBe('00');
    expect(body.data!.url).toMatch(/^\/uploads\/complaints\/[a-f0-9]{32}\.png$/);
    const stored = (await t.db.query<Record<string, unknown>>('SELECT * FROM complaint_images WHERE url = $1', [body.data!.url])).rows[0]!;
    expect(stored).toMatchObject({ content_type: 'image/png' });
    expect(stored.byte_size).toBeGreaterThan(0);
    expect(Number(stored.borrower_id)).toBe(me.borrowerId);

    const served = await t.app.inject({ method: 'GET', url: body.data!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    // A re-encoded copy of the same picture, not the sent bytes.
    expect(served.rawPayload.length).toBe(stored.byte_size);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });
  });

  it.each([
    ['jpeg', 'image/jpeg', 'jpg'],
    ['webp', 'image/webp', 'webp'],
    // A GIF is stored as a PNG of its first frame.
    ['gif', 'image/png', 'png'],
  ] as const)('recognises a %s by its content, whatever its name and declared type', async (kind, mime, extension) => {
    const me = await t.newBorrower();
    const { body } = await upload(me.session, { name: 'notes.txt', type: 'text/plain', bytes: IMAGES[kind] });
    expect(body.code).toBe('00');
    expect(body.data!.url.endsWith(`.${extension}`)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: body.data!.url });
    expect(served.headers['content-type']).toBe(mime);
  });

  it('refuses a file that is not an image even when it is named and typed as one, and stores nothing', async () => {
    const me = await t.newBorrower();
    const before = storedFiles().length;
    for (const bytes of [Buffer.from('<html><script>alert(1)</script></html>'.padEnd(64, ' ')), Buffer.from('%PDF-1.7\n'.padEnd(64, '0'))]) {
      const { status, body } = await upload(me.session, { name: 'photo.png', type: 'image/png', bytes });
      expect(status).toBe(400);
      expect(body).toEqual({ code: '400', message: MESSAGES.notAnImage, data: null });
    }
    expect(storedFiles().length).toBe(before);
    expect((await t.db.query('SELECT 1 FROM complaint_images WHERE borrower_id = $1', [me.borrowerId])).rows).toHaveLength(0);
  });

  it(`refuses an image over ${COMPLAINT_IMAGE_MAX_BYTES} bytes with a clear message and stores nothing`, async () => {
    const me = await t.newBorrower();
    const before = storedFiles().length;
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(COMPLAINT_IMAGE_MAX_BYTES + 1 - IMAGES.png.length)]);
    const { status, body } = await upload(me.session, { name: 'big.png', type: 'image/png', bytes: big });
    expect(status).toBe(413);
    expect(body).toEqual({ code: '400', message: 'The image is larger than 5 MB. Please choose a smaller image.', data: null });
    expect(storedFiles().length).toBe(before);

    const exact = Buffer.concat([IMAGES.png, Buffer.alloc(COMPLAINT_IMAGE_MAX_BYTES - IMAGES.png.length)]);
    expect((await upload(me.session, { name: 'edge.png', type: 'image/png', bytes: exact })).body.code).toBe('00');
  });

  it('asks for the problemImage field when the image is missing, misnamed or not multipart', async () => {
    const me = await t.newBorrower();
    const wrongField = await upload(me.session, { name: 'photo.png', type: 'image/png', bytes: IMAGES.png }, 'file');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('problemImage is required: send one image file as multipart/form-data');
    const formPost = await call(uploadProblemImgRoute, me.session, { problemImage: 'x' });
    expect(formPost.body.message).toBe('problemImage is required: send one image file as multipart/form-data');
  });

  it('refuses an upload without a session before storing anything', async () => {
    const before = storedFiles().length;
    const res = await t.app.inject({ method: 'POST', url: callUrlPath(uploadProblemImgRoute), ...multipart('problemImage', { name: 'a.png', type: 'image/png', bytes: IMAGES.png }) });
    expect(res.statusCode).toBe(401);
    expect(storedFiles().length).toBe(before);
  });

  it(`allows ${UPLOADS_PER_HOUR} uploads an hour per borrower, a refused file counting as one`, async () => {
    const me = await t.newBorrower();
    // A file refused for its content still used its slot: bad files cannot be sent without limit either.
    const notAnImage = await upload(me.session, { name: 'a.png', type: 'image/png', bytes: Buffer.from('not an image'.padEnd(64, '.')) });
    expect(notAnImage.body.message).toBe(MESSAGES.notAnImage);
    for (let i = 1; i < UPLOADS_PER_HOUR; i++) expect((await upload(me.session, { name: 'a.png', type: 'image/png', bytes: IMAGES.png })).body.code).toBe('00');
    const refusedNow = await upload(me.session, { name: 'a.png', type: 'image/png', bytes: IMAGES.png });
    expect(refusedNow.status).toBe(429);
    expect(refusedNow.body).toEqual({ code: '429', message: MESSAGES.tooManyUploads, data: null });
    // The 429 itself took no slot.
    expect((await t.db.query('SELECT 1 FROM upload_slots WHERE borrower_id = $1', [me.borrowerId])).rows).toHaveLength(UPLOADS_PER_HOUR);
    await t.clock.advance(61 * 60 * 1000);
    expect((await upload(me.session, { name: 'a.png', type: 'image/png', bytes: IMAGES.png })).body.code).toBe('00');
  });

  it('gives the slot back when the upload fails on the server\'s side', async () => {
    const failing: ImageStorage = {
      put: () => Promise.reject(new Error('storage unreachable')),
      remove: () => Promise.resolve(),
    };
    const own = await createTestApp({}, undefined, { storage: failing });
    try {
      const me = await own.newBorrower();
      const res = await own.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(me.session)}`, ...multipart('problemImage', { name: 'a.png', type: 'image/png', bytes: IMAGES.png }) });
      expect(res.statusCode).toBe(500);
      expect((await own.db.query('SELECT 1 FROM upload_slots WHERE borrower_id = $1', [me.borrowerId])).rows).toHaveLength(0);
    } finally {
      await own.close();
    }
  });
});

describe('problem-save', () => {
  const complaint = (changes: Record<string, string> = {}) => ({
    problemType: '3',
    problemSonType: '',
    problemDetail: 'I paid yesterday but the app still shows the full amount.',
    problemImage: '',
    orderNo: '',
    ...changes,
  });

  it('files a complaint with its images and order, and stores what was sent', async () => {
    const me = await t.newBorrower();
    const order = await newOrder(me.borrowerId, 180);
    const images = [await uploadPng(me.session), await uploadPng(me.session)];
    const { status, body } = await call(
      problemSaveRoute,
      me.session,
      complaint({ problemType: '1', problemSonType: '13', orderNo: order.orderNo, problemImage: images.join(','), problemDetail: '  Calls at 2 am.  ' }),
    );
    expect(status).toBe(200);
    expect(body.code).toBe('00');
    const rows = await complaintRows(me.borrowerId);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]!.id)).toBe(body.data.problemId);
    expect(rows[0]).toMatchObject({ problem_type: '1', problem_son_type: '13', order_no: order.orderNo, detail: 'Calls at 2 am.', images, is_need_score: 0 });
  });

  it('requires a description of at most 200 characters', async () => {
    const me = await t.newBorrower();
    expect((await call(problemSaveRoute, me.session, complaint({ problemDetail: '   ' }))).body).toEqual({ code: '400', message: 'problemDetail is required', data: null });
    const long = await call(problemSaveRoute, me.session, complaint({ problemDetail: 'x'.repeat(201) }));
    expect(long.body.message).toBe('problemDetail must be at most 200 characters');
    expect((await call(problemSaveRoute, me.session, complaint({ problemDetail: 'x'.repeat(200) }))).body.code).toBe('00');
    expect(await complaintRows(me.borrowerId)).toHaveLength(1);
  });

  it('takes at most 9 images, each uploaded from this account', async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const mine = await Promise.all(Array.from({ length: 10 }, () => uploadPng(me.session)));
    const ten = await call(problemSaveRoute, me.session, complaint({ problemImage: mine.join(',') }));
    expect(ten.body).toMatchObject({ code: '400', message: 'problemImage must hold at most 9 images' });

    const theirs = await uploadPng(other.session);
    const foreign = await call(problemSaveRoute, me.session, complaint({ problemImage: [mine[0], theirs].join(',') }));
    expect(foreign.body).toMatchObject({ code: '400', message: MESSAGES.imageNotOwned });
    const invented = await call(problemSaveRoute, me.session, complaint({ problemImage: '/uploads/complaints/0123456789abcdef0123456789abcdef.png' }));
    expect(invented.body.message).toBe(MESSAGES.imageNotOwned);
    const external = await call(problemSaveRoute, me.session, complaint({ problemImage: 'https://example.com/a.png' }));
    expect(external.body.message).toBe(MESSAGES.imageNotOwned);
    expect(await complaintRows(me.borrowerId)).toHaveLength(0);

    expect((await call(problemSaveRoute, me.session, complaint({ problemImage: mine.slice(0, 9).join(',') }))).body.code).toBe('00');
    expect((await complaintRows(me.borrowerId))[0]!.images).toHaveLength(9);
  });

  it("refuses an order that is not the borrower's", async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const theirs = await newOrder(other.borrowerId, 180);
    const res = await call(problemSaveRoute, me.session, complaint({ orderNo: theirs.orderNo }));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: '404', message: MESSAGES.orderNotFound, data: null });
    expect(await complaintRows(me.borrowerId)).toHaveLength(0);
  });

  it('refuses a collection complaint on an order whose isShow is not 1, in the spec\'s words', async () => {
    const me = await t.newBorrower();
    for (const status of [21, 151, 170]) {
      const order = await newOrder(me.borrowerId, status);
      const res = await call(problemSaveRoute, me.session, complaint({ problemType: '1', problemSonType: '11', orderNo: order.orderNo }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ code: '409', message: COLLECTION_NOT_ALLOWED_MESSAGE, data: null });
      expect(res.body.message).toBe('El pedido seleccionado no admite el envío de tipo de colección.');
      // The same order takes other kinds of complaint.
      expect((await call(problemSaveRoute, me.session, complaint({ problemType: '2', orderNo: order.orderNo, problemDetail: `Status ${status}` }))).body.code).toBe('00');
    }
    expect((await complaintRows(me.borrowerId)).map((r) => r.problem_type)).toEqual(['2', '2', '2']);
  });

  it('checks the type and sub-type: collection needs one of its sub-types and an order, other types take none', async () => {
    const me = await t.newBorrower();
    const order = await newOrder(me.borrowerId, 180);
    const cases: Array<[Record<string, string>, string]> = [
      [{ problemType: '99' }, MESSAGES.unknownType],
      [{ problemType: '1', orderNo: order.orderNo }, 'problemSonType is required for a collection complaint'],
      [{ problemType: '1', problemSonType: '11' }, 'orderNo is required for a collection complaint'],
      [{ problemType: '1', problemSonType: '99', orderNo: order.orderNo }, MESSAGES.unknownSonType],
      [{ problemType: '3', problemSonType: '11' }, MESSAGES.sonTypeNotAllowed],
    ];
    for (const [changes, message] of cases) expect((await call(problemSaveRoute, me.session, complaint(changes))).body, message).toMatchObject({ code: '400', message });
    expect(await complaintRows(me.borrowerId)).toHaveLength(0);
  });

  it('files a retried identical submission once, and the same words again after the replay window', async () => {
    const me = await t.newBorrower();
    const image = await uploadPng(me.session);
    const payload = complaint({ problemImage: image });
    const first = await call(problemSaveRoute, me.session, payload);
    const retries = await Promise.all([call(problemSaveRoute, me.session, payload), call(problemSaveRoute, me.session, payload)]);
    for (const retry of retries) expect(retry.body).toEqual(first.body);
    expect(await complaintRows(me.borrowerId)).toHaveLength(1);

    const changed = await call(problemSaveRoute, me.session, complaint({ problemImage: image, problemDetail: 'Something else.' }));
    expect(changed.body.data.problemId).not.toBe(first.body.data.problemId);

    // Another borrower's identical words are their own complaint.
    const other = await t.newBorrower();
    expect((await call(problemSaveRoute, other.session, complaint())).body.data.problemId).not.toBe(first.body.data.problemId);

    await t.clock.advance(REPLAY_WINDOW_MS + 1000);
    const later = await call(problemSaveRoute, me.session, payload);
    expect(later.body.data.problemId).not.toBe(first.body.data.problemId);
    expect(await complaintRows(me.borrowerId)).toHaveLength(3);
  });
});

describe('problem-list, problem-detail, ops reply and save-score', () => {
  async function file(session: SessionParams, changes: Record<string, string> = {}) {
    const res = await call(problemSaveRoute, session, { problemType: '5', problemDetail: 'The app closes when I open my loan.', ...changes });
    expect(res.body.code).toBe('00');
    return res.body.data.problemId as number;
  }

  it('lists the borrower\'s complaints in a Processing and a Completed tab, moving a complaint once it is answered', async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const first = await file(me.session);
    await t.clock.advance(60_000);
    const second = await file(me.session, { problemType: '3', problemDetail: 'My payment is not posted.' });
    await file(other.session);

    const list = (await call(problemListRoute, me.session)).body;
    expect(list.code).toBe('00');
    expect(list.data.tabs.map((tab: { title: string }) => tab.title)).toEqual(['Processing', 'Completed']);
    expect(list.data.tabs[0].items.map((i: { id: number }) => i.id)).toEqual([second, first]);
    expect(list.data.tabs[0].items[0]).toEqual({ id: second, time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), type: 'Repayment', content: 'My payment is not posted.', ticketNo: expect.stringMatching(/^CMP-\d{8}-\d{4}$/) });
    expect(list.data.tabs[1].items).toEqual([]);

    expect((await reply(first, { disposeDetail: 'Fixed in version 2.3.' })).json().code).toBe(0);
    const after = (await call(problemListRoute, me.session)).body.data;
    expect(after.tabs[0].items.map((i: { id: number }) => i.id)).toEqual([second]);
    expect(after.tabs[1].items.map((i: { id: number }) => i.id)).toEqual([first]);
  });

  it('shows the borrower their complaint with the reply, and refuses another borrower\'s problemId', async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const order = await newOrder(me.borrowerId, 180);
    const image = await uploadPng(me.session);
    const id = await file(me.session, { problemType: '1', problemSonType: '12', orderNo: order.orderNo, problemImage: image, problemDetail: '<b>They called my mother</b>' });

    const before = (await call(problemDetailRoute, me.session, { problemId: id })).body;
    expect(before).toEqual({
      code: '00',
      message: 'success',
      data: {
        type: 'Collection',
        sonType: 'Calls or messages to my contacts',
        problemId: id,
        content: '<b>They called my mother</b>',
        images: [image],
        disposeDetail: '',
        disposeImages: [],
        isNeedScore: 0,
        // Ours (issue 23; tickets.test.ts checks their values).
        ticketNo: expect.stringMatching(/^CMP-\d{8}-\d{4}$/),
        answerBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        state: 'received',
      },
    });

    const answered = await reply(id, { disposeDetail: 'We have warned the agency.', disposeImages: [image], isNeedScore: 1 });
    expect(answered.json().data).toMatchObject({ id, isNeedScore: 1 });
    expect((await call(problemDetailRoute, me.session, { problemId: id })).body.data).toMatchObject({
      disposeDetail: 'We have warned the agency.',
      disposeImages: [image],
      isNeedScore: 1,
    });

    const foreign = await call(problemDetailRoute, other.session, { problemId: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ code: '404', message: 'Complaint not found.', data: null });
    expect((await call(problemDetailRoute, me.session, { problemId: 999999 })).body.message).toBe('Complaint not found.');
    expect((await call(problemDetailRoute, me.session, { problemId: 'abc' })).body.message).toBe('problemId must be a number');
  });

  it('takes a rating of 1 to 5 stars once the reply asks for one, and only from the borrower', async () => {
    const me = await t.newBorrower();
    const other = await t.newBorrower();
    const id = await file(me.session);

    const early = await call(saveScoreRoute, me.session, { score: 4, problemId: id });
    expect(early.body).toEqual({ code: '409', message: MESSAGES.notAwaitingScore, data: null });

    await reply(id, { disposeDetail: 'Please update the app.', isNeedScore: 1 });
    expect((await call(saveScoreRoute, me.session, { score: 6, problemId: id })).body.message).toBe('score must be between 1 and 5');
    expect((await call(saveScoreRoute, other.session, { score: 4, problemId: id })).body).toMatchObject({ code: '404', message: 'Complaint not found.' });

    expect((await call(saveScoreRoute, me.session, { score: 4, problemId: id })).body).toEqual({ code: '00', message: 'success', data: {} });
    const [row] = await complaintRows(me.borrowerId);
    expect(row).toMatchObject({ score: 4, is_need_score: 0 });
    expect(row!.scored_at).not.toBeNull();
    expect((await call(problemDetailRoute, me.session, { problemId: id })).body.data.isNeedScore).toBe(0);

    // A retry of the same rating succeeds; a different one afterwards is refused.
    expect((await call(saveScoreRoute, me.session, { score: 4, problemId: id })).body.code).toBe('00');
    expect((await call(saveScoreRoute, me.session, { score: 2, problemId: id })).body).toMatchObject({ code: '409', message: MESSAGES.alreadyScored });
  });
});

describe('the demo complaints', () => {
  it('give the demo borrower one complaint waiting and one answered that asks for a rating', async () => {
    const me = await t.newBorrower();
    const repaying = await newOrder(me.borrowerId, 170);
    const overdue = await newOrder(me.borrowerId, 180);
    await seedDemoComplaints(t.db, me.borrowerId, [{ status: 170, orderId: repaying.orderId }, { status: 180, orderId: overdue.orderId }], t.clock.now());
    const tabs = (await call(problemListRoute, me.session)).body.data.tabs;
    expect(tabs.map((tab: { items: unknown[] }) => tab.items.length)).toEqual([1, 1]);
    const answered = (await call(problemDetailRoute, me.session, { problemId: tabs[1].items[0].id })).body.data;
    expect(answered).toMatchObject({ type: 'Collection', sonType: 'Calls at unreasonable hours', isNeedScore: 1 });
    expect(answered.disposeDetail).not.toBe('');
    expect((await complaintRows(me.borrowerId)).map((r) => r.order_no).sort()).toEqual([overdue.orderNo, repaying.orderNo].sort());
  });
});

describe('ops complaint endpoints', () => {
  it('lists and shows complaints for the agent, and refuses reply images that are not URLs', async () => {
    const me = await t.newBorrower();
    const res = await call(problemSaveRoute, me.session, { problemType: '6', problemDetail: 'Please call me back.' });
    const id = res.body.data.problemId as number;
    const list = await t.app.inject({ method: 'GET', url: `/ops/complaints?borrowerId=${me.borrowerId}&open=1`, headers: OPS });
    expect(list.json().data.items).toEqual([expect.objectContaining({ id, detail: 'Please call me back.', titles: { type: 'Other', sonType: '' }, repliedAt: null })]);
    const one = await t.app.inject({ method: 'GET', url: `/ops/complaints/${id}`, headers: OPS });
    expect(one.json().data).toMatchObject({ id, borrowerId: me.borrowerId, problemType: '6', score: null });
    expect((await t.app.inject({ method: 'GET', url: '/ops/complaints/999999', headers: OPS })).statusCode).toBe(404);

    const bad = await reply(id, { disposeDetail: 'x', disposeImages: ['javascript:alert(1)'] });
    expect(bad.json()).toMatchObject({ code: 400, message: 'disposeImages.0: must be an image URL (http(s) or a path on this server)' });
    await reply(id, { disposeDetail: 'Called back.' });
    expect((await t.app.inject({ method: 'GET', url: `/ops/complaints?borrowerId=${me.borrowerId}&open=1`, headers: OPS })).json().data.items).toEqual([]);
  });
});

describe('with an object store instead of the local disk', () => {
  it('answers the store\'s own URL and mounts no /uploads route', async () => {
    const kept = new Map<string, Uint8Array>();
    const objectStore: ImageStorage = {
      async put(folder, image) {
        const key = `${folder}/${kept.size + 1}.${image.type.extension}`;
        kept.set(key, image.bytes);
        return { key, url: `https://cdn.lender.example/${key}` };
      },
      async remove(key) {
        kept.delete(key);
      },
    };
    const app = await createTestApp({}, undefined, { storage: objectStore });
    try {
      const { session } = await app.newBorrower();
      const res = await app.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart('problemImage', { name: 'a.webp', type: 'image/webp', bytes: IMAGES.webp }) });
      expect(res.json()).toEqual({ code: '00', message: 'success', data: { url: 'https://cdn.lender.example/complaints/1.webp' } });
      expect([...kept.keys()]).toEqual(['complaints/1.webp']);
      const saved = await app.app.inject({
        method: 'POST',
        url: `${callUrlPath(problemSaveRoute)}?${query(session)}`,
        headers: FORM_HEADERS,
        payload: form({ problemType: '5', problemDetail: 'Screenshot attached.', problemImage: 'https://cdn.lender.example/complaints/1.webp' }),
      });
      expect(saved.json().code).toBe('00');
      expect((await app.app.inject({ method: 'GET', url: '/uploads/complaints/1.webp' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
