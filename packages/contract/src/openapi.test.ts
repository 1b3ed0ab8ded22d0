import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ALL_CALLS } from './all-calls.ts';
import { callUrlPath, SESSION_PARAMS } from './common.ts';
import { buildOpenApiDocument, type OpenApiOperation } from './openapi.ts';
import { STAFF_API_BASE } from './staff/common.ts';
import { STAFF_CALLS } from './staff/all-calls.ts';

const doc = buildOpenApiDocument();
const operations = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op: op as OpenApiOperation })));
const find = (operationId: string) => operations.find((o) => o.op.operationId === operationId)!;

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1, its references resolved', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Parameters<Validator['validate']>[0]);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // Every $ref points at something in the document.
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/(\w+)\/(\w+)"/g)];
    expect(refs.length).toBeGreaterThan(0);
    for (const [, kind, name] of refs) expect((doc.components as Record<string, Record<string, unknown>>)[kind!]?.[name!], `${kind}/${name}`).toBeDefined();
  });

  it('has one operation for every borrower call and every staff call, at its method and path', () => {
    const borrower = Object.entries(ALL_CALLS);
    const staff = Object.entries(STAFF_CALLS);
    expect(borrower).toHaveLength(54);
    expect(staff).toHaveLength(66);
    expect(operations).toHaveLength(borrower.length + staff.length);
    for (const [name, call] of borrower) {
      expect(find(name), name).toMatchObject({ path: callUrlPath(call.route), method: call.route.method.toLowerCase() });
    }
    for (const [name, call] of staff) {
      expect(find(`staff_${name}`), name).toMatchObject({ path: `${STAFF_API_BASE}${call.route.path.replace(/:(\w+)/g, '{$1}')}`, method: call.route.method.toLowerCase() });
    }
  });

  it('says how each payload travels: a form body, the query, multipart, JSON', () => {
    const names = (op: OpenApiOperation, where: string) => (op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name);
    for (const [name, call] of Object.entries(ALL_CALLS)) {
      const { op } = find(name);
      expect(names(op, 'query'), name).toEqual(expect.arrayContaining([...SESSION_PARAMS, 'real']));
      expect((op.parameters ?? []).find((p) => p.name === 'sessionId')?.required, name).toBe(call.route.auth);
      const content = Object.keys((op.requestBody?.content ?? {}) as object);
      if (call.route.body === 'form') expect(content, name).toEqual(['application/x-www-form-urlencoded']);
      if (call.route.body === 'multipart') expect(content, name).toEqual(['multipart/form-data']);
      if (call.route.body === 'none') expect(op.requestBody, name).toBeUndefined();
    }
    // A GET's payload fields are query parameters.
    const get = Object.entries(ALL_CALLS).find(([, call]) => call.route.method === 'GET' && call.route.responds === 'envelope');
    if (get) expect(names(find(get[0]).op, 'query').length).toBeGreaterThan(SESSION_PARAMS.length + 1);
    expect(Object.keys(find('staff_signInCall').op.requestBody!.content as object)).toEqual(['application/json']);
    expect(Object.keys(find('staff_uploadImageCall').op.requestBody!.content as object)).toEqual(['multipart/form-data']);
    expect(find('staff_getOrderCall').op.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]));
    expect(find('staff_postPaymentCall').op.security).toEqual([{ staffSession: [], staffCsrf: [] }]);
  });

  it('answers the envelope with the call\'s data schema, and the error codes', () => {
    const { op } = find('loanDetailsCall');
    const schema = (op.responses['200'] as { content: Record<string, { schema: { properties: Record<string, unknown> } }> }).content['application/json']!.schema;
    expect(schema.properties.code).toEqual({ const: 0 });
    expect(schema.properties.data).toMatchObject({ type: 'object' });
    expect(op.responses['401']).toEqual({ $ref: '#/components/responses/Error_zero' });
    expect(Object.keys(find('getCaptchaCall').op.responses['200'] as object)).toContain('content');
    expect(JSON.stringify(find('repaymentConfirmCall').op.responses['200'])).toContain('800006');
  });
});
