/**
 * The one ImageStorage of a server, by uploadStoreOf(config): the local disk (DATA_DIR/uploads; one
 * process only), the database (upload_blobs) or an S3-compatible bucket. The last two let any number
 * of server processes serve every image; docs/complaints.md, "Image storage".
 */
import { join } from 'node:path';
import { uploadStoreOf, type Config } from '../../config.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { createLocalDiskStorage } from './local-disk.ts';
import { createPostgresStorage } from './postgres.ts';
import { createS3Storage } from './s3.ts';
import type { ImageStorage } from './storage.ts';

type StorageConfig = Pick<
  Config,
  'UPLOAD_STORE' | 'DATABASE_URL' | 'DATA_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

export function createImageStorage(config: StorageConfig, db: Queryable): ImageStorage {
  switch (uploadStoreOf(config)) {
    case 'disk':
      return createLocalDiskStorage(join(config.DATA_DIR, 'uploads'));
    case 'postgres':
      return createPostgresStorage(db);
    case 's3':
      if (config.S3_BUCKET === undefined) throw new Error('UPLOAD_STORE=s3 needs S3_BUCKET');
      return createS3Storage({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      });
  }
}
