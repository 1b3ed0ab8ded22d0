/** Every call of spec section 7 with its schemas, for code that must enumerate them (server tests, docs). */
import type { Call } from './schema.ts';
import { contactKfInfoCall } from './personal-center.ts';

export const ALL_CALLS: Record<string, Call> = {
  contactKfInfoCall,
};
