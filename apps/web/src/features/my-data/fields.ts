/** The fields a correction may name, with their titles, in the contract's order (routes/my-data-values.ts: only /myData carries them). */
import { CORRECTABLE_FIELD_TITLES, CORRECTABLE_FIELDS } from '@cashloan/contract/routes/my-data-values';

export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export const FIELD_TITLES = CORRECTABLE_FIELD_TITLES;
export const FIELDS: readonly CorrectableField[] = CORRECTABLE_FIELDS;
