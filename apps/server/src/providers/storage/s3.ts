/**
 * The ImageStorage in an S3-compatible object store (UPLOAD_STORE=s3: AWS S3, MinIO, R2, …), through
 * @aws-sdk/client-s3, loaded on first use so a server without S3 never loads it. Objects are named by
 * the same keys as the local disk's files, and the app still serves them itself at /uploads/… (serve.ts)
 * with the same headers and rules: the bucket stays private, no bucket URL is ever handed out.
 * A PutObject is atomic (the object appears whole or not at all), so no process reads half an image.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import { FOLDER, KEY, newImageKey, servedImage, UPLOADS_PUBLIC_PATH } from './keys.ts';
import type { ImageStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  /** An S3-compatible endpoint; AWS's own for `region` when unset. */
  endpoint?: string | undefined;
  region: string;
  /** Both, or neither (then the SDK's default chain: environment, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** https://endpoint/bucket/key rather than https://bucket.endpoint/key. */
  forcePathStyle: boolean;
}

type Sdk = typeof S3Sdk;

/** Whether an SDK error says the object is not there (GetObject's NoSuchKey, HeadObject's bare 404). */
const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3Storage(options: S3StorageOptions): Required<ImageStorage> {
  let loaded: Promise<{ sdk: Sdk; client: S3Sdk.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        forcePathStyle: options.forcePathStyle,
        ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
        // Checksums only where the API requires them: many S3-compatible stores refuse the SDK's
        // default CRC32 headers and trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = options.bucket;

  return {
    publicPath: UPLOADS_PUBLIC_PATH,

    async put(folder, image) {
      const { key, url } = newImageKey(folder, image.type);
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: image.bytes, ContentType: image.type.mime, ContentLength: image.bytes.byteLength }));
      return { key, url };
    },

    async remove(key) {
      if (!KEY.test(key)) return;
      const { sdk, client } = await s3();
      // Deleting an object that is not there succeeds in S3 too.
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },

    async list(folder) {
      if (!FOLDER.test(folder)) return [];
      const { sdk, client } = await s3();
      const found: { key: string; modifiedAt: Date }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          // Only names put() could have made: other objects in the bucket are not the app's to touch.
          if (object.Key && KEY.test(object.Key) && object.LastModified) found.push({ key: object.Key, modifiedAt: object.LastModified });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },

    async read(key) {
      if (!KEY.test(key)) return null;
      const { sdk, client } = await s3();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return servedImage(key, await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
