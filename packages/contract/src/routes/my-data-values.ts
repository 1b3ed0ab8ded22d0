/** What the request form of /myData offers (its own file: only /myData carries these values, not every route's shell). */
export const DATA_REQUEST_KINDS = ['correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
/** The fields of the borrower's profile a correction may name. */
export const CORRECTABLE_FIELDS = ['name', 'mobilePhone', 'bankAccount', 'other'] as const;
export const CORRECTABLE_FIELD_TITLES: Record<(typeof CORRECTABLE_FIELDS)[number], string> = {
  name: 'Name',
  mobilePhone: 'Mobile phone',
  bankAccount: 'Bound bank account',
  other: 'Something else',
};
