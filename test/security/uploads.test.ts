/**
 * Uploads (issue 11, docs/complaints.md): a corpus of hostile files (test/fixtures/bad-uploads,
 * rebuilt by make.mjs there) goes through the real upload call on a real app and database. Each bad
 * one is refused with a message naming what was wrong and leaves nothing behind: no file anywhere
 * under the test's directory, no database row. The files that are real images carrying extras come
 * back as clean re-encoded copies under a server-made name. A complaint takes at most 9 images.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, COMPLAINT_IMAGE_MAX_BYTES, problemSaveRoute, uploadProblemImgRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { createLocalDiskStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { sweepOrphanUploads } from '../../apps/server/src/modules/complaints/orphan-sweep.ts';
import { MESSAGES } from '../../apps/server/src/modules/complaints/service.ts';
import { MAX_IMAGE_PIXELS } from '../../apps/server/src/providers/storage/reencode.ts';

const CORPUS = new URL('../fixtures/bad-uploads/', import.meta.url);
const corpus = (name: string) => readFileSync(new URL(name, CORPUS));

let t: TestApp;
/** Everything the test owns on disk: the uploads root is two levels down, so a `../` escape would land here. */
let sandbox: string;
let me: { borrowerId: number; session: SessionParams };

beforeAll(async () => {
  sandbox = mkdtempSync(join(tmpdir(), 'uploads-security-'));
  t = await createTestApp({}, undefined, { storage: createLocalDiskStorage(join(sandbox, 'data', 'uploads')) });
  me = await t.newBorrower();
});
afterAll(async () => {
  await t.close();
  rmSync(sandbox, { recursive: true, force: true });
});

/** Every file under the sandbox, as paths relative to it. */
function filesOnDisk(dir = sandbox): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesOnDisk(join(dir, e.name)) : [relative(sandbox, join(dir, e.name))]));
}
const rowCount = async () => Number((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM complaint_images')).rows[0]!.n);

/**
 * A multipart body with one file part; `disposition` is the raw Content-Disposition parameters after
 * the field name, so a test can send any file name, encoded or not.
 */
function multipartBody(disposition: string, type: string, bytes: Uint8Array) {
  const boundary = '----uploadsecurity7f3a9';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="problemImage"; ${disposition}\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
async function upload(file: { name?: string; disposition?: string; type: string; bytes: Uint8Array }, session = me.session) {
  const disposition = file.disposition ?? `filename="${file.name}"`;
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipartBody(disposition, file.type, file.bytes) });
  return { status: res.statusCode, body: res.json() as { code: string; message: string; data: { url: string } | null } };
}
const storedBytes = (url: string) => readFileSync(join(sandbox, 'data', url));

// ---- refused -------------------------------------------------------------------------------------

const photo = () => corpus('photo-with-gps.jpg');
const REFUSED: { what: string; name: string; type: string; bytes: () => Uint8Array; status: number; message: string }[] = [
  // Not an image by its first bytes, whatever the name and declared type say.
  { what: 'SVG with a script', name: 'drawing.svg', type: 'image/svg+xml', bytes: () => corpus('svg-with-script.svg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'SVG named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('svg-named-as.jpg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'HTML page named .png', name: 'screenshot.png', type: 'image/png', bytes: () => corpus('html-page.png'), status: 400, message: MESSAGES.notAnImage },
  { what: 'text named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('text-named-as.jpg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'Windows EXE (MZ) named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('exe-mz-header.jpg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'ELF binary named .png', name: 'photo.png', type: 'image/png', bytes: () => corpus('elf-header.png'), status: 400, message: MESSAGES.notAnImage },
  { what: 'PDF with JavaScript named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('pdf-header.jpg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'ZIP named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('zip-header.jpg'), status: 400, message: MESSAGES.notAnImage },
  { what: 'PNG fragment (20 bytes)', name: 'photo.png', type: 'image/png', bytes: () => corpus('png-fragment.png'), status: 400, message: MESSAGES.notAnImage },
  // The right first bytes, but no image of that kind behind them.
  { what: 'GIF header then HTML (polyglot)', name: 'anim.gif', type: 'image/gif', bytes: () => corpus('gif-header-then-html.gif'), status: 400, message: MESSAGES.undecodable },
  { what: 'JPEG header then HTML (polyglot)', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('jpeg-header-then-html.jpg'), status: 400, message: MESSAGES.undecodable },
  { what: 'PNG signature then text, named .jpg', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('png-header-text-body.jpg'), status: 400, message: MESSAGES.undecodable },
  { what: 'WebP header then garbage', name: 'photo.webp', type: 'image/webp', bytes: () => corpus('webp-header-garbage.webp'), status: 400, message: MESSAGES.undecodable },
  { what: 'truncated JPEG', name: 'photo.jpg', type: 'image/jpeg', bytes: () => corpus('truncated.jpg'), status: 400, message: MESSAGES.undecodable },
  { what: 'truncated PNG', name: 'photo.png', type: 'image/png', bytes: () => corpus('truncated.png'), status: 400, message: MESSAGES.undecodable },
  // Decompression bombs, refused from the header.
  { what: 'PNG declaring 50 000 × 50 000', name: 'bomb.png', type: 'image/png', bytes: () => corpus('bomb-50000x50000.png'), status: 400, message: MESSAGES.tooManyPixels },
  { what: 'valid PNG of 7 000 × 7 000 (49 MP)', name: 'bomb.png', type: 'image/png', bytes: () => corpus('bomb-7000x7000.png'), status: 400, message: MESSAGES.tooManyPixels },
  // Size.
  { what: 'zero bytes', name: 'photo.jpg', type: 'image/jpeg', bytes: () => Buffer.alloc(0), status: 400, message: MESSAGES.emptyFile },
  {
    what: `oversize (${COMPLAINT_IMAGE_MAX_BYTES + 1} bytes)`,
    name: 'photo.jpg',
    type: 'image/jpeg',
    bytes: () => Buffer.concat([photo(), Buffer.alloc(COMPLAINT_IMAGE_MAX_BYTES + 1 - photo().length)]),
    status: 413,
    message: MESSAGES.tooLarge,
  },
  // A real photo under a name that is a path: refused for the name.
  { what: 'name ../../evil.jpg', name: '../../evil.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'name ../data/uploads/complaints/x.jpg', name: '../data/uploads/complaints/x.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'absolute name /tmp/evil.jpg', name: '/tmp/evil.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'backslash name ..\\..\\evil.jpg', name: '..\\..\\evil.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'name ..', name: '..', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'NUL in the name', name: 'evil.php\u0000.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
  { what: 'newline-free control character in the name', name: 'evil\u001b[31m.jpg', type: 'image/jpeg', bytes: photo, status: 400, message: MESSAGES.badFileName },
];

describe('a hostile upload is refused with a clear message and leaves nothing behind', () => {
  it.each(REFUSED)('$what', async ({ name, type, bytes, status, message }) => {
    // A refused file uses one of its sender's hourly upload slots: a borrower of its own for each.
    const who = await t.newBorrower();
    const filesBefore = filesOnDisk();
    const rowsBefore = await rowCount();
    const res = await upload({ name, type, bytes: bytes() }, who.session);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ code: '400', message, data: null });
    expect(filesOnDisk()).toEqual(filesBefore);
    expect(await rowCount()).toBe(rowsBefore);
  });

  it('refuses a path sent as an RFC 5987 encoded name (filename*=UTF-8\'\'..%2F..%2Fevil.jpg)', async () => {
    const filesBefore = filesOnDisk();
    const res = await upload({ disposition: "filename*=UTF-8''..%2F..%2Fevil.jpg", type: 'image/jpeg', bytes: photo() });
    expect(res.body).toEqual({ code: '400', message: MESSAGES.badFileName, data: null });
    expect(filesOnDisk()).toEqual(filesBefore);
  });

  it('refuses the 50 000 × 50 000 bomb from its header: fast and without decoding it', async () => {
    const bomb = corpus('bomb-50000x50000.png');
    const { result: res, ms, peakMb } = await measured(() => upload({ name: 'bomb.png', type: 'image/png', bytes: bomb }));
    console.info(`bomb 50000x50000 (${bomb.length} bytes) refused in ${ms.toFixed(0)} ms, peak RSS +${peakMb.toFixed(0)} MB`);
    expect(res.body.message).toBe(MESSAGES.tooManyPixels);
    // Decoded, it would be 2.5 GB of pixels.
    expect(peakMb).toBeLessThan(100);
  });

  it(`takes an image of exactly ${MAX_IMAGE_PIXELS / 1e6} megapixels (8000 × 5000) and refuses one row more`, async () => {
    const flat = (height: number) => sharp({ create: { width: 8000, height, channels: 3, background: '#808080' } }).jpeg().toBuffer();
    const atLimit = await flat(5000);
    const { result: res, ms, peakMb } = await measured(() => upload({ name: 'large.jpg', type: 'image/jpeg', bytes: atLimit }));
    console.info(`8000x5000 JPEG (${atLimit.length} bytes) re-encoded in ${ms.toFixed(0)} ms, peak RSS +${peakMb.toFixed(0)} MB`);
    expect(res.body.code).toBe('00');
    expect(await sharp(storedBytes(res.body.data!.url)).metadata()).toMatchObject({ width: 8000, height: 5000 });

    const filesBefore = filesOnDisk();
    expect((await upload({ name: 'large.jpg', type: 'image/jpeg', bytes: await flat(5001) })).body).toEqual({ code: '400', message: MESSAGES.tooManyPixels, data: null });
    expect(filesOnDisk()).toEqual(filesBefore);
  });
});

/** How long `work` took and how far the process's memory rose above where it started meanwhile. */
async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peakMb: number }> {
  const base = process.memoryUsage.rss();
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, peakMb: (Math.max(peak, process.memoryUsage.rss()) - base) / 1024 / 1024 };
  } finally {
    clearInterval(sampler);
  }
}

// ---- accepted, re-encoded ----------------------------------------------------------------------

describe('an image is stored only as a fresh re-encoded copy under a server-made name', () => {
  it('strips EXIF and GPS from a phone photo and applies its orientation', async () => {
    const sent = corpus('photo-with-gps.jpg');
    expect((await sharp(sent).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    const filesBefore = filesOnDisk();
    const res = await upload({ name: 'IMG_0001.jpg', type: 'image/jpeg', bytes: sent });
    expect(res.body.code).toBe('00');
    const url = res.body.data!.url;
    // The name is 128 random bits in hex; nothing of the client's name survives.
    expect(url).toMatch(/^\/uploads\/complaints\/[a-f0-9]{32}\.jpg$/);
    expect(filesOnDisk()).toEqual([...filesBefore, `data${url}`].sort());

    const stored = storedBytes(url);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // 60 × 40 turned a quarter by orientation 6.
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'jpeg', width: 40, height: 60 });
    expect(stored.includes('PhoneMaker')).toBe(false);
    const row = (await t.db.query<{ content_type: string; byte_size: number }>('SELECT content_type, byte_size FROM complaint_images WHERE url = $1', [url])).rows[0]!;
    expect(row).toEqual({ content_type: 'image/jpeg', byte_size: stored.length });
  });

  it.each([
    ['a JPEG with an HTML page appended', 'jpeg-with-html-appended.jpg', 'image/jpeg', 'jpg', 'jpeg'],
    ['a JPEG with a script in a comment segment', 'jpeg-html-in-comment.jpg', 'image/jpeg', 'jpg', 'jpeg'],
    ['a GIF with a script in a comment extension (stored as PNG)', 'gif-html-in-comment.gif', 'image/gif', 'png', 'png'],
  ])('keeps the picture of %s and drops the script', async (_what, file, type, extension, format) => {
    const sent = corpus(file);
    expect(sent.includes('<script>')).toBe(true);
    const res = await upload({ name: file, type, bytes: sent });
    expect(res.body.code).toBe('00');
    expect(res.body.data!.url).toMatch(new RegExp(`^/uploads/complaints/[a-f0-9]{32}\\.${extension}$`));
    const stored = storedBytes(res.body.data!.url);
    expect(stored.includes('<script')).toBe(false);
    expect(stored.includes('<html')).toBe(false);
    expect((await sharp(stored).metadata()).format).toBe(format);
  });
});

// ---- the 10th image ----------------------------------------------------------------------------

describe('a complaint holds at most 9 images', () => {
  it('refuses a 10th image on problem-save and files nothing; the unused uploads are swept later', async () => {
    const who = await t.newBorrower();
    const urls: string[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await upload({ name: `shot-${i}.jpg`, type: 'image/jpeg', bytes: photo() }, who.session);
      expect(res.body.code).toBe('00');
      urls.push(res.body.data!.url);
    }
    const save = (images: string[]) =>
      t.app.inject({
        method: 'POST',
        url: `${callUrlPath(problemSaveRoute)}?${query(who.session)}`,
        headers: FORM_HEADERS,
        payload: form({ problemType: '5', problemDetail: 'The app shows an error.', problemImage: images.join(',') }),
      });
    const ten = await save(urls);
    expect(ten.statusCode).toBe(400);
    expect(ten.json()).toEqual({ code: '400', message: 'problemImage must hold at most 9 images', data: null });
    const complaints = async () => Number((await t.db.query<{ n: number }>('SELECT count(*) AS n FROM complaints WHERE borrower_id = $1', [who.borrowerId])).rows[0]!.n);
    expect(await complaints()).toBe(0);

    expect((await save(urls.slice(0, 9))).json().code).toBe('00');
    expect(await complaints()).toBe(1);

    // The 10th, attached to nothing, goes at the next sweep after the grace period; the 9 stay.
    await t.clock.advance(8 * 24 * 60 * 60 * 1000);
    await sweepOrphanUploads({ db: t.db, storage: t.storage, clock: t.clock });
    const kept = (await t.db.query<{ url: string }>('SELECT url FROM complaint_images WHERE borrower_id = $1 ORDER BY id', [who.borrowerId])).rows.map((r) => r.url);
    expect(kept).toEqual(urls.slice(0, 9));
    expect(filesOnDisk()).not.toContain(`data${urls[9]}`);
    for (const url of urls.slice(0, 9)) expect(filesOnDisk()).toContain(`data${url}`);
  });
});
