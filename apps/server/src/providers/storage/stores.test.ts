/**
 * The shared image-store suite (test/support/image-store-suite.ts) on each store a server can use:
 * the local disk, the database on PGlite, and an S3 bucket (the protocol stand-in, signatures checked).
 * The database store on a real PostgreSQL runs in test/security/upload-stores.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageStoreSuite } from '../../../../../test/support/image-store-suite.ts';
import { startS3Standin } from '../../../../../test/support/s3-standin.ts';
import type { Db } from '../../platform/db/client.ts';
import { openTestDb } from '../../test-support/test-app.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createPostgresStorage } from './postgres.ts';
import { createS3Storage } from './s3.ts';

/** One PGlite database as two processes' handles (the second does not close it; the first does). */
async function sharedDbs(): Promise<[Db, Db]> {
  const db = await openTestDb();
  return [db, { ...db, close: async () => undefined }];
}

imageStoreSuite('disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'store-disk-'));
  return { dbs: await sharedDbs(), storage: () => createLocalDiskStorage(root), close: async () => rmSync(root, { recursive: true, force: true }) };
});

imageStoreSuite('postgres (PGlite)', async () => ({ dbs: await sharedDbs(), storage: (db) => createPostgresStorage(db), close: async () => undefined }));

imageStoreSuite('s3 (the stand-in, two keys a page)', async () => {
  const standin = await startS3Standin({ pageSize: 2 });
  return {
    dbs: await sharedDbs(),
    storage: () =>
      createS3Storage({
        bucket: standin.bucket,
        endpoint: standin.endpoint,
        region: standin.region,
        accessKeyId: standin.accessKeyId,
        secretAccessKey: standin.secretAccessKey,
        forcePathStyle: true,
      }),
    close: () => standin.close(),
  };
});
