/**
 * The shared image-store suite (test/support/image-store-suite.ts) on a throwaway PostgreSQL
 * (createPgCluster): two pools on one schema, as two server processes have, with the images in the
 * database (upload_blobs) and in an S3 bucket (the protocol stand-in). What one process stored,
 * the other reads, serves at /uploads with the same headers, and sweeps.
 */
import { afterAll, beforeAll } from 'vitest';
import { imageStoreSuite } from '../support/image-store-suite.ts';
import { createPgCluster, type PgCluster } from '../support/pg-cluster.ts';
import { startS3Standin } from '../support/s3-standin.ts';
import { openDb, type Db } from '../../apps/server/src/platform/db/client.ts';
import { createPostgresStorage } from '../../apps/server/src/providers/storage/postgres.ts';
import { createS3Storage } from '../../apps/server/src/providers/storage/s3.ts';

let cluster: PgCluster;
beforeAll(async () => {
  cluster = await createPgCluster();
});
afterAll(async () => {
  await cluster?.destroy();
});

/** Two pools on one schema of the cluster, migrated, as two server processes open it. */
async function twoProcesses(schema: string): Promise<[Db, Db]> {
  const first = await openDb({ databaseUrl: cluster.url, schema, migrate: true });
  const second = await openDb({ databaseUrl: cluster.url, schema });
  return [first, second];
}

imageStoreSuite('postgres (a real PostgreSQL, two pools)', async () => ({
  dbs: await twoProcesses('store_postgres'),
  storage: (db) => createPostgresStorage(db),
  close: async () => undefined,
}));

imageStoreSuite('s3 (the stand-in) beside a real PostgreSQL', async () => {
  const standin = await startS3Standin({ pageSize: 3 });
  return {
    dbs: await twoProcesses('store_s3'),
    storage: () =>
      createS3Storage({ bucket: standin.bucket, endpoint: standin.endpoint, region: standin.region, accessKeyId: standin.accessKeyId, secretAccessKey: standin.secretAccessKey, forcePathStyle: true }),
    close: () => standin.close(),
  };
});
