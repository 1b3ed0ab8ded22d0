/**
 * Every route of spec section 7, in one zod-free table: the only place a path is written.
 * The routes live in routes/<family>.ts and the other values in routes/values.ts; this file re-exports
 * them all for the server. The web imports those files themselves (its bundle carries no schema code,
 * and a page carries only the routes it calls).
 *
 * A call of an API family is written in three pieces, each once, and the imports between them go one
 * way only, so there is no import cycle in the contract, not even of types (lint refuses one):
 *
 * - routes/<family>.ts: the route (method, path, base, code form, client, body, auth, responds,
 *   idempotent), zod-free; its payload and answer types come from `import type * as family from
 *   '../<family>.ts'` (`route<typeof family.someCall>(…)`), so the web gets a typed route and no zod.
 * - <family>.ts: the call's zod schemas and the types inferred from them. It imports no route: what it
 *   shares with the routes (fixed values, limits) sits in routes/values.ts (the landing's phone rules in
 *   routes/landing.ts, so that only the landing's pages carry them).
 * - calls/<family>.ts: the Call, `defineCall(route, schemas, summary)`, the one place that imports both;
 *   defineCall refuses a route typed from other schemas. all-calls.ts lists them for the server and docs.
 *
 * calls/<family>.ts → routes/<family>.ts ⇢ (types only) <family>.ts → schema.ts, routes/values.ts, common.ts.
 *
 * Where the spec says "verb not shown" the call is a POST with a form-encoded body, like every
 * other POST of the product.
 */
export * from './routes/values.ts';
export * from './routes/landing.ts';
export * from './routes/bind-bank.ts';
export * from './routes/complaints.ts';
export * from './routes/customer-service.ts';
export * from './routes/repayment.ts';
export * from './routes/promotion.ts';
export * from './routes/order-details.ts';
export * from './routes/loan-confirmation.ts';
export * from './routes/site.ts';
export * from './routes/records.ts';
export * from './routes/cancel-loan.ts';
export * from './routes/my-data.ts';
export * from './routes/my-data-values.ts';
export * from './routes/my-data-consent-values.ts';
