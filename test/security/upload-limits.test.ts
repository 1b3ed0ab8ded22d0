/**
 * Issue 18, item 4: the hourly upload limit holds under concurrency, and a refused upload never has
 * its file read. 60 uploads of one borrower sent at once through the real app: exactly 30 are
 * stored (rows and files), 30 are answered 429 without a byte of their body read, and the process's
 * memory grows by what 30 bodies take, not 60. On a throwaway PostgreSQL, two apps (as two server
 * processes would) share the limit through the database. When the re-encode queue is full, an
 * upload is answered 503 with Retry-After and leaves nothing behind: no file, no row, no slot.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, COMPLAINT_IMAGE_MAX_BYTES, uploadProblemImgRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { createLocalDiskStorage } from '../../apps/server/src/providers/storage/local-disk.ts';
import { openDb } from '../../apps/server/src/platform/db/client.ts';
import { MESSAGES, UPLOADS_BUSY_RETRY_AFTER_SECONDS } from '../../apps/server/src/modules/complaints/service.ts';
import { createReencodeQueue } from '../../apps/server/src/providers/storage/reencode-queue.ts';
import { reencodeImage } from '../../apps/server/src/providers/storage/reencode.ts';
import { UPLOADS_PER_HOUR } from '../../apps/server/src/modules/complaints/upload-quota.ts';
import { IMAGES } from '../../apps/server/src/test-support/test-images.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';

const SENT = 2 * UPLOADS_PER_HOUR;
const MB = 1024 * 1024;
const BOUNDARY = '----uploadlimits5d1c';

/** One multipart body with the file in problemImage; every request of a run sends the same bytes. */
function multipartBody(bytes: Uint8Array): Buffer {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="problemImage"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/**
 * Sends `body` as the upload of `session` through `app`. The body is a stream that notes when the
 * server first pulls from it: a request answered without reading its file leaves `read` false.
 */
async function upload(t: TestApp, session: SessionParams, body: Buffer, options: { beforeFileEnd?: Promise<void> } = {}) {
  const sent = { read: false };
  const payload = Readable.from(
    (async function* () {
      sent.read = true;
      // Optionally the end of the file waits: the upload is then caught while its file arrives.
      if (options.beforeFileEnd) {
        const middle = Math.floor(body.length / 2);
        yield body.subarray(0, middle);
        await options.beforeFileEnd;
        yield body.subarray(middle);
      } else yield body;
    })(),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.length) },
    payload,
  });
  return { status: res.statusCode, body: res.json() as { code: string; message: string; data: { url: string } | null }, bodyRead: sent.read };
}

const filesIn = (dir: string) => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};
const count = async (t: TestApp, sql: string, borrowerId: number) => Number((await t.db.query<{ n: number }>(sql, [borrowerId])).rows[0]!.n);

/** The process's resident memory while `work` runs: before, after, and the highest seen (sampled every 2 ms). */
async function rssAround<T>(work: () => Promise<T>): Promise<{ result: T; beforeMb: number; afterMb: number; peakMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 2);
  try {
    const result = await work();
    const after = process.memoryUsage.rss();
    return { result, beforeMb: before / MB, afterMb: after / MB, peakMb: Math.max(peak, after) / MB };
  } finally {
    clearInterval(sampler);
  }
}

describe(`${SENT} uploads of one borrower at once`, () => {
  let t: TestApp;
  let sandbox: string;
  beforeAll(async () => {
    sandbox = mkdtempSync(join(tmpdir(), 'upload-limits-'));
    t = await createTestApp({}, undefined, { storage: createLocalDiskStorage(sandbox) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(sandbox, { recursive: true, force: true });
  });

  it(`store exactly ${UPLOADS_PER_HOUR}, refuse the rest with 429 before reading them, and keep memory bounded`, async () => {
    // A real JPEG just under the 5 MB limit: noise at full quality without chroma subsampling, so a
    // small picture (1.65 MP, quick to decode) makes a large file; its stored copy is far smaller.
    const width = 1500;
    const height = 1100;
    const image = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 100, chromaSubsampling: '4:4:4' }).toBuffer();
    expect(image.length).toBeGreaterThan(4 * MB);
    expect(image.length).toBeLessThan(COMPLAINT_IMAGE_MAX_BYTES);
    const body = multipartBody(image);
    const copy = await reencodeImage(image, { mime: 'image/jpeg', extension: 'jpg' });
    // What the server may hold at once: the bodies it accepted (at most UPLOADS_PER_HOUR) and their
    // re-encoded copies, plus 64 MB for two decodes at a time (2 × 5 MB of pixels) and the
    // allocator's slack. A refused body is never read, so it adds nothing; had the 30 refused bodies
    // been buffered, they alone would add 30 × the body size on top.
    const boundMb = (UPLOADS_PER_HOUR * (body.length + copy.bytes.length)) / MB + 64;
    const me = await t.newBorrower();

    const { result: answers, beforeMb, afterMb, peakMb } = await rssAround(() => Promise.all(Array.from({ length: SENT }, () => upload(t, me.session, body))));

    const stored = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    console.info(
      `uploads concurrency: ${SENT} sent, ${stored.length} stored, ${refused.length} refused 429, ` +
        `RSS before ${beforeMb.toFixed(0)} MB after ${afterMb.toFixed(0)} MB (peak ${peakMb.toFixed(0)} MB, bound +${boundMb.toFixed(0)} MB; each body ${(body.length / MB).toFixed(2)} MB)`,
    );
    expect(stored).toHaveLength(UPLOADS_PER_HOUR);
    expect(refused).toHaveLength(SENT - UPLOADS_PER_HOUR);
    for (const a of refused) {
      expect(a.body).toEqual({ code: '429', message: MESSAGES.tooManyUploads, data: null });
      expect(a.bodyRead).toBe(false);
    }
    const urls = new Set(stored.map((a) => a.body.data!.url));
    expect(urls.size).toBe(UPLOADS_PER_HOUR);
    expect(await count(t, 'SELECT count(*) AS n FROM complaint_images WHERE borrower_id = $1', me.borrowerId)).toBe(UPLOADS_PER_HOUR);
    expect(filesIn(join(sandbox, 'complaints')).map((name) => `/uploads/complaints/${name}`).sort()).toEqual([...urls].sort());

    expect(peakMb - beforeMb).toBeLessThan(boundMb);
  });
});

describe('two apps on one PostgreSQL share the limit', () => {
  let cluster: PgCluster;
  let apps: TestApp[] = [];
  let sandbox: string;
  beforeAll(async () => {
    cluster = await createPgCluster();
    sandbox = mkdtempSync(join(tmpdir(), 'upload-limits-pg-'));
    // Two pools on one schema, as two server processes would have.
    for (let i = 0; i < 2; i++) {
      const db = await openDb({ databaseUrl: cluster.url, schema: 'uploads' });
      // Processes sharing a database share its card-data keys.
      const keys = apps[0] ? { CARD_DATA_KEYS: apps[0].config.CARD_DATA_KEYS, CARD_HASH_KEY: apps[0].config.CARD_HASH_KEY } : {};
      apps.push(await createTestApp(keys, undefined, { db, storage: createLocalDiskStorage(sandbox) }));
    }
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    apps = [];
    await cluster?.destroy();
    rmSync(sandbox, { recursive: true, force: true });
  });

  it(`stores exactly ${UPLOADS_PER_HOUR} of ${SENT} uploads sent at once, half through each`, async () => {
    const [first, second] = apps as [TestApp, TestApp];
    const me = await first.newBorrower();
    const body = multipartBody(IMAGES.jpeg);
    const answers = await Promise.all(Array.from({ length: SENT }, (_, i) => upload(i % 2 ? second : first, me.session, body)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(UPLOADS_PER_HOUR);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(SENT - UPLOADS_PER_HOUR);
    expect(await count(first, 'SELECT count(*) AS n FROM complaint_images WHERE borrower_id = $1', me.borrowerId)).toBe(UPLOADS_PER_HOUR);
  });
});

describe('a full re-encode queue', () => {
  // One decoding and one waiting: two held jobs fill it.
  const queue = createReencodeQueue({ parallel: 1, waiting: 1 });
  let t: TestApp;
  let sandbox: string;
  beforeAll(async () => {
    sandbox = mkdtempSync(join(tmpdir(), 'upload-limits-queue-'));
    t = await createTestApp({}, undefined, { storage: createLocalDiskStorage(sandbox), reencodeQueue: queue });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(sandbox, { recursive: true, force: true });
  });

  /** Occupies every place of the queue until the returned function is called. */
  function fillQueue(): () => Promise<void> {
    let drain!: () => void;
    const held = new Promise<void>((resolve) => (drain = resolve));
    const jobs = [queue.run(() => held), queue.run(() => held)];
    expect(queue.isFull()).toBe(true);
    return async () => {
      drain();
      await Promise.all(jobs);
    };
  }
  /** The upload's answer, or a failure when it waits in a queue that should have turned it away. */
  const answerOf = <T>(pending: Promise<T>) =>
    Promise.race([pending, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 10 s: the upload waited in the queue')), 10_000))]);
  const nothingStored = async (borrowerId: number, filesBefore: string[]) => {
    expect(filesIn(join(sandbox, 'complaints'))).toEqual(filesBefore);
    expect(await count(t, 'SELECT count(*) AS n FROM complaint_images WHERE borrower_id = $1', borrowerId)).toBe(0);
    expect(await count(t, 'SELECT count(*) AS n FROM upload_slots WHERE borrower_id = $1', borrowerId)).toBe(0);
  };
  const BUSY = { code: '503', message: MESSAGES.uploadsBusy, data: null };

  it('answers 503 with Retry-After before reading the file, stores nothing and takes no slot', async () => {
    const me = await t.newBorrower();
    const filesBefore = filesIn(join(sandbox, 'complaints'));
    const drain = fillQueue();
    try {
      const res = await answerOf(
        t.app.inject({
          method: 'POST',
          url: `${callUrlPath(uploadProblemImgRoute)}?${query(me.session)}`,
          headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
          payload: multipartBody(IMAGES.jpeg),
        }),
      );
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(UPLOADS_BUSY_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual(BUSY);
      const again = await answerOf(upload(t, me.session, multipartBody(IMAGES.jpeg)));
      expect(again.bodyRead).toBe(false);
      await nothingStored(me.borrowerId, filesBefore);
    } finally {
      await drain();
    }
    // Once the line moves, the same upload goes through.
    expect((await upload(t, me.session, multipartBody(IMAGES.jpeg))).body.code).toBe('00');
  });

  it('answers 503 when the queue fills while the file arrives, and gives the slot back', async () => {
    const me = await t.newBorrower();
    const filesBefore = filesIn(join(sandbox, 'complaints'));
    let endFile!: () => void;
    const fileEnds = new Promise<void>((resolve) => (endFile = resolve));
    const pending = upload(t, me.session, multipartBody(IMAGES.jpeg), { beforeFileEnd: fileEnds });
    // The slot is taken before the file is read; then the queue fills up behind the upload's back.
    await expect.poll(() => count(t, 'SELECT count(*) AS n FROM upload_slots WHERE borrower_id = $1', me.borrowerId)).toBe(1);
    const drain = fillQueue();
    try {
      endFile();
      const res = await answerOf(pending);
      expect(res.status).toBe(503);
      expect(res.body).toEqual(BUSY);
      expect(res.bodyRead).toBe(true);
      await nothingStored(me.borrowerId, filesBefore);
    } finally {
      await drain();
    }
  });
});
