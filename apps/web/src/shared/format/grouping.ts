/** The spec's digit grouping (section 1): a dot every 3 digits, 1234567 → '1.234.567'. */

/**
 * Groups an integer's digits with a dot every 3 digits, keeping its sign: -1234 → '-1.234'.
 * Only whole numbers are grouped (a dot is the group mark here, so grouping a decimal would be
 * ambiguous): any other value is returned unchanged as text, and null/undefined as ''.
 */
export function groupDigits(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return String(value);
  const text = String(value).trim();
  const match = /^([+-]?)(\d+)$/.exec(text);
  if (!match) return String(value);
  const digits = match[2]!.replace(/^0+(?=\d)/, '');
  const sign = match[1] === '-' && digits !== '0' ? '-' : '';
  return sign + digits.replace(/\B(?=(\d{3})+$)/g, '.');
}
