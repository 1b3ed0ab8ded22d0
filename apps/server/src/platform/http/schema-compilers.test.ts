import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './schema-compilers.ts';

describe('the deferred Fastify schema compilers', () => {
  it('still validate and serialize a route that declares a schema', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 1 } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (request) => ({ n: (request.body as { n: number }).n, secret: 'not in the schema' }),
    );
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } });
    expect(ok.statusCode).toBe(200);
    // fast-json-stringify writes only what the response schema names.
    expect(ok.json()).toEqual({ n: 2 });
    const refused = await app.inject({ method: 'POST', url: '/echo', payload: { n: 0 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('must be >= 1');
    await app.close();
  });
});
