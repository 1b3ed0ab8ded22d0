/**
 * A scalar SQL expression one room lends to a statement of another about the same row, so that a
 * call reads what it needs in one round trip while each table's SQL stays in its own room's store:
 * the orders room reads an order, and the payments room adds "has a pay code pending" to that very
 * statement (issue 42). `sql` gets the alias of the row's table and must not take parameters;
 * `read` turns the value the driver gives back into the room's own type.
 */
export interface ColumnPart<T> {
  sql(alias: string): string;
  read(value: unknown): T;
}

/** The values of a set of parts, by the names they were given. */
export type PartValues<P extends Record<string, ColumnPart<unknown>>> = { [K in keyof P]: ReturnType<P[K]['read']> };

/**
 * `expression AS part_name, …` for a SELECT list (names are code, never input). Written once per
 * set of parts and alias: a caller that keeps its parts in a constant builds no SQL per request.
 */
export function partColumns(parts: Record<string, ColumnPart<unknown>>, alias: string): string {
  let byAlias = writtenColumns.get(parts);
  if (!byAlias) writtenColumns.set(parts, (byAlias = new Map()));
  let text = byAlias.get(alias);
  if (text === undefined) {
    text = Object.entries(parts)
      .map(([name, part]) => {
        if (!/^\w+$/.test(name)) throw new Error(`column part name ${name} is not a plain identifier`);
        return `, (${part.sql(alias)}) AS "part_${name}"`;
      })
      .join('');
    byAlias.set(alias, text);
  }
  return text;
}
const writtenColumns = new WeakMap<object, Map<string, string>>();

/** The parts' values from a row that selected partColumns. */
export function readParts<P extends Record<string, ColumnPart<unknown>>>(parts: P, row: Record<string, unknown>): PartValues<P> {
  const values = {} as Record<string, unknown>;
  for (const [name, part] of Object.entries(parts)) values[name] = part.read(row[`part_${name}`]);
  return values as PartValues<P>;
}

/** A timestamp as json_build_object / row_to_json write it (ISO 8601), or as the driver already parsed it. */
export const jsonDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
