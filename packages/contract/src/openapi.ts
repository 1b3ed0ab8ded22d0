/**
 * The OpenAPI 3.1 document of every call, generated from the same contract docs/api.md is rendered
 * from (ALL_CALLS, STAFF_CALLS): method, path, how the payload travels (form-encoded, the query,
 * multipart, JSON), the session query parameters, the client headers, the answer envelope with its
 * data schema and the error codes. Schemas come from zod 4's z.toJSONSchema (draft 2020-12, the
 * dialect of OpenAPI 3.1): a payload as it is sent (io 'input'), an answer as it is written (io
 * 'output'); what JSON Schema cannot say (the image and PDF answers' custom types) becomes `{}`.
 * The server answers it at GET /openapi.json, with a viewer at GET /openapi.
 */
import { z } from 'zod';
import {
  API_BASE,
  CLIENT_HEADERS,
  CURRENCY_PARAM,
  ERROR_CODES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MISMATCH_CODE,
  SESSION_PARAMS,
  SUCCESS_CODE,
  callUrlPath,
  type CodeForm,
} from './common.ts';
import { CALL_ERROR_CODES, COMPLAINT_IMAGE_FIELD } from './routes.ts';
import { ALL_CALLS, type CallName } from './all-calls.ts';
import type { Call } from './schema.ts';
import { STAFF_API_BASE, STAFF_CSRF_HEADER, STAFF_SESSION_COOKIE, type StaffCall } from './staff/common.ts';
import { STAFF_IMAGE_FIELD, uploadImageCall } from './staff/complaints.ts';
import { STAFF_CALLS } from './staff/all-calls.ts';

/** A JSON Schema (draft 2020-12) as an object. */
export type JsonSchemaObject = Record<string, unknown>;
/** The OpenAPI document: plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { openapi: string; paths: Record<string, Record<string, OpenApiOperation>> };
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  parameters?: Array<Record<string, unknown>>;
  requestBody?: Record<string, unknown>;
  responses: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  [extension: `x-${string}`]: unknown;
}

/** Where the document and its viewer are served. */
export const OPENAPI_JSON_PATH = '/openapi.json';
export const OPENAPI_VIEWER_PATH = '/openapi';

/**
 * The call-specific envelope codes (answered with HTTP 200 and `data: null`) each call may give, as
 * CALL_ERROR_CODES documents them; a duplicate of an idempotent call is added from its route.
 */
const CALL_CODES: Partial<Record<CallName, number[]>> = {
  getSmsCall: [CALL_ERROR_CODES.alreadyRegistered, CALL_ERROR_CODES.smsWrongCaptcha],
  registerCall: [CALL_ERROR_CODES.alreadyRegistered, CALL_ERROR_CODES.registerWrongCaptcha],
  repaymentCommitCall: [CALL_ERROR_CODES.repaymentClosed],
  repaymentConfirmCall: [CALL_ERROR_CODES.wrongVerifyCode, CALL_ERROR_CODES.duplicateRepayment, CALL_ERROR_CODES.repaymentClosed],
};

/**
 * A zod schema as JSON Schema that can sit inside the document: no `$schema`, and any `$defs`
 * moved to components.schemas under `prefix` with their `$ref`s rewritten (the document's `#` is
 * not the schema's).
 */
function schemaOf(schema: z.ZodType, io: 'input' | 'output', prefix: string, components: Record<string, JsonSchemaObject>): JsonSchemaObject {
  const { $schema: _dialect, $defs, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchemaObject & {
    $defs?: Record<string, JsonSchemaObject>;
  };
  if (!$defs) return rest;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' && inner.startsWith('#/$defs/') ? `#/components/schemas/${prefix}_${inner.slice(8)}` : rewrite(inner)]),
    );
  };
  for (const [name, def] of Object.entries($defs)) components[`${prefix}_${name}`] = rewrite(def) as JsonSchemaObject;
  return rewrite(rest) as JsonSchemaObject;
}

/** An object schema's properties as query (or path) parameters. */
function parametersOf(schema: JsonSchemaObject, where: 'query' | 'path', only?: (name: string) => boolean): Array<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchemaObject>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties)
    .filter(([name]) => only === undefined || only(name))
    .map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      schema: property,
    }));
}

/** An object schema without some of its properties (path parameters). */
function without(schema: JsonSchemaObject, names: Set<string>): JsonSchemaObject {
  const properties = Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, unknown>).filter(([name]) => !names.has(name)));
  const required = ((schema.required ?? []) as string[]).filter((name) => !names.has(name));
  const { required: _all, ...rest } = schema;
  return { ...rest, properties, ...(required.length ? { required } : {}) };
}

const codeSchema = (codeForm: CodeForm, codes: readonly number[]) =>
  codeForm === 'zero' ? { type: 'integer', enum: [...codes] } : { type: 'string', enum: codes.map(String) };

const errorStatuses = (auth: boolean, idempotent: boolean) =>
  [ERROR_CODES.invalidInput, ...(auth ? [ERROR_CODES.sessionInvalid] : []), ERROR_CODES.notFound, ERROR_CODES.refused, ...(idempotent ? [IDEMPOTENCY_MISMATCH_CODE] : []), ERROR_CODES.tooMany, ERROR_CODES.internal, ERROR_CODES.unavailable];

function borrowerOperation(name: CallName, call: Call, components: Record<string, JsonSchemaObject>): OpenApiOperation {
  const r = call.route;
  const payload = schemaOf(call.payload, 'input', name, components);
  const parameters: Array<Record<string, unknown>> = [];
  if (r.method === 'GET') parameters.push(...parametersOf(payload, 'query'));
  for (const param of SESSION_PARAMS) {
    parameters.push({
      name: param,
      in: 'query',
      required: r.auth && param === 'sessionId',
      description: r.auth
        ? param === 'sessionId'
          ? 'The borrower\'s session (a page parameter).'
          : 'When sent, must be the session\'s borrower\'s (a page parameter).'
        : 'A page parameter the page carries; this call is public.',
      schema: { type: 'string' },
    });
  }
  parameters.push({ name: CURRENCY_PARAM, in: 'query', required: false, description: '`1`: amounts and dates the server writes are in rupees on the Asia/Kolkata calendar; otherwise pesos, Asia/Manila.', schema: { type: 'string' } });
  for (const [header, pageParam] of Object.entries(CLIENT_HEADERS[r.client])) {
    parameters.push({ name: header, in: 'header', required: false, description: `The page parameter ${pageParam} (empty when absent).`, schema: { type: 'string' } });
  }
  if (r.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: `One per borrower action, the same on a retry (docs/api.md). A duplicate while the first runs answers ${r.idempotent.duplicateCode}.`,
      schema: { type: 'string', pattern: '^[\\x20-\\x7e]{1,255}$' },
    });
  }

  let requestBody: Record<string, unknown> | undefined;
  if (r.body === 'form') requestBody = { required: true, content: { 'application/x-www-form-urlencoded': { schema: payload } } };
  if (r.body === 'multipart') {
    requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { [COMPLAINT_IMAGE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [COMPLAINT_IMAGE_FIELD] } } },
    };
  }

  const errorRef = { $ref: `#/components/responses/Error_${r.codeForm}` };
  const callCodes = [...(CALL_CODES[name] ?? [])];
  if (r.idempotent && !callCodes.includes(r.idempotent.duplicateCode) && r.idempotent.duplicateCode !== ERROR_CODES.refused) callCodes.push(r.idempotent.duplicateCode);
  let ok: Record<string, unknown>;
  if (r.responds === 'image') ok = { description: 'The image itself, not an envelope.', content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } } };
  else if (r.responds === 'pdf') ok = { description: 'The PDF itself (an attachment), not an envelope.', content: { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } } };
  else {
    const success = {
      type: 'object',
      properties: { code: { const: SUCCESS_CODE[r.codeForm] }, message: { type: 'string' }, data: schemaOf(call.answer, 'output', name, components) },
      required: ['code', 'message', 'data'],
    };
    const refusal = { type: 'object', properties: { code: codeSchema(r.codeForm, callCodes), message: { type: 'string' }, data: { type: 'null' } }, required: ['code', 'message', 'data'] };
    ok = {
      description: callCodes.length ? `Success, or one of this call's own refusals (code ${callCodes.join(', ')}, data null).` : 'Success.',
      content: { 'application/json': { schema: callCodes.length ? { oneOf: [success, refusal] } : success } },
    };
  }
  const responses: Record<string, unknown> = { '200': ok };
  for (const status of errorStatuses(r.auth, r.idempotent !== undefined)) responses[String(status)] = errorRef;

  return {
    operationId: name,
    summary: call.summary,
    tags: ['borrower'],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
    'x-success-family': r.codeForm,
  };
}

function staffOperation(name: string, call: StaffCall, components: Record<string, JsonSchemaObject>): OpenApiOperation {
  const r = call.route;
  const input = schemaOf(call.input, 'input', `staff_${name}`, components);
  const pathParams = new Set([...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!));
  const parameters = parametersOf(input, 'path', (p) => pathParams.has(p));
  for (const missing of pathParams) if (!parameters.some((p) => p.name === missing)) parameters.push({ name: missing, in: 'path', required: true, schema: { type: 'string' } });
  const rest = without(input, pathParams);
  let requestBody: Record<string, unknown> | undefined;
  if (r.method === 'GET') parameters.push(...parametersOf(rest, 'query'));
  else if (call === uploadImageCall) {
    requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', properties: { [STAFF_IMAGE_FIELD]: { type: 'string', contentMediaType: 'application/octet-stream' } }, required: [STAFF_IMAGE_FIELD] } } },
    };
  } else requestBody = { required: Object.keys((rest.properties ?? {}) as object).length > 0, content: { 'application/json': { schema: rest } } };

  const writes = r.method === 'POST';
  const security: Array<Record<string, string[]>> = r.access === 'public' ? [] : [writes ? { staffSession: [], staffCsrf: [] } : { staffSession: [] }];
  const statuses = [400, ...(r.access === 'public' ? [] : [401, 403]), 404, 409, 429, 500, 503];
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Success.',
      content: {
        'application/json': {
          schema: { type: 'object', properties: { code: { const: 0 }, message: { type: 'string' }, data: schemaOf(call.answer, 'output', `staff_${name}`, components) }, required: ['code', 'message', 'data'] },
        },
      },
    },
  };
  for (const status of statuses) responses[String(status)] = { $ref: '#/components/responses/StaffError' };
  const who = r.access === 'public' ? 'no session (signing in)' : r.access === 'session' ? 'any staff session' : `roles ${r.access.roles.join(', ')}`;
  return {
    operationId: `staff_${name}`,
    summary: call.summary,
    tags: ['staff'],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security,
    'x-staff-access': who,
    ...(r.audit ? { 'x-audit-action': r.audit } : {}),
  };
}

const errorEnvelope = (code: JsonSchemaObject) => ({
  type: 'object',
  properties: { code, message: { type: 'string', description: 'For the reader; a 5xx never says more than a fixed sentence.' }, data: { type: 'null' } },
  required: ['code', 'message', 'data'],
});

function add(paths: OpenApiDocument['paths'], path: string, method: string, operation: OpenApiOperation): void {
  const item = (paths[path] ??= {});
  if (item[method]) throw new Error(`Two calls on ${method.toUpperCase()} ${path}`);
  item[method] = operation;
}

/** The OpenAPI 3.1 document of every borrower call (ALL_CALLS) and every staff call (STAFF_CALLS). */
export function buildOpenApiDocument(): OpenApiDocument {
  const components: Record<string, JsonSchemaObject> = {};
  const paths: OpenApiDocument['paths'] = {};
  for (const [name, call] of Object.entries(ALL_CALLS) as Array<[CallName, Call]>) {
    add(paths, callUrlPath(call.route), call.route.method.toLowerCase(), borrowerOperation(name, call, components));
  }
  for (const [name, call] of Object.entries(STAFF_CALLS) as Array<[string, StaffCall]>) {
    add(paths, `${STAFF_API_BASE}${call.route.path.replace(/:(\w+)/g, '{$1}')}`, call.route.method.toLowerCase(), staffOperation(name, call, components));
  }
  const statusCodes = Object.values(ERROR_CODES) as number[];
  const allCodes = [...statusCodes, IDEMPOTENCY_MISMATCH_CODE];
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Lender API',
      version: '1.0.0',
      description: [
        'Generated from the contract (packages/contract/src, packages/contract/src/openapi.ts); docs/api.md is the same contract in prose, with worked examples.',
        '',
        `Borrower calls: "product" calls under ${API_BASE}, the repayment-by-card and promotion calls at the root. Every call carries the session page parameters (${SESSION_PARAMS.join(', ')}) and \`${CURRENCY_PARAM}\` in its query; a POST sends its payload form-encoded, a GET in the query, the complaint image upload as multipart. Every answer but the captcha image and the record PDF is the envelope {code, message, data}: success is the number 0 (code form zero) or the string "00" (code form doubleZero; x-success-family names the code form); a failure has data null and a code that is also its HTTP status (a string in the doubleZero code form). Call-specific refusals (${Object.entries(CALL_ERROR_CODES).map(([k, v]) => `${v} ${k}`).join(', ')}) are answered with HTTP 200.`,
        '',
        `Staff calls (${STAFF_API_BASE}): the ${STAFF_SESSION_COOKIE} cookie session; a write also sends the session's CSRF token in ${STAFF_CSRF_HEADER} and a JSON body; {code, message, data} with code 0 on success, else the HTTP status.`,
      ].join('\n'),
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'borrower', description: 'The H5 pages\' calls (docs/api.md).' },
      { name: 'staff', description: `The staff back office's API under ${STAFF_API_BASE} (docs/backoffice.md).` },
    ],
    paths,
    components: {
      schemas: {
        ...components,
        Error_zero: errorEnvelope({ type: 'integer', enum: allCodes }),
        Error_doubleZero: errorEnvelope({ type: 'string', enum: allCodes.map(String) }),
        StaffError: errorEnvelope({ type: 'integer', description: 'The HTTP status.' }),
      },
      responses: {
        Error_zero: { description: 'A failure: the code is the HTTP status (code form zero, a number).', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error_zero' } } } },
        Error_doubleZero: {
          description: 'A failure: the code is the HTTP status (code form doubleZero, a string).',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error_doubleZero' } } },
        },
        StaffError: {
          description: '401 no session; 403 a role, stage or CSRF refusal; 400, 404, 409 as the message says.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/StaffError' } } },
        },
      },
      securitySchemes: {
        staffSession: { type: 'apiKey', in: 'cookie', name: STAFF_SESSION_COOKIE, description: 'HttpOnly, SameSite=Strict, set by signing in.' },
        staffCsrf: { type: 'apiKey', in: 'header', name: STAFF_CSRF_HEADER, description: "The session's CSRF token; every write sends it." },
      },
    },
  };
}
