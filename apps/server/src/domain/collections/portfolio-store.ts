/** SQL of the nightly buckets (collection_buckets, migration 039), which the portfolio's history reads. */
import type { Queryable } from '../../platform/db/client.ts';

export interface BucketRow {
  /** YYYY-MM-DD: the lender day whose end the row records. */
  day: string;
  orderId: number;
  currency: string;
  daysPastDue: number;
  bucket: string;
  outstandingPrincipalMinor: number;
}

interface BucketDb {
  day: string;
  order_id: string;
  currency: string;
  days_past_due: number;
  bucket: string;
  outstanding_principal_minor: string;
}

const toBucket = (r: BucketDb): BucketRow => ({
  day: r.day,
  orderId: Number(r.order_id),
  currency: r.currency,
  daysPastDue: Number(r.days_past_due),
  bucket: r.bucket,
  outstandingPrincipalMinor: Number(r.outstanding_principal_minor),
});

const COLUMNS = `to_char(b.day, 'YYYY-MM-DD') AS day, b.order_id, b.currency, b.days_past_due, b.bucket, b.outstanding_principal_minor`;

/** Writes the rows not written before (one per day and order); how many were new. */
export async function insertBuckets(db: Queryable, rows: readonly BucketRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const { rows: inserted } = await db.query<{ order_id: string }>(
    `INSERT INTO collection_buckets (day, order_id, currency, days_past_due, bucket, outstanding_principal_minor)
     SELECT * FROM unnest($1::date[], $2::bigint[], $3::text[], $4::int[], $5::text[], $6::bigint[])
     ON CONFLICT (day, order_id) DO NOTHING
     RETURNING order_id`,
    [
      rows.map((r) => r.day),
      rows.map((r) => r.orderId),
      rows.map((r) => r.currency),
      rows.map((r) => r.daysPastDue),
      rows.map((r) => r.bucket),
      rows.map((r) => r.outstandingPrincipalMinor),
    ],
  );
  return inserted.length;
}

/** The rows of a currency on these days. */
export async function bucketsOnDays(db: Queryable, currency: string, days: readonly string[]): Promise<BucketRow[]> {
  if (days.length === 0) return [];
  const { rows } = await db.query<BucketDb>(`SELECT ${COLUMNS} FROM collection_buckets b WHERE b.currency = $1 AND b.day = ANY($2::date[]) ORDER BY b.day, b.order_id`, [
    currency,
    [...new Set(days)],
  ]);
  return rows.map(toBucket);
}

/** The latest day from `after` (excluded) to `through` (included) with a row of the currency, or null. */
export async function latestBucketDay(db: Queryable, currency: string, after: string, through: string): Promise<string | null> {
  const { rows } = await db.query<{ day: string | null }>(
    `SELECT to_char(max(day), 'YYYY-MM-DD') AS day FROM collection_buckets WHERE currency = $1 AND day > $2::date AND day <= $3::date`,
    [currency, after, through],
  );
  return rows[0]?.day ?? null;
}

/** The rows of a currency for these (day, order) pairs, where there is one. */
export async function bucketsOf(db: Queryable, currency: string, keys: ReadonlyArray<{ day: string; orderId: number }>): Promise<BucketRow[]> {
  const unique = [...new Map(keys.map((k) => [`${k.day}/${k.orderId}`, k])).values()];
  if (unique.length === 0) return [];
  const { rows } = await db.query<BucketDb>(
    `SELECT ${COLUMNS} FROM collection_buckets b
       JOIN unnest($2::date[], $3::bigint[]) AS k (day, order_id) ON k.day = b.day AND k.order_id = b.order_id
      WHERE b.currency = $1`,
    [currency, unique.map((k) => k.day), unique.map((k) => k.orderId)],
  );
  return rows.map(toBucket);
}
