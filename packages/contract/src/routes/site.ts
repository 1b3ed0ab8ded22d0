import { route } from '../common.ts';
import type * as site from '../site.ts';

// ---- official site (/, /pluralityCounting, /maySimilar); public --------------------------------------
/**
 * The site's configuration and the loan-terms figures. Not in the spec's section 7 (chosen here):
 * public, so the official site and its pages open without a borrower session.
 */
export const siteConfigRoute = route<typeof site.siteConfig>({ method: 'GET', path: '/v3/site/config', codeForm: 'zero', auth: false });
