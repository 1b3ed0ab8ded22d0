/**
 * Fastify's own schema compilers (ajv for validation, fast-json-stringify for serialization),
 * loaded the first time a route declares a schema instead of when the app is built. No route here
 * declares one (payloads are checked against the contract's zod schemas in mount.ts), so a start
 * no longer loads ajv, ajv-formats and fast-json-stringify: a few hundred ms of a cold start.
 *
 * The factories are Fastify's defaults, only deferred. The one difference: Fastify treats compilers
 * handed in as "custom" and then leaves a route's `headers` schema keys as written instead of
 * lower-casing them; a route that ever adds a headers schema should write its keys in lower case.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

/** Resolves the compilers where Fastify itself would find them. */
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));

/** The factory load() makes, made on the first call, not before. */
function deferred<F extends (...args: never[]) => unknown>(load: () => F): F {
  let factory: F | undefined;
  return ((...args: Parameters<F>) => (factory ??= load())(...args)) as F;
}

export const lazySchemaCompilers: CompilersFactory = {
  buildValidator: deferred(() => (requireFromFastify('@fastify/ajv-compiler') as () => ValidatorFactory)()),
  buildSerializer: deferred(() => (requireFromFastify('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)()),
};
