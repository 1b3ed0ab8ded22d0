/**
 * A local stand-in for an S3-compatible object store, speaking the S3 REST protocol the upload store
 * (apps/server/src/providers/storage/s3.ts) speaks through @aws-sdk/client-s3: path-style
 * PutObject, GetObject, HeadObject, DeleteObject and ListObjectsV2 (paginated), each request's AWS
 * Signature Version 4 `Authorization` header checked against one known access key and secret. A bad
 * signature is refused as S3 refuses it (403 SignatureDoesNotMatch), so the adapter is tested against
 * the protocol, not a mock. Objects live in memory.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinObject {
  bytes: Buffer;
  contentType: string;
  lastModified: Date;
  etag: string;
}

export interface S3Standin {
  /** http://127.0.0.1:<port>, for S3_ENDPOINT (path-style). */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket made at start. */
  bucket: string;
  /** A bucket's objects by key (tests may age or change them). */
  objects(bucket?: string): Map<string, StandinObject>;
  /** Every request answered: method, path with query, the S3 operation and the status. */
  requests: { method: string; url: string; operation: string; status: number }[];
  close(): Promise<void>;
}

export interface S3StandinOptions {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  bucket?: string;
  /** Most keys one ListObjectsV2 page answers (S3's own is 1000), so tests can make the client page. */
  pageSize?: number;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
/** How far a request's X-Amz-Date may be from now (S3's RequestTimeTooSkewed is 15 minutes). */
const MAX_SKEW_MS = 15 * 60 * 1000;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ percent-encoded. */
const strictEncode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The SigV4 signing key: HMAC chain over the date, region and service, from "AWS4" + secret. */
export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

/**
 * The canonical request of SigV4 for S3: the path as sent (S3 does not normalise or double-encode it),
 * the query sorted by encoded name then value, the signed headers lower-cased with trimmed values in
 * the order SignedHeaders names them, and the payload hash the client declared.
 */
export function canonicalRequest(method: string, rawUrl: string, headers: IncomingMessage['headers'], signedHeaders: string[], payloadHash: string): string {
  const at = rawUrl.indexOf('?');
  const path = at < 0 ? rawUrl : rawUrl.slice(0, at);
  const rawQuery = at < 0 ? '' : rawUrl.slice(at + 1);
  const decode = (text: string) => decodeURIComponent(text.replace(/\+/g, '%20'));
  const query = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq < 0 ? part : part.slice(0, eq);
      const value = eq < 0 ? '' : part.slice(eq + 1);
      return [strictEncode(decode(name)), strictEncode(decode(value))] as const;
    })
    .filter(([name]) => name !== 'X-Amz-Signature')
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headerLines = signedHeaders.map((name) => {
    const value = headers[name];
    const text = Array.isArray(value) ? value.join(',') : (value ?? '');
    return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
  });
  return [method, path || '/', query, headerLines.join(''), signedHeaders.join(';'), payloadHash].join('\n');
}

/** Parses `AWS4-HMAC-SHA256 Credential=AKID/20261127/us-east-1/s3/aws4_request, SignedHeaders=a;b, Signature=hex`. */
function parseAuthorization(header: string | undefined) {
  if (!header?.startsWith(`${ALGORITHM} `)) throw new S3Error(403, 'AccessDenied', 'Access Denied: a request signed with AWS Signature Version 4 is required.');
  const fields = new Map(
    header
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((part) => part.trim())
      .map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)] as const),
  );
  const credential = fields.get('Credential')?.split('/');
  const signedHeaders = fields.get('SignedHeaders')?.split(';');
  const signature = fields.get('Signature');
  if (!credential || credential.length !== 5 || credential[4] !== 'aws4_request' || !signedHeaders || !signature || !/^[0-9a-f]{64}$/.test(signature)) {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [accessKeyId, date, region, service] = credential as [string, string, string, string, string];
  return { accessKeyId, date, region, service, signedHeaders, signature };
}

export async function startS3Standin(options: S3StandinOptions = {}): Promise<S3Standin> {
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString('base64');
  const region = options.region ?? 'us-east-1';
  const bucket = options.bucket ?? 'cashloan-uploads';
  const pageSize = options.pageSize ?? 1000;
  const buckets = new Map<string, Map<string, StandinObject>>([[bucket, new Map()]]);
  const requests: S3Standin['requests'] = [];

  /** Checks the request's signature (and its declared payload hash against the body); throws S3Error when it does not hold. */
  function authenticate(request: IncomingMessage, body: Buffer): void {
    const auth = parseAuthorization(request.headers.authorization);
    if (auth.accessKeyId !== accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (auth.service !== 's3' || auth.region !== region) throw new S3Error(400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${region}'.`);
    if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date')) throw new S3Error(403, 'AccessDenied', 'Host and X-Amz-Date must be signed.');
    const amzDate = String(request.headers['x-amz-date'] ?? '');
    const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
    if (!match || amzDate.slice(0, 8) !== auth.date) throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or does not match the credential scope.');
    const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6]));
    if (Math.abs(at - Date.now()) > MAX_SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'Chunked (streaming) uploads are not implemented by this stand-in.');
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) {
      throw new S3Error(400, 'XAmzContentSHA256Mismatch', 'The provided x-amz-content-sha256 header does not match what was computed.');
    }
    const canonical = canonicalRequest(request.method ?? 'GET', request.url ?? '/', request.headers, auth.signedHeaders, payloadHash);
    const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
    const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonical)].join('\n');
    const expected = createHmac('sha256', signingKey(secretAccessKey, auth.date, auth.region, auth.service)).update(stringToSign).digest();
    if (!timingSafeEqual(expected, Buffer.from(auth.signature, 'hex'))) {
      throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
  }

  function listObjectsV2(objects: Map<string, StandinObject>, name: string, query: URLSearchParams, response: ServerResponse): void {
    const prefix = query.get('prefix') ?? '';
    const maxKeys = Math.min(pageSize, Math.max(0, Number(query.get('max-keys') ?? 1000) || 0));
    const token = query.get('continuation-token');
    const after = token !== null ? Buffer.from(token, 'base64url').toString('utf8') : (query.get('start-after') ?? '');
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((key) => {
        const o = objects.get(key)!;
        return `<Contents><Key>${xmlEscape(key)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>&quot;${o.etag}&quot;</ETag><Size>${o.bytes.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join('');
    const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, 'utf8').toString('base64url')}</NextContinuationToken>` : '';
    const tokenXml = token !== null ? `<ContinuationToken>${xmlEscape(token)}</ContinuationToken>` : '';
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(name)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${tokenXml}${next}${contents}</ListBucketResult>`;
    response.writeHead(200, { 'Content-Type': 'application/xml' }).end(xml);
  }

  /** Answers one authenticated request; answers the S3 operation's name. */
  function handle(request: IncomingMessage, body: Buffer, response: ServerResponse): string {
    const url = new URL(request.url ?? '/', 'http://standin');
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = rest.map((part) => decodeURIComponent(part)).join('/');
    const objects = buckets.get(decodeURIComponent(bucketName));
    if (!objects) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const method = request.method ?? 'GET';
    if (key === '') {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') {
        listObjectsV2(objects, bucketName, url.searchParams, response);
        return 'ListObjectsV2';
      }
      throw new S3Error(501, 'NotImplemented', 'Only ListObjectsV2 is implemented on a bucket.');
    }
    switch (method) {
      case 'PUT': {
        if (request.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'CopyObject is not implemented.');
        if (request.headers['if-none-match'] === '*' && objects.has(key)) throw new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold.');
        const etag = createHash('md5').update(body).digest('hex');
        objects.set(key, { bytes: body, contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'), lastModified: new Date(), etag });
        response.writeHead(200, { ETag: `"${etag}"` }).end();
        return 'PutObject';
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'Content-Type': object.contentType,
          'Content-Length': String(object.bytes.length),
          ETag: `"${object.etag}"`,
          'Last-Modified': object.lastModified.toUTCString(),
        });
        response.end(method === 'GET' ? object.bytes : undefined);
        return method === 'GET' ? 'GetObject' : 'HeadObject';
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return 'DeleteObject';
      default:
        throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      let operation = 'unknown';
      try {
        authenticate(request, body);
        operation = handle(request, body, response);
      } catch (error) {
        const e = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
        response.writeHead(e.status, { 'Content-Type': 'application/xml' });
        // A HEAD answer has no body: the SDK reads the status alone.
        response.end(
          request.method === 'HEAD'
            ? undefined
            : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${e.code}</Code><Message>${xmlEscape(e.message)}</Message><RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`,
        );
      }
      requests.push({ method: request.method ?? '', url: request.url ?? '', operation, status: response.statusCode });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    bucket,
    objects: (name = bucket) => {
      let objects = buckets.get(name);
      if (!objects) buckets.set(name, (objects = new Map()));
      return objects;
    },
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
