/** SQL of the catalogue's products (the orders room: every order is of a product). */
import { cachedRead } from '../../platform/db/cached-read.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';

export interface ProductRow {
  id: number;
  name: string;
  logo: string;
  rateDesc: string;
  amountMinor: number;
  termDays: number;
  periods: number;
  interestBp: number;
  serviceFeeBp: number;
  rolloverFeeBp: number;
  sort: number;
  active: boolean;
}

interface ProductDb {
  id: number;
  name: string;
  logo: string;
  rate_desc: string;
  amount_minor: number;
  term_days: number;
  periods: number;
  interest_bp: number;
  service_fee_bp: number;
  rollover_fee_bp: number;
  sort: number;
  active: boolean;
}
const toProduct = (r: ProductDb): ProductRow => ({
  id: Number(r.id),
  name: r.name,
  logo: r.logo,
  rateDesc: r.rate_desc,
  amountMinor: Number(r.amount_minor),
  termDays: r.term_days,
  periods: r.periods,
  interestBp: r.interest_bp,
  serviceFeeBp: r.service_fee_bp,
  rolloverFeeBp: r.rollover_fee_bp,
  sort: r.sort,
  active: r.active,
});

export async function findProduct(db: Queryable, id: number): Promise<ProductRow | null> {
  const { rows } = await db.query<ProductDb>('SELECT * FROM products WHERE id = $1', [id]);
  return rows[0] ? toProduct(rows[0]) : null;
}

/** Active products in display order (the first is the default product). */
export async function listActiveProducts(db: Queryable): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductDb>('SELECT * FROM products WHERE active ORDER BY sort, id');
  return rows.map(toProduct);
}


/** Every product, active or not, in display order (the back office's settings). */
export async function listProducts(db: Queryable): Promise<ProductRow[]> {
  const { rows } = await db.query<ProductDb>('SELECT * FROM products ORDER BY sort, id');
  return rows.map(toProduct);
}

/** Every product in display order as this process keeps it (platform/db/cached-read.ts: a change is seen within a second). */
const catalogue = cachedRead('products', listProducts);
export const catalogueProducts = (db: Db): Promise<ProductRow[]> => catalogue.get(db);

/** A product of the kept catalogue, active or not; null when there is none of that id. */
export async function catalogueProduct(db: Db, id: number): Promise<ProductRow | null> {
  return (await catalogue.get(db)).find((p) => p.id === id) ?? null;
}

export async function productExists(db: Queryable, productId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM products WHERE id = $1', [productId]);
  return rows.length > 0;
}

export async function hasProducts(db: Queryable): Promise<boolean> {
  return (await db.query('SELECT 1 FROM products LIMIT 1')).rows.length > 0;
}

/** A product of the catalogue (the demo seed); answers its id. */
export async function insertProduct(
  db: Queryable,
  p: { name: string; logo: string; rateDesc: string; amountMinor: number; termDays: number; periods: number; interestBp: number; serviceFeeBp: number; rolloverFeeBp: number; sort: number },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO products (name, logo, rate_desc, amount_minor, term_days, periods, interest_bp, service_fee_bp, rollover_fee_bp, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [p.name, p.logo, p.rateDesc, p.amountMinor, p.termDays, p.periods, p.interestBp, p.serviceFeeBp, p.rolloverFeeBp, p.sort],
  );
  return Number(rows[0]!.id);
}
