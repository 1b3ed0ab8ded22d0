/**
 * Every route of spec section 7, in one zod-free table: the only place a path is written.
 * The routes live in routes/<family>.ts and the other values in routes/values.ts; this file re-exports
 * them all. The web imports those files (its bundle carries no schema code, and a page carries only the
 * routes it calls); the payload and answer types come from the family files by type-only imports.
 *
 * Where the spec says "verb not shown" the call is a POST with a form-encoded body, like every
 * other POST of the product.
 */
export * from './routes/values.ts';
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
