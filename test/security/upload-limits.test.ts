/**
 * Issue 18, item 4: the hourly upload limit holds under concurrency, and a refused upload never has
 * its file read. 60 uploads of one borrower sent at once through the real app: exactly 30 are
 * stored (rows and files), 30 are answered 429 without a byte of their body read, and the process's
 * memory grows by what 30 bodies take, not 60. On a throwaway PostgreSQL, two apps (as two server
 * processes would) share the limit through the database.
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
import { openDb } from '../../apps/server/src/db/client.ts';
import { MESSAGES } from '../../apps/server/src/modules/complaints/service.ts';
import { reencodeImage } from '../../apps/server/src/providers/storage/reencode.ts';
import { UPLOADS_PER_HOUR } from '../../apps/server/src/modules/complaints/upload-quota.ts';
import { IMAGES } from '../../apps/server/src/modules/complaints/test-images.ts';
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
async function upload(t: TestApp, session: SessionParams, body: Buffer) {
  const sent = { read: false };
  const payload = Readable.from(
    (function* () {
      sent.read = true;
      yield body;
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
      apps.push(await createTestApp({}, undefined, { db, storage: createLocalDiskStorage(sandbox) }));
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
