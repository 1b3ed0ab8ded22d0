/** Server-side entry: routes, schemas and calls. The web imports './common' and './routes' only. */
export * from './common.ts';
export * from './routes.ts';
export * from './schema.ts';
export * from './bind-card.ts';
export * from './card-repayment.ts';
export * from './complaints.ts';
export * from './contracts.ts';
export * from './goya.ts';
export * from './loan-confirm.ts';
export * from './loan-details.ts';
export * from './personal-center.ts';
export * from './promotion.ts';
export * from './repayment-info.ts';
export * from './site.ts';
export * from './tracking.ts';
export * from './all-calls.ts';
