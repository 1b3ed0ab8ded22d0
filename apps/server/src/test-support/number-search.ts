/**
 * Looks for card and account numbers where they must not be: every column of every table of the
 * database (listed from information_schema.columns), and every file of a PGlite data directory
 * (tables, WAL, everything). A number counts as found written whole, grouped (spaces, dashes, any
 * grouping: the digits of a value are compared with separators removed) or split over a value.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Queryable } from '../platform/db/client.ts';

export interface NumberFound {
  where: string;
  number: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The written forms of a number: whole, in fours from the start and from the end, 3-4-4 for a phone; with spaces and dashes. */
export function writtenForms(number: string): string[] {
  const fours = (digits: string, fromEnd: boolean) => {
    const groups: string[] = [];
    if (fromEnd) for (let end = digits.length; end > 0; end -= 4) groups.unshift(digits.slice(Math.max(0, end - 4), end));
    else for (let start = 0; start < digits.length; start += 4) groups.push(digits.slice(start, start + 4));
    return groups;
  };
  const groupings = [fours(number, false), fours(number, true)];
  if (number.length === 11) groupings.push([number.slice(0, 3), number.slice(3, 7), number.slice(7)]);
  return [...new Set([number, ...groupings.flatMap((g) => [g.join(' '), g.join('-')])])];
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Every column of every table in the current schema, any type (bytea read as its bytes), searched for the numbers. */
export async function findNumbersInDatabase(db: Queryable, numbers: string[]): Promise<{ found: NumberFound[]; tables: number; columns: number }> {
  const { rows: columns } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema()
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const found: NumberFound[] = [];
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const value = type === 'bytea' ? `encode(${quote(column)}, 'escape')` : `${quote(column)}::text`;
    const { rows } = await db.query<{ v: string }>(`SELECT ${value} AS v FROM ${quote(table)} WHERE ${quote(column)} IS NOT NULL`);
    for (const number of numbers) {
      if (rows.some((r) => digitsOf(r.v).includes(number))) found.push({ where: `${table}.${column}`, number });
    }
  }
  return { found, tables: new Set(columns.map((c) => c.table_name)).size, columns: columns.length };
}

/** Every file under a directory, read as bytes, searched for the texts; `where` is the file. */
export function findTextInFiles(dir: string, texts: string[]): { found: Array<NumberFound & { text: string }>; files: number; bytes: number } {
  const found: Array<NumberFound & { text: string }> = [];
  let files = 0;
  let bytes = 0;
  const visit = (path: string) => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry));
      return;
    }
    const content = readFileSync(path);
    files += 1;
    bytes += content.length;
    for (const text of texts) if (content.includes(text)) found.push({ where: relative(dir, path), number: text, text });
  };
  visit(dir);
  return { found, files, bytes };
}

/** The written forms of the numbers in every file under a directory; `number` is the number a found form belongs to. */
export function findNumbersInFiles(dir: string, numbers: string[]): { found: NumberFound[]; files: number; bytes: number } {
  const formOf = new Map(numbers.flatMap((n) => writtenForms(n).map((form): [string, string] => [form, n])));
  const scan = findTextInFiles(dir, [...formOf.keys()]);
  return { ...scan, found: scan.found.map((f) => ({ where: `${f.where} (${JSON.stringify(f.text)})`, number: formOf.get(f.text)! })) };
}
