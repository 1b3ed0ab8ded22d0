/** Server-side entry: routes, schemas and calls. The web imports './common' and './routes' only. */
export * from './common.ts';
export * from './routes.ts';
export * from './schema.ts';
export * from './personal-center.ts';
export * from './all-calls.ts';
