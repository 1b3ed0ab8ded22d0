/**
 * One behaviour suite for every ImageStorage (docs/complaints.md, "Image storage"): the local disk,
 * the database (PGlite or PostgreSQL) and an S3-compatible bucket (the stand-in). Two "processes"
 * (two storages, two apps, two database handles) share one store: what one stored, the other reads,
 * serves with the same headers and sweeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callUrlPath, problemSaveRoute, uploadProblemImgRoute, type SessionParams } from '@cashloan/contract';
import type { Db } from '../../apps/server/src/platform/db/client.ts';
import type { ImageStorage } from '../../apps/server/src/providers/storage/storage.ts';
import { KEY } from '../../apps/server/src/providers/storage/keys.ts';
import { IMAGE_HEADERS } from '../../apps/server/src/providers/storage/serve.ts';
import { sweepOrphanUploads } from '../../apps/server/src/modules/complaints/orphan-sweep.ts';
import { createTestApp, form, FORM_HEADERS, query, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { IMAGES, multipart } from '../../apps/server/src/test-support/test-images.ts';

export interface StoreFixture {
  /** Two handles on one database, as two server processes open it (closed by the apps). */
  dbs: [Db, Db];
  /** A storage over the shared store, built as a server process builds its own on `db`. */
  storage(db: Db): ImageStorage;
  /** Frees what the fixture made beyond the databases (directories, the stand-in). */
  close(): Promise<void>;
}

const TYPES = [
  { bytes: IMAGES.jpeg, type: { mime: 'image/jpeg', extension: 'jpg' } },
  { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } },
  { bytes: IMAGES.webp, type: { mime: 'image/webp', extension: 'webp' } },
] as const;

export function imageStoreSuite(name: string, makeFixture: () => Promise<StoreFixture>): void {
  describe(`image store: ${name}`, () => {
    let fixture: StoreFixture;
    let first: ImageStorage;
    let second: ImageStorage;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      fixture = await makeFixture();
      const [dbA, dbB] = fixture.dbs;
      first = fixture.storage(dbA);
      second = fixture.storage(dbB);
      a = await createTestApp({}, undefined, { db: dbA, storage: first });
      // Processes sharing a database share its card-data keys.
      b = await createTestApp({ CARD_DATA_KEYS: a.config.CARD_DATA_KEYS, CARD_HASH_KEY: a.config.CARD_HASH_KEY }, undefined, { db: dbB, storage: second });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await fixture?.close();
    });

    it('reads back, from another process, the bytes and type put() stored, under a /uploads URL', async () => {
      for (const image of TYPES) {
        const stored = await first.put('complaints', image);
        expect(stored.key).toMatch(KEY);
        expect(stored.key.startsWith('complaints/')).toBe(true);
        expect(stored.key.endsWith(`.${image.type.extension}`)).toBe(true);
        expect(stored.url).toBe(`/uploads/${stored.key}`);
        for (const storage of [first, second]) {
          const read = await storage.read!(stored.key);
          expect(read?.type).toEqual(image.type);
          expect(Buffer.from(read!.bytes).equals(Buffer.from(image.bytes))).toBe(true);
        }
      }
      expect(first.publicPath).toBe('/uploads');
    });

    it('never overwrites: each put() is a new key', async () => {
      const keys = await Promise.all(Array.from({ length: 5 }, () => first.put('complaints', TYPES[1]!)));
      expect(new Set(keys.map((k) => k.key)).size).toBe(5);
    });

    it('reads nothing for a key it never made or that is not there', async () => {
      const missing = `complaints/${'0'.repeat(32)}.png`;
      for (const key of [missing, '../../etc/passwd', 'complaints/../x.png', 'complaints/abc.png', `complaints/${'a'.repeat(32)}.svg`, `Complaints/${'a'.repeat(32)}.png`, '']) {
        expect(await second.read!(key)).toBeNull();
      }
    });

    it('removes an image for every process; removing it again, or a key it never made, is no error', async () => {
      const stored = await first.put('complaints', TYPES[0]!);
      await second.remove(stored.key);
      expect(await first.read!(stored.key)).toBeNull();
      expect(await second.read!(stored.key)).toBeNull();
      await first.remove(stored.key);
      await first.remove('../../etc/passwd');
      expect((await second.list!('complaints')).map((f) => f.key)).not.toContain(stored.key);
    });

    it('lists a folder with when each image was written, and only that folder', async () => {
      const before = Date.now() - 60_000;
      const mine = [await first.put('complaints', TYPES[0]!), await first.put('complaints', TYPES[1]!)];
      const elsewhere = await first.put('other-folder', TYPES[2]!);
      const listed = await second.list!('complaints');
      for (const stored of mine) {
        const entry = listed.find((f) => f.key === stored.key);
        expect(entry).toBeDefined();
        expect(entry!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(entry!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
      }
      expect(listed.map((f) => f.key)).not.toContain(elsewhere.key);
      expect((await second.list!('other-folder')).map((f) => f.key)).toEqual([elsewhere.key]);
      expect(await second.list!('../complaints')).toEqual([]);
      expect(await second.list!('empty-folder')).toEqual([]);
    });

    async function upload(t: TestApp, session: SessionParams): Promise<string> {
      const res = await t.app.inject({ method: 'POST', url: `${callUrlPath(uploadProblemImgRoute)}?${query(session)}`, ...multipart('problemImage', { name: 'a.png', type: 'image/png', bytes: IMAGES.png }) });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: { url: string } }).data.url;
    }

    it("serves, through the other app, an upload the first app stored, with the image headers", async () => {
      const me = await a.newBorrower();
      const url = await upload(a, me.session);
      const fromA = await a.app.inject({ method: 'GET', url });
      const fromB = await b.app.inject({ method: 'GET', url });
      for (const res of [fromA, fromB]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        for (const [header, value] of Object.entries(IMAGE_HEADERS)) expect(res.headers[header.toLowerCase()]).toBe(value);
      }
      expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
      // What was served is the re-encoded copy the upload stored, whole.
      expect(fromB.rawPayload.subarray(0, 8).equals(IMAGES.png.subarray(0, 8))).toBe(true);
      expect((await b.app.inject({ method: 'GET', url: url.replace(/[a-f0-9]{32}/, '0'.repeat(32)) })).statusCode).toBe(404);
      expect((await b.app.inject({ method: 'GET', url: '/uploads/complaints/..%2f..%2fetc%2fpasswd' })).statusCode).toBe(404);
    });

    it('orphan sweep (run by the other process) removes the unreferenced images only', async () => {
      const me = await a.newBorrower();
      const attached = await upload(a, me.session);
      const unused = await upload(a, me.session);
      const filed = await a.app.inject({
        method: 'POST',
        url: `${callUrlPath(problemSaveRoute)}?${query(me.session)}`,
        headers: FORM_HEADERS,
        payload: form({ problemType: '5', problemDetail: 'See the screenshot.', problemImage: attached }),
      });
      expect((filed.json() as { code: string }).code).toBe('00');
      // An image stored without its row: the process stopped between put() and the insert.
      const rowless = await first.put('complaints', TYPES[1]!);

      await sweepOrphanUploads({ db: fixture.dbs[1], storage: second, clock: b.clock }, { olderThanMs: 0 });

      const key = (url: string) => url.replace('/uploads/', '');
      expect(await first.read!(key(attached))).not.toBeNull();
      expect(await first.read!(key(unused))).toBeNull();
      expect(await first.read!(rowless.key)).toBeNull();
      const listed = (await first.list!('complaints')).map((f) => f.key);
      expect(listed).toContain(key(attached));
      expect(listed).not.toContain(key(unused));
      expect(listed).not.toContain(rowless.key);
      expect((await b.app.inject({ method: 'GET', url: attached })).statusCode).toBe(200);
      expect((await a.app.inject({ method: 'GET', url: unused })).statusCode).toBe(404);
    });
  });
}
