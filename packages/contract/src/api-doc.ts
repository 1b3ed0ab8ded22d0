/**
 * Renders docs/api.md from ALL_CALLS: every call's method, URL, code form, client headers, payload
 * and answer fields (walked from the zod schemas through their JSON Schema) and a worked example.
 * scripts/gen-api-doc.ts writes the file; the contract test fails when the file is stale.
 */
import { z } from 'zod';
import { STAFF_API_BASE, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE, type StaffCall, type StaffRoute } from './staff/common.ts';
import { STAFF_CALLS } from './staff/all-calls.ts';
import {
  API_BASE,
  CLIENT_HEADERS,
  ERROR_CODES,
  ERROR_MESSAGES,
  HTTP_TIMEOUT_MS,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENCY_MISMATCH_CODE,
  IDEMPOTENT_REPLAYED_HEADER,
  SESSION_PARAMS,
  CURRENCY_PARAM,
  PESO_SYMBOL,
  RUPEE_SYMBOL,
  SUCCESS_CODE,
  XHR_MARKER,
  callUrlPath,
  type Route,
} from './common.ts';
import {
  AGREEMENT_SCENE,
  CALL_ERROR_CODES,
  CONTACT_INFO_OVERALL,
  DEFAULT_CARD_TYPE,
  DEFAULT_CHANNEL_NUMBER,
  EXTRA_NUMBER_FIELD,
  FIXED_EXTRA_NUMBER,
  GOOGLE_SCORE,
  ROLLOVER_FLAG,
  TRACKING_MODULE,
  COMPLAINT_IMAGE_FIELD,
} from './routes.ts';
import { ALL_CALLS, type CallName } from './all-calls.ts';
import { CALL_EXAMPLES } from './examples.ts';
import { OPENAPI_JSON_PATH, OPENAPI_VIEWER_PATH } from './openapi.ts';
import type { Call } from './schema.ts';

/** The JSON Schema subset z.toJSONSchema produces for our schemas. */
interface JsonSchema {
  /** A list when zod writes a nullable primitive as `type: ['string', 'null']`. */
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
}

interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  notes: string;
}


function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

const nonNull = (s: JsonSchema) => (s.anyOf ? s.anyOf.find((o) => o.type !== 'null') : undefined);

function typeName(s: JsonSchema): string {
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (s.anyOf) return s.anyOf.map(typeName).join(' \\| ');
  if (s.type === 'array') return `${s.items ? typeName(s.items) : 'any'}[]`;
  if (s.type === 'object' && !s.properties && typeof s.additionalProperties === 'object')
    return `record<string, ${typeName(s.additionalProperties)}>`;
  if (Array.isArray(s.type)) return s.type.join(' \\| ');
  return s.type ?? 'any';
}

function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.pattern) out.push(`pattern \`${s.pattern}\``);
  if (s.minLength !== undefined && s.minLength > 0) out.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) out.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined && s.minimum !== Number.MIN_SAFE_INTEGER) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum !== Number.MAX_SAFE_INTEGER) out.push(`≤ ${s.maximum}`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems}`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems}`);
  if (s.default !== undefined) out.push(`default \`${JSON.stringify(s.default)}\``);
  return out;
}

/** One row per field, nested objects as `a.b`, array items as `a[].b`, record values as `a{}`. */
function fieldRows(s: JsonSchema, prefix = ''): FieldRow[] {
  const rows: FieldRow[] = [];
  const required = new Set(s.required ?? []);
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const path = `${prefix}${name}`;
    const inner = nonNull(prop) ?? prop;
    const description = prop.description ?? inner.description;
    rows.push({
      path,
      type: typeName(prop),
      required: required.has(name),
      notes: [description, ...constraints(inner), ...(inner.type === 'array' && inner.items ? constraints(inner.items) : [])]
        .filter(Boolean)
        .join('; '),
    });
    rows.push(...nestedRows(inner, path));
  }
  if (typeof s.additionalProperties === 'object' && s.additionalProperties.type) {
    rows.push({ path: `${prefix}*`, type: typeName(s.additionalProperties), required: false, notes: 'any other field' });
  }
  return rows;
}

function nestedRows(s: JsonSchema, path: string): FieldRow[] {
  if (s.type === 'object' && s.properties) return fieldRows(s, `${path}.`);
  if (s.type === 'object' && typeof s.additionalProperties === 'object') return nestedRows(s.additionalProperties, `${path}{}`);
  if (s.type === 'array' && s.items) return nestedRows(s.items, `${path}[]`);
  return [];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function fieldTable(rows: FieldRow[]): string {
  if (rows.length === 0) return '_No fields._\n';
  const lines = ['| Field | Type | Required | Notes |', '|---|---|---|---|'];
  for (const r of rows) lines.push(`| \`${r.path}\` | ${r.type} | ${r.required ? 'yes' : 'no'} | ${cell(r.notes)} |`);
  return `${lines.join('\n')}\n`;
}

function headerPair(r: Route): string {
  return Object.entries(CLIENT_HEADERS[r.client])
    .map(([header, param]) => `\`${header}\` ← ${param}`)
    .join(', ');
}

function bodyText(r: Route): string {
  if (r.body === 'multipart') return `multipart/form-data, file field \`${COMPLAINT_IMAGE_FIELD}\``;
  if (r.body === 'form') return 'application/x-www-form-urlencoded';
  return 'none (payload in the query)';
}

function formEncode(payload: Record<string, unknown>): string {
  return new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString();
}

function exampleText(name: CallName, call: Call): string {
  const example = CALL_EXAMPLES[name] as { payload: Record<string, unknown>; answer: unknown };
  const r = call.route;
  const payloadText = formEncode(example.payload);
  const session = SESSION_PARAMS.map((p) => `${p}={${p}}`).join('&');
  const queryParts = [r.method === 'GET' ? payloadText : '', r.auth ? session : ''].filter(Boolean);
  const url = `${callUrlPath(r)}${queryParts.length ? `?${queryParts.join('&')}` : ''}`;
  const lines = ['```http', `${r.method} ${url}`];
  if (r.body === 'form') lines.push('Content-Type: application/x-www-form-urlencoded', '', payloadText);
  if (r.body === 'multipart') lines.push('Content-Type: multipart/form-data; boundary=…', '', `(one file in the field ${COMPLAINT_IMAGE_FIELD})`);
  lines.push('```');
  if (r.responds === 'image') {
    lines.push('', 'Answer: `200 image/png` with the image bytes (no envelope).');
  } else if (r.responds === 'pdf') {
    lines.push('', 'Answer: `200 application/pdf` with `Content-Disposition: attachment` and the PDF bytes (no envelope); a refusal is the usual envelope.');
  } else {
    const envelope = { code: SUCCESS_CODE[r.codeForm], message: 'success', data: example.answer };
    lines.push('', '```json', JSON.stringify(envelope, null, 2), '```');
  }
  return lines.join('\n');
}

function callSection(name: CallName, call: Call): string {
  const r = call.route;
  const payload = jsonSchemaOf(call.payload, 'input');
  const facts = [
    `- Call: \`${name}\` (route \`${name.replace(/Call$/, 'Route')}\`)`,
    `- Code form: \`${r.codeForm}\`, success code \`${JSON.stringify(SUCCESS_CODE[r.codeForm])}\``,
    `- Client headers: ${headerPair(r)}`,
    `- Session: ${r.auth ? 'required (session query parameters)' : 'none (public)'}`,
    `- Body: ${bodyText(r)}`,
    ...(r.idempotent
      ? [`- ${IDEMPOTENCY_KEY_HEADER}: accepted (see Conventions); a duplicate while the first request runs answers code ${r.idempotent.duplicateCode}, "${r.idempotent.duplicateMessage}"`]
      : []),
  ];
  const parts = [`### ${r.method} \`${callUrlPath(r)}\``, '', call.summary, '', ...facts, '', '**Payload**', ''];
  if (payload.description) parts.push(payload.description, '');
  parts.push(fieldTable(fieldRows(payload)));
  parts.push('**Answer** (`data`)', '');
  if (r.responds === 'image') parts.push('The image itself (`image/png`), not an envelope.', '');
  else if (r.responds === 'pdf') parts.push('The PDF itself (`application/pdf`, an attachment), not an envelope.', '');
  else {
    const answer = jsonSchemaOf(call.answer, 'output');
    if (answer.description) parts.push(answer.description, '');
    // An answer that may be null (loan-details/collector) lists the fields of its object.
    parts.push(fieldTable(fieldRows(nonNull(answer) ?? answer)));
  }
  parts.push('**Example**', '', exampleText(name, call), '');
  return parts.join('\n');
}

function intro(): string {
  const errorRows = (Object.keys(ERROR_CODES) as Array<keyof typeof ERROR_CODES>).map(
    (key) => `| ${ERROR_CODES[key]} | \`${JSON.stringify(String(ERROR_CODES[key]))}\` | ${ERROR_CODES[key]} | ${key} |`,
  );
  const callCodeRows = Object.entries(CALL_ERROR_CODES).map(([key, code]) => `| ${code} | ${key} |`);
  const clients = (Object.keys(CLIENT_HEADERS) as Array<keyof typeof CLIENT_HEADERS>)
    .map((c) => `- \`${c}\`: ${Object.entries(CLIENT_HEADERS[c]).map(([h, p]) => `\`${h}\` ← page parameter ${p}`).join(', ')}`)
    .join('\n');
  return `# Lender API

Generated from the contract (\`packages/contract/src\`) by \`npx tsx scripts/gen-api-doc.ts\`; do not edit by hand.
The contract test fails when this file is out of date.

**OpenAPI.** The same calls, borrower and staff, as an OpenAPI 3.1 document (JSON Schema draft 2020-12, from the same zod schemas):
the server answers it at \`GET ${OPENAPI_JSON_PATH}\` (public) and shows it in a viewer (Swagger UI, served from the server itself) at
\`GET ${OPENAPI_VIEWER_PATH}\`. \`packages/contract/src/openapi.ts\` builds it.

## Conventions

**Where calls live.** "Product" calls sit under the base path \`${API_BASE}\` (e.g. \`${API_BASE}/v3/loan-details/loan-details\`);
the repayment-by-card and promotion calls (\`/api/v1/youmi/…\`, \`/api/v2/youmi/…\`) are absolute paths at the server root.

**Session.** Every call carries the session parameters in its query string: ${SESSION_PARAMS.map((p) => `\`${p}\``).join(', ')}.
A call marked "session required" needs a live \`sessionId\`; \`userId\`, \`merchantNumber\` and \`mobilePhone\`, when sent, must be those of
the session's borrower. The promotion calls and the site configuration (\`/v3/site/config\`) are public.

**Currency and market.** The page parameter \`${CURRENCY_PARAM}\` travels in the query of every call when the page has it: amounts the server
writes as text (detail rows, notices) use the rupee ${RUPEE_SYMBOL} when it is \`1\`, otherwise the peso ${PESO_SYMBOL}, grouped as that market
reads them with \`Intl.NumberFormat\` (\`${PESO_SYMBOL}8,286.50\`; \`${RUPEE_SYMBOL}1,23,456.00\`, Indian lakh grouping). Dates the server writes
as text (\`YYYY-MM-DD\`, \`YYYY-MM-DD HH:mm:ss\`, no zone) are on the lender's calendar of the same market: Asia/Kolkata (UTC+05:30)
when \`${CURRENCY_PARAM}\` is \`1\`, otherwise Asia/Manila (UTC+08:00).

**Language.** The page parameter \`lang\` (\`en\`, \`fil\`, \`hi\`) travels in the query of every call when the page is not in
English: the texts the server writes into order details, the joint-login failure page, both loan confirmations (their disclosure
included), the repayment plan, the rollover, the cooling-off quote, the complaint screens and the records (payments, receipt, documents) are in
that language, while what the borrower and the agent wrote stays as written; amounts and dates keep the market's way of writing them. Without
it, English. The cost disclosure a push confirms is kept in it (docs/i18n.md). A server outside production also takes \`qps\`, the
pseudo-locale that shows which texts never came through the catalogue.

**Payloads.** A POST sends its payload form-encoded (\`application/x-www-form-urlencoded\`); a GET sends it in the query, beside
the session parameters; the complaint image upload is \`multipart/form-data\`. Payload fields may also arrive in the query of a POST
(e.g. \`repayment-way?orderId=…\`); the body wins when both carry a field. Values are strings as a form carries them: ids are digit
strings, money amounts are whole numbers of minor units (\`537500\` = 5375.00). Where the spec says "verb not shown" the call is a
form-encoded POST.

**Headers.** Both browser clients send \`${Object.entries(XHR_MARKER).map(([k, v]) => `${k}: ${v}`).join(', ')}\` and a header pair filled
from page parameters (empty when absent); the time-out is ${HTTP_TIMEOUT_MS} ms.
${clients}

**Envelope.** Every answer (except get-captcha's image) is \`{ "code": …, "message": "…", "data": … }\`. Money in answers is in minor
units (shown divided by 100 with 2 decimals). There are two success code forms (a route's \`codeForm\`):

- \`zero\`: success is the number \`${SUCCESS_CODE.zero}\` (the v3 calls, contact info, tracking, the promotion/registration calls);
- \`doubleZero\`: success is the string \`${JSON.stringify(SUCCESS_CODE.doubleZero)}\` (complaints, score, upload, repayment by card, the obfuscated goya calls).

**Errors.** A failure answers the envelope with \`data: null\`, a message for the borrower and one of these codes; the \`doubleZero\`
code form sends the code as a string. An invalid payload names the field in the message (e.g. \`orderId is required\`);
a query, session or body value holding a NUL character (U+0000) is refused so (\`source must not contain a NUL character\`).
A 5xx never says more than "${ERROR_MESSAGES.internal}", or, when the database is briefly out of reach (a restart), 503 with
"${ERROR_MESSAGES.unavailable}" and \`Retry-After: 1\`: the same request may be sent again. The image upload also answers 503
with \`Retry-After\` and a message of its own when too many images are waiting to be processed (see upload-problem-img).

| Code (zero) | Code (doubleZero) | HTTP status | Meaning |
|---|---|---|---|
${errorRows.join('\n')}

Call-specific codes (numeric; a string in the \`doubleZero\` code form):

| Code | Meaning |
|---|---|
${callCodeRows.join('\n')}

**${IDEMPOTENCY_KEY_HEADER}** (Stripe's design, IETF httpapi draft "The Idempotency-Key HTTP Header Field"). The calls that move money
or issue a code (${idempotentCalls()}) accept a request header \`${IDEMPOTENCY_KEY_HEADER}\`: 1 to 255 printable ASCII characters, else 400
"${IDEMPOTENCY_MESSAGES.invalidKey}". The H5 always sends one: 128 random bits in hex, one per borrower action (the call and its
payload), the same key when that action is sent again after a network failure, a time-out or an answer with \`Retry-After\`, a new key
after any other answer. A key belongs to the session's borrower and the call, and is kept ${IDEMPOTENCY_KEY_TTL_HOURS} hours; after that
it starts a new request.

- First request with a key: the key is claimed, the call runs, and its answer (status and body) is stored before it is sent.
- Same key, same payload (its fields in any order), answered: the stored answer again, the same HTTP status and the same body byte
  for byte, with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`; the call does not run again (no provider call, no SMS, no write).
- Same key while the first request still runs: the call's duplicate-submission answer (listed with each call): \`800005\` "Please do
  not submit the payment request twice." for the repayment calls, 409 in the call's code form for loan push and pay-code issue.
- Same key, another payload: ${IDEMPOTENCY_MISMATCH_CODE} (HTTP ${IDEMPOTENCY_MISMATCH_CODE}; \`"${IDEMPOTENCY_MISMATCH_CODE}"\` in the doubleZero code form) "${IDEMPOTENCY_MESSAGES.mismatch}";
  nothing is done.
- Refusals (4xx, 800005, 800006) are stored and replayed like successes. A 5xx is not: the request did not complete, the key is
  released, and the same key may be sent again.
- A key whose request was cut off by a server crash (claimed, never answered) answers the duplicate-submission message until it
  expires, and never runs the call again; a request with a new key goes through the call's own de-duplication (one repayment per
  repayToken, one confirmation per repayment, the live pay code reused, one order per offer).
- Without the header the calls work as before (older clients).

**Fixed values** (spec section 9): contact info \`overall=${CONTACT_INFO_OVERALL}\`; agreement \`scene=${AGREEMENT_SCENE}\`;
the spec's unnamed "fixed extra number" travels as \`${EXTRA_NUMBER_FIELD}=${FIXED_EXTRA_NUMBER}\` (contract-jump, loan-detail-push and their
goya twins); google-score always sends \`score=${GOOGLE_SCORE}\`; tracking \`moduleId\` ${TRACKING_MODULE.borrowAgain} (Borrow Again) and
${TRACKING_MODULE.failureRecommendations} (failure-page recommendations); generate-vcode \`isDelay=${ROLLOVER_FLAG}\` for a rollover;
the bank screen starts with card type ${DEFAULT_CARD_TYPE} and channel number ${DEFAULT_CHANNEL_NUMBER}.

**Field tables.** \`a.b\` is a field of an object, \`a[].b\` a field of each array item, \`a{}\` the value of each key of a record.
Names marked "chosen here" are not given by the spec.
`;
}

/** The calls that accept an Idempotency-Key, as `METHOD path`. */
function idempotentCalls(): string {
  return (Object.values(ALL_CALLS) as Call[])
    .filter((call) => call.route.idempotent)
    .map((call) => `\`${call.route.method} ${callUrlPath(call.route)}\``)
    .join(', ');
}

function indexTable(): string {
  const lines = ['| Method | URL | Code form | Call |', '|---|---|---|---|'];
  for (const [name, call] of Object.entries(ALL_CALLS) as Array<[CallName, Call]>) {
    lines.push(`| ${call.route.method} | \`${callUrlPath(call.route)}\` | ${call.route.codeForm} | \`${name}\` |`);
  }
  return `## All calls\n\n${lines.join('\n')}\n`;
}

function staffAccessText(r: StaffRoute): string {
  if (r.access === 'public') return 'none (signing in)';
  const who = r.access === 'session' ? 'any staff session' : `roles ${r.access.roles.map((role) => `\`${role}\``).join(', ')} (others: 403)`;
  return `${who}; sign-in stages ${(r.stages ?? ['signed-in']).map((stage) => `\`${stage}\``).join(', ')}`;
}

function staffCallSection(name: string, call: StaffCall): string {
  const r = call.route;
  const facts = [
    `- Call: \`${name}\``,
    `- Who: ${staffAccessText(r)}`,
    r.audit
      ? `- Write: JSON body${r.access === 'public' ? '' : `, \`${STAFF_CSRF_HEADER}\` header required`}; audit action \`${r.audit}\``
      : '- Read: input in the path and query',
  ];
  return [
    `### ${r.method} \`${STAFF_API_BASE}${r.path}\``,
    '',
    call.summary,
    '',
    ...facts,
    '',
    '**Input**',
    '',
    fieldTable(fieldRows(jsonSchemaOf(call.input, 'input'))),
    '**Answer** (`data`)',
    '',
    fieldTable(fieldRows(jsonSchemaOf(call.answer, 'output'))),
  ].join('\n');
}

/** The staff back office's API (docs/backoffice.md): its own base path, cookie session and JSON. */
function staffApi(): string {
  const intro = [
    `## Staff API (\`${STAFF_API_BASE}\`)`,
    '',
    `The staff back office's calls (docs/backoffice.md). The session is the \`${STAFF_SESSION_COOKIE}\` cookie (HttpOnly, SameSite=Strict, path \`${STAFF_API_BASE}\`),`,
    `never a query parameter; a write also sends the session's CSRF token in \`${STAFF_CSRF_HEADER}\` and a JSON body. Answers are`,
    '`{code, message, data}`: `code` 0 on success, else the HTTP status (401 no session; 403 a role, stage or CSRF refusal; 400, 404, 409 as the message says).',
    '',
  ].join('\n');
  const sections = Object.entries(STAFF_CALLS).map(([name, call]) => staffCallSection(name, call as StaffCall));
  return `${intro}\n${sections.join('\n')}`;
}

export function renderApiDoc(): string {
  const sections = (Object.entries(ALL_CALLS) as Array<[CallName, Call]>).map(([name, call]) => callSection(name, call));
  return `${intro()}\n${indexTable()}\n## Calls\n\n${sections.join('\n')}\n${staffApi()}`.replace(/\n{3,}/g, '\n\n');
}
