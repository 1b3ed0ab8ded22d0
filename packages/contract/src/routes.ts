/**
 * Every route of spec section 7, in one zod-free table: the only place a path is written.
 * The web imports routes from here (its bundle carries no schema code); the payload and answer
 * types come from the family files by type-only imports.
 */
import { route } from './common.ts';
import type * as personalCenter from './personal-center.ts';

// ---- constants the spec fixes for particular calls (section 9) -----------------------------------
/** The fixed `overall` value the customer-service page sends. */
export const CONTACT_INFO_OVERALL = '30';

// ---- personal center ---------------------------------------------------------------------------
export const contactKfInfoRoute = route<typeof personalCenter.contactKfInfo>({
  method: 'POST',
  path: '/v3/personal-center/contact-kf-info',
  family: 'zero',
});
