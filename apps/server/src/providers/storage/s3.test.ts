/**
 * The S3 store against the protocol stand-in (test/support/s3-standin.ts): requests signed with the
 * wrong secret are refused as S3 refuses them, the stand-in's signature check agrees with the SDK's
 * own signer (@smithy/signature-v4), and list() follows ListObjectsV2's pages.
 */
import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Standin, type S3Standin } from '../../../../../test/support/s3-standin.ts';
import { IMAGES } from '../../test-support/test-images.ts';
import { createS3Storage } from './s3.ts';
import { createImageStorage } from './choose.ts';
import { testConfig } from '../../config.ts';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytesOf = (data: SourceData) =>
  typeof data === 'string' ? Buffer.from(data) : ArrayBuffer.isView(data) ? Buffer.from(data.buffer, data.byteOffset, data.byteLength) : Buffer.from(new Uint8Array(data));

/** node:crypto as the signer's hash (HMAC with a secret, SHA-256 without). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytesOf(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytesOf(data));
  }
  async digest(): Promise<Uint8Array> {
    return this.hash.digest();
  }
}

let standin: S3Standin;
beforeAll(async () => {
  standin = await startS3Standin({ pageSize: 2 });
});
afterAll(async () => {
  await standin.close();
});

const storageWith = (secretAccessKey: string) =>
  createS3Storage({ bucket: standin.bucket, endpoint: standin.endpoint, region: standin.region, accessKeyId: standin.accessKeyId, secretAccessKey, forcePathStyle: true });
const png = { bytes: IMAGES.png, type: { mime: 'image/png', extension: 'png' } } as const;

describe('the S3 store on the stand-in', () => {
  it('stores the object under its key with its content type, signed', async () => {
    const stored = await storageWith(standin.secretAccessKey).put('complaints', png);
    const object = standin.objects().get(stored.key);
    expect(object?.contentType).toBe('image/png');
    expect(object?.bytes.equals(IMAGES.png)).toBe(true);
    expect(standin.requests.at(-1)).toMatchObject({ method: 'PUT', operation: 'PutObject', status: 200 });
  });

  it('is refused with 403 SignatureDoesNotMatch when signed with the wrong secret, and nothing is stored', async () => {
    const before = standin.objects().size;
    const error = await storageWith(`${standin.secretAccessKey}x`).put('complaints', png).then(
      () => null,
      (e: unknown) => e as { name: string; $metadata: { httpStatusCode: number } },
    );
    expect(error?.name).toBe('SignatureDoesNotMatch');
    expect(error?.$metadata.httpStatusCode).toBe(403);
    expect(standin.objects().size).toBe(before);
    expect(standin.requests.at(-1)).toMatchObject({ method: 'PUT', status: 403 });
    // Reads are checked the same way: a wrong signature is an error, not "no image".
    const key = [...standin.objects().keys()][0]!;
    await expect(storageWith('wrong').read(key)).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
  });

  it('lists every page of a folder (ListObjectsV2 with continuation tokens)', async () => {
    const storage = storageWith(standin.secretAccessKey);
    const stored = await Promise.all(Array.from({ length: 5 }, () => storage.put('paged', png)));
    const listCalls = () => standin.requests.filter((r) => r.operation === 'ListObjectsV2').length;
    const callsBefore = listCalls();
    const listed = await storage.list('paged');
    expect(listed.map((f) => f.key).sort()).toEqual(stored.map((s) => s.key).sort());
    expect(listCalls() - callsBefore).toBe(3);
  });

  it("leaves objects put() could not have made alone (the orphan sweep's list)", async () => {
    standin.objects().set('complaints/notes.txt', { bytes: Buffer.from('x'), contentType: 'text/plain', lastModified: new Date(0), etag: 'e' });
    const listed = await storageWith(standin.secretAccessKey).list('complaints');
    expect(listed.map((f) => f.key)).not.toContain('complaints/notes.txt');
    expect(await storageWith(standin.secretAccessKey).read('complaints/notes.txt')).toBeNull();
  });
});

describe("the stand-in's signature check", () => {
  const signer = (secretAccessKey: string) =>
    new SignatureV4({ credentials: { accessKeyId: standin.accessKeyId, secretAccessKey }, region: standin.region, service: 's3', sha256: NodeSha256, uriEscapePath: false });
  async function send(secretAccessKey: string, tamper?: (headers: Record<string, string>) => void) {
    const url = new URL(standin.endpoint);
    const body = '';
    const signed = await signer(secretAccessKey).sign({
      method: 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: `/${standin.bucket}`,
      // Names and values SigV4 must sort and encode: a space, a slash, a tilde and a star.
      query: { 'list-type': '2', prefix: 'complaints/a b~*', 'max-keys': '7' },
      headers: { host: url.host, 'x-amz-content-sha256': createHash('sha256').update(body).digest('hex') },
    });
    const headers = { ...(signed.headers as Record<string, string>) };
    tamper?.(headers);
    const query = new URLSearchParams(signed.query as Record<string, string>).toString().replace(/\+/g, '%20');
    const res = await fetch(`${standin.endpoint}${signed.path}?${query}`, { headers });
    return { status: res.status, body: await res.text() };
  }

  it('accepts a request the SDK signer signed with the known secret', async () => {
    const res = await send(standin.secretAccessKey);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<ListBucketResult');
  });

  it("refuses a wrong secret, or a signed header changed after signing, with S3's SignatureDoesNotMatch XML", async () => {
    for (const res of [await send('not-the-secret'), await send(standin.secretAccessKey, (h) => (h['x-amz-date'] = h['x-amz-date']!.replace(/(\d{2})Z$/, (_, seconds: string) => `${seconds === '00' ? '01' : '00'}Z`)))]) {
      expect(res.status).toBe(403);
      expect(res.body).toMatch(/<Error><Code>SignatureDoesNotMatch<\/Code><Message>The request signature we calculated does not match/);
    }
  });
});

describe('createImageStorage', () => {
  it('picks the store UPLOAD_STORE names, else by S3_BUCKET, DATABASE_URL, PGlite', () => {
    const db = { query: async () => ({ rows: [] }) };
    const pick = (overrides: Parameters<typeof testConfig>[0]) => createImageStorage(testConfig(overrides), db);
    // Each store names images alike and serves them at /uploads.
    for (const storage of [pick({}), pick({ DATABASE_URL: 'postgres://x/y' }), pick({ S3_BUCKET: 'b' }), pick({ UPLOAD_STORE: 'postgres' })]) expect(storage.publicPath).toBe('/uploads');
    expect(pick({}).put.toString()).toContain('link(');
    expect(pick({ DATABASE_URL: 'postgres://x/y' }).put.toString()).toContain('upload_blobs');
    expect(pick({ DATABASE_URL: 'postgres://x/y', S3_BUCKET: 'b' }).put.toString()).toContain('PutObjectCommand');
    expect(pick({ S3_BUCKET: 'b', UPLOAD_STORE: 'postgres' }).put.toString()).toContain('upload_blobs');
  });
});
