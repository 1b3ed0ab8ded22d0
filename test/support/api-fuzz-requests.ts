/**
 * Generated requests for the API fuzz run (test/security/api-fuzz.test.ts), from the contract: every
 * call of ALL_CALLS with its method, path, payload fields (its zod schema as JSON Schema) and its
 * worked example payload, mutated with hostile values, missing and extra fields, wrong or broken
 * bodies, odd methods and query strings; most carry a valid session so they reach validation and
 * the handlers.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { ALL_CALLS, SESSION_PARAMS, callUrlPath, type CallName, type SessionParams } from '@cashloan/contract';
import { CALL_EXAMPLES } from '@cashloan/contract/examples';

export interface FuzzRequest {
  call: CallName;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was done to it, for the report of a failure. */
  kind: string;
}

/** Real ids of the database under test, swapped in so that requests reach rows that exist. */
export interface FuzzWorld {
  session: SessionParams;
  /** Ids by field name (orderId, productId…), taken from the seeded orders' links. */
  ids: Record<string, string[]>;
}

const CALL_NAMES = Object.keys(ALL_CALLS) as CallName[];

function fieldNames(name: CallName): string[] {
  const schema = z.toJSONSchema(ALL_CALLS[name].payload, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> };
  return [...new Set([...Object.keys(schema.properties ?? {}), ...Object.keys(CALL_EXAMPLES[name].payload as object)])];
}
const FIELDS: Record<CallName, string[]> = Object.fromEntries(CALL_NAMES.map((n) => [n, fieldNames(n)])) as Record<CallName, string[]>;

// ---- hostile values ------------------------------------------------------------------------------

const HOSTILE_TEXT = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999999999999',
  '000000000000000000001',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '{"$gt":""}',
  "' OR '1'='1",
  "1; DROP TABLE orders; --",
  "1' UNION SELECT password FROM borrowers--",
  '\\x00',
  '\u0000',
  'a\u0000b',
  '%00',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '${7*7}{{7*7}}',
  '%s%s%s%n',
  '😀👍🏽🇵🇭',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '\uD800',
  '\uFFFF',
  '\r\nSet-Cookie: x=1',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 4 }).map((k) => 'A'.repeat(10 ** k + 1)) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt()).map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
);

/** A payload value: mostly a string (a form carries strings), sometimes a JSON shape a form cannot carry. */
const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'x'), hostileString, { maxKeys: 3 }) },
);

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', '__proto__[polluted]', 'constructor[prototype][polluted]', 'a[b]', 'x.y', '', ' ', 'userId', 'borrowerId', 'id', 'status', 'amount', 'sessionId'];

// ---- payloads and bodies --------------------------------------------------------------------------

type Payload = Array<[string, unknown]>;

function examplePayload(name: CallName, world: FuzzWorld, useRealIds: boolean, idPick: number): Payload {
  return Object.entries(CALL_EXAMPLES[name].payload as Record<string, unknown>).map(([k, v]) => {
    const real = world.ids[k === 'product_id' ? 'productId' : k] ?? [];
    return [k, useRealIds && real.length ? real[idPick % real.length] : v];
  });
}

const payloadMutation = (name: CallName) =>
  fc.oneof(
    fc.record({ kind: fc.constant('hostile field'), field: fc.constantFrom(...(FIELDS[name].length ? FIELDS[name] : ['x'])), value: hostileJsonValue }),
    fc.record({ kind: fc.constant('missing fields'), drop: fc.array(fc.nat(), { maxLength: 4 }) }),
    fc.record({ kind: fc.constant('extra field'), key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })), value: hostileJsonValue }),
    fc.record({ kind: fc.constant('valid'), _: fc.constant(0) }),
    fc.record({ kind: fc.constant('random fields'), entries: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS[name], ...EXTRA_KEYS), fc.string({ maxLength: 8 })), hostileJsonValue), { maxLength: 6 }) }),
  );

function mutate(base: Payload, m: { kind: string } & Record<string, unknown>): Payload {
  switch (m.kind) {
    case 'hostile field':
      return [...base.filter(([k]) => k !== m.field), [m.field as string, m.value]];
    case 'missing fields': {
      const drop = new Set((m.drop as number[]).map((i) => i % Math.max(1, base.length)));
      return base.filter((_, i) => !drop.has(i));
    }
    case 'extra field':
      return [...base, [m.key as string, m.value]];
    case 'random fields':
      return m.entries as Payload;
    default:
      return base;
  }
}

/** Form encoding the way qs-less clients do it: arrays repeat the key, objects become text. */
function formEncode(payload: Payload): string {
  const out = new URLSearchParams();
  for (const [k, v] of payload) {
    if (Array.isArray(v)) for (const item of v) out.append(k, String(item));
    else out.append(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return out.toString();
}

function jsonEncode(payload: Payload): string {
  // Built as text so that a __proto__ key really travels as an own key.
  return `{${payload.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null) ?? 'null'}`).join(',')}}`;
}

function multipart(payload: Payload, boundary: string, file?: { name: string; type: string; bytes: Buffer }): Buffer {
  const parts: Buffer[] = payload.map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`),
  );
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="problemImage"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const encoding = fc.constantFrom(
  'form',
  'form',
  'form',
  'form',
  'json',
  'json',
  'multipart',
  'multipart-file',
  'broken-json',
  'broken-form',
  'broken-multipart',
  'text',
  'no-type',
  'oversized',
  'wrong-charset',
);

function encodeBody(kind: string, payload: Payload, noise: string): { headers: Record<string, string>; body?: string | Buffer } {
  switch (kind) {
    case 'form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formEncode(payload) };
    case 'json':
      return { headers: { 'content-type': 'application/json' }, body: jsonEncode(payload) };
    case 'multipart':
      return { headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' }, body: multipart(payload, 'fuzzb') };
    case 'multipart-file':
      return {
        headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' },
        body: multipart(payload, 'fuzzb', { name: `../${noise}.png`, type: 'image/png', bytes: Buffer.concat([PNG_MAGIC, Buffer.from(noise)]) }),
      };
    case 'broken-json':
      return { headers: { 'content-type': 'application/json' }, body: `${jsonEncode(payload).slice(0, -1)}${noise}` };
    case 'broken-form':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${formEncode(payload)}&%zz=%E0%A4%A&${noise}=%` };
    case 'broken-multipart':
      return { headers: { 'content-type': 'multipart/form-data; boundary=fuzzb' }, body: `--fuzzb\r\nContent-Disposition: form-data; name="a"\r\n\r\n${noise}` };
    case 'text':
      return { headers: { 'content-type': 'text/plain' }, body: formEncode(payload) };
    case 'no-type':
      return { headers: {}, body: formEncode(payload) };
    case 'oversized':
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${formEncode(payload)}&pad=${'x'.repeat(300 * 1024)}` };
    default:
      return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-7' }, body: formEncode(payload) };
  }
}

// ---- sessions, methods, query strings -------------------------------------------------------------

const sessionMode = fc.constantFrom('valid', 'valid', 'valid', 'valid', 'valid', 'valid', 'none', 'bogus', 'hostile', 'mismatch', 'duplicated');

function sessionQuery(mode: string, world: FuzzWorld, noise: string): Array<[string, string]> {
  const valid = SESSION_PARAMS.map((k): [string, string] => [k, world.session[k]]);
  switch (mode) {
    case 'none':
      return [];
    case 'bogus':
      return valid.map(([k, v]): [string, string] => [k, k === 'sessionId' ? noise : v]);
    case 'hostile':
      // Each session parameter replaced in turn by a hostile text (NUL, SQL, very long…).
      return valid.map(([k, v], i): [string, string] => [k, i === noise.length % valid.length ? HOSTILE_TEXT[noise.length * 7 % HOSTILE_TEXT.length]! : v]);
    case 'mismatch':
      return valid.map(([k, v]): [string, string] => [k, k === 'userId' ? `${v}${noise}` : v]);
    case 'duplicated':
      return [...valid, ['sessionId', noise]];
    default:
      return valid;
  }
}

const ODD_QUERY = ['a[b]=1', '__proto__[polluted]=1', 'constructor[prototype][x]=1', '%zz', '&&&', '=', 'x=%00', 'real=1', 'real=%E2%82', `q=${'x'.repeat(5000)}`];

const requestFor = (world: FuzzWorld) =>
  fc.constantFrom(...CALL_NAMES).chain((name) =>
    fc
      .record({
        mutation: payloadMutation(name),
        encoding,
        session: sessionMode,
        realIds: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
        idPick: fc.nat(),
        method: fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') }),
        oddQuery: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...ODD_QUERY) }),
        pathSuffix: fc.oneof({ weight: 15, arbitrary: fc.constant('') }, { weight: 1, arbitrary: fc.constantFrom('/', '/..', '%2e%2e/', '/%00', '//x') }),
        noise: fc.string({ maxLength: 12 }),
      })
      .map((r): FuzzRequest => {
        const call = ALL_CALLS[name];
        const payload = mutate(examplePayload(name, world, r.realIds, r.idPick), r.mutation);
        const method = r.method || call.route.method;
        const query = new URLSearchParams(sessionQuery(r.session, world, r.noise));
        let extraQuery = r.oddQuery ?? '';
        let headers: Record<string, string> = {};
        let body: string | Buffer | undefined;
        if (method === 'GET' || method === 'HEAD') {
          // A GET's payload travels in the query.
          extraQuery = [formEncode(payload), extraQuery].filter(Boolean).join('&');
        } else {
          ({ headers, body } = encodeBody(r.encoding, payload, r.noise));
        }
        const queryText = [query.toString(), extraQuery].filter(Boolean).join('&');
        return {
          call: name,
          method,
          url: `${callUrlPath(call.route)}${r.pathSuffix}${queryText ? `?${queryText}` : ''}`,
          headers,
          ...(body !== undefined ? { body } : {}),
          kind: `${r.mutation.kind}, ${method === 'GET' || method === 'HEAD' ? 'query' : r.encoding}, session ${r.session}`,
        };
      }),
  );

/**
 * `count` requests, the same for the same seed; made in batches, so the oversized bodies of a long
 * run are never all in memory at once.
 */
export function* generateRequests(world: FuzzWorld, count: number, seed: number, batch = 500): Generator<FuzzRequest> {
  for (let made = 0, round = 0; made < count; made += batch, round++) {
    yield* fc.sample(requestFor(world), { numRuns: Math.min(batch, count - made), seed: seed + round });
  }
}
