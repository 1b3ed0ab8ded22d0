import { mkdtempSync, readdirSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, problemSaveRoute, uploadProblemImgRoute, type SessionParams } from '@cashloan/contract';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../test-support/test-app.ts';
import { IMAGES, multipart } from '../../test-support/test-images.ts';
import { MESSAGES } from './service.ts';
import { UPLOAD_QUOTA_WINDOW_MS } from './upload-quota.ts';
import { createLocalDiskStorage } from '../../providers/storage/local-disk.ts';
import { ORPHAN_GRACE_MS, ROWLESS_FILE_GRACE_MS, orphanSweepJob, sweepOrphanUploads } from './orphan-sweep.ts';
import { startScheduler } from '../../platform/jobs/scheduler.ts';

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'orphan-sweep-test-'));
  t = await createTestApp({}, undefined, { storage: createLocalDiskStorage(root) });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const deps = () => ({ db: t.db, storage: t.storage, clock: t.clock });
const onDisk = () => new Set(readdirSync(join(root, 'complaints')).map((name) => `/uploads/complaints/${name}`));
const rows = async (borrowerId: number) =>
  (await t.db.query<{ url: string }>('SELECT url FROM complaint_images WHERE borrower_id = $1 ORDER BY id', [borrowerId])).rows.map((r) => r.url);

async function upload(session: SessionParams): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart('problemImage', { name: 'a.png', type: 'image/png', bytes: IMAGES.png }) });
  return (res.json() as { data: { url: string } }).data.url;
}
async function file(session: SessionParams, images: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${callUrlPath(problemSaveRoute)}?${query(session)}`,
    headers: FORM_HEADERS,
    payload: form({ problemType: '5', problemDetail: 'See the screenshots.', problemImage: images.join(',') }),
  });
  return res.json() as { code: string; message: string };
}
/** Back-dates a stored file, as if it had been written `ms` ago. */
const ageFile = (url: string, ms: number) => {
  const at = new Date(Date.now() - ms);
  utimesSync(join(root, url.replace('/uploads/', '')), at, at);
};

describe('sweepOrphanUploads', () => {
  it('removes uploads no complaint uses once they are older than the grace period, rows and files alike', async () => {
    const me = await t.newBorrower();
    const attached = await upload(me.session);
    const unused = await upload(me.session);
    expect((await file(me.session, [attached])).code).toBe('00');

    // Within the grace period nothing goes: the borrower may still be writing the complaint.
    await t.clock.advance(ORPHAN_GRACE_MS - 60_000);
    await sweepOrphanUploads(deps());
    expect(await rows(me.borrowerId)).toEqual([attached, unused]);

    await t.clock.advance(2 * 60_000);
    const fresh = await upload(me.session);
    const { removed } = await sweepOrphanUploads(deps());
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await rows(me.borrowerId)).toEqual([attached, fresh]);
    expect(onDisk().has(unused)).toBe(false);
    expect(onDisk().has(attached)).toBe(true);
    expect(onDisk().has(fresh)).toBe(true);
  });

  it('keeps an image an agent reply shows', async () => {
    const me = await t.newBorrower();
    const [a, b] = [await upload(me.session), await upload(me.session)];
    expect((await file(me.session, [a])).code).toBe('00');
    await t.db.query(`UPDATE complaints SET dispose_images = $2::jsonb WHERE borrower_id = $1`, [me.borrowerId, JSON.stringify([b])]);
    await t.clock.advance(ORPHAN_GRACE_MS + 1);
    await sweepOrphanUploads(deps());
    expect(await rows(me.borrowerId)).toEqual([a, b]);
  });

  it('removes a file no row names (a crash between writing it and its row) once it is an hour old, or at once with olderThanMs 0', async () => {
    const young = await t.storage.put('complaints', { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } });
    const old = await t.storage.put('complaints', { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } });
    ageFile(old.url, ROWLESS_FILE_GRACE_MS + 60_000);

    await sweepOrphanUploads(deps());
    expect(onDisk().has(old.url)).toBe(false);
    // An upload between its two steps looks just like this: left alone.
    expect(onDisk().has(young.url)).toBe(true);

    expect((await sweepOrphanUploads(deps(), { olderThanMs: 0 })).removed).toBeGreaterThanOrEqual(1);
    expect(onDisk().has(young.url)).toBe(false);
  });

  it('removes a partial file a process stopped while writing (disk) on the same terms as a file without a row', async () => {
    const young = `/uploads/complaints/.partial-${'c'.repeat(32)}`;
    const old = `/uploads/complaints/.partial-${'d'.repeat(32)}`;
    for (const url of [young, old]) writeFileSync(join(root, url.replace('/uploads/', '')), IMAGES.png.subarray(0, 40));
    ageFile(old, ROWLESS_FILE_GRACE_MS + 60_000);
    await sweepOrphanUploads(deps());
    expect(onDisk().has(old)).toBe(false);
    // It may be an upload still being written: left alone.
    expect(onDisk().has(young)).toBe(true);
    await sweepOrphanUploads(deps(), { olderThanMs: 0 });
    expect(onDisk().has(young)).toBe(false);
  });

  it('removes a row whose file is already gone, and a later problem-save with it is refused', async () => {
    const me = await t.newBorrower();
    const url = await upload(me.session);
    unlinkSync(join(root, url.replace('/uploads/', '')));
    expect(await sweepOrphanUploads(deps(), { olderThanMs: 0 })).toEqual({ removed: 1 });
    expect(await rows(me.borrowerId)).toEqual([]);
    expect(await file(me.session, [url])).toMatchObject({ code: '400', message: MESSAGES.imageNotOwned });
  });

  it('with olderThanMs 0 leaves exactly the referenced uploads, on disk and in the database', async () => {
    const me = await t.newBorrower();
    const kept = await upload(me.session);
    await upload(me.session);
    expect((await file(me.session, [kept])).code).toBe('00');
    await sweepOrphanUploads(deps(), { olderThanMs: 0 });
    const allRows = (await t.db.query<{ url: string }>('SELECT url FROM complaint_images')).rows.map((r) => r.url);
    expect(new Set(allRows)).toEqual(onDisk());
    expect(allRows).toContain(kept);
    const unreferenced = await t.db.query(
      `SELECT 1 FROM complaint_images ci WHERE NOT EXISTS (SELECT 1 FROM complaints c WHERE c.images @> jsonb_build_array(ci.url) OR c.dispose_images @> jsonb_build_array(ci.url))`,
    );
    expect(unreferenced.rows).toEqual([]);
  });

  it("deletes the upload quota's slots once they no longer count (older than the hour)", async () => {
    const me = await t.newBorrower();
    await upload(me.session);
    const slots = async () => (await t.db.query('SELECT 1 FROM upload_slots WHERE borrower_id = $1', [me.borrowerId])).rows.length;
    await sweepOrphanUploads(deps());
    expect(await slots()).toBe(1);
    await t.clock.advance(UPLOAD_QUOTA_WINDOW_MS);
    await sweepOrphanUploads(deps());
    expect(await slots()).toBe(0);
  });
});

describe('orphanSweepJob', () => {
  it('sweeps at once on the scheduler and stops cleanly, waiting for a sweep under way', async () => {
    const me = await t.newBorrower();
    const unused = await upload(me.session);
    await t.clock.advance(ORPHAN_GRACE_MS + 1);
    const logged: string[] = [];
    const log = { info: (_o: object, msg: string) => logged.push(msg), error: (_o: object, msg: string) => logged.push(msg) };
    const scheduler = startScheduler({ db: t.db, clock: t.clock, jobs: [orphanSweepJob(deps(), log)], checkMs: 60_000, log });
    await scheduler.check();
    await scheduler.stop();
    expect(logged).toEqual(['orphan uploads removed']);
    expect(onDisk().has(unused)).toBe(false);
  });
});
