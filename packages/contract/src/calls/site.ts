/** The site calls: each route of routes/site.ts with its schemas of site.ts and one line on what it does. */
import { defineCall } from '../schema.ts';
import { siteConfigRoute } from '../routes/site.ts';
import { siteConfig } from '../site.ts';

export const siteConfigCall = defineCall(
  siteConfigRoute,
  siteConfig,
  'The public site configuration (brand, theme, company disclosures, grievance contact) and the loan-terms figures (chosen here; not in the spec).',
);
