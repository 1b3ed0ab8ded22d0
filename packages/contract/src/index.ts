/** Server-side entry: routes, schemas and calls. The web imports './common' and './routes' only. */
export * from './common.ts';
export * from './routes.ts';
export * from './schema.ts';
export * from './bind-bank.ts';
export * from './complaints.ts';
export * from './customer-service.ts';
export * from './loan-confirmation.ts';
export * from './order-details.ts';
export * from './promotion.ts';
export * from './repayment.ts';
export * from './site.ts';
export * from './all-calls.ts';
export * from './ops.ts';
