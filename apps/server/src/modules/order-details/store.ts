/** SQL of the order-details family: recommended products, tracking events and the app rating. */
import { cachedRead } from '../../platform/db/cached-read.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import type { ColumnPart } from '../../platform/db/column-part.ts';

/** A recommendation as stored: the product it is about and its texts (name, logo and activity are the product's). */
export interface RecommendationRow {
  productId: number;
  rangeText: string;
  rangeDesc: string;
  rate: string;
  description: string;
  tags: string[];
}

/** Active recommendations in display order. */
export async function listRecommendationRows(db: Queryable): Promise<RecommendationRow[]> {
  const { rows } = await db.query<{
    product_id: number;
    range_text: string;
    range_desc: string;
    rate: string;
    description: string;
    tags: unknown;
  }>(`SELECT product_id, range_text, range_desc, rate, description, tags FROM product_recommendations WHERE active ORDER BY sort, product_id`);
  return rows.map((r) => ({
    productId: Number(r.product_id),
    rangeText: r.range_text,
    rangeDesc: r.range_desc,
    rate: r.rate,
    description: r.description,
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
  }));
}

/** The active recommendations as this process keeps them (platform/db/cached-read.ts: a change is seen within a second). */
const keptRecommendations = cachedRead('product_recommendations', listRecommendationRows);
export const activeRecommendations = (db: Db): Promise<RecommendationRow[]> => keptRecommendations.get(db);

export interface NewRecommendation {
  productId: number;
  rangeText: string;
  rangeDesc: string;
  rate: string;
  description: string;
  tags: string[];
  sort: number;
}

export async function insertRecommendation(db: Queryable, r: NewRecommendation): Promise<void> {
  await db.query(
    `INSERT INTO product_recommendations (product_id, range_text, range_desc, rate, description, tags, sort)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7)
     ON CONFLICT (product_id) DO NOTHING`,
    [r.productId, r.rangeText, r.rangeDesc, r.rate, r.description, JSON.stringify(r.tags), r.sort],
  );
}

/** Kinds of tracking_events rows this family writes. */
export const EVENT_KIND = {
  /** A tracking event of event/save or goya because: { moduleId, productId, positionId }. */
  event: 'event',
  /** The borrower rated the app (google-score): { score }. */
  appRating: 'app_rating',
} as const;

export async function insertTrackingEvent(
  db: Queryable,
  e: { borrowerId: number; kind: (typeof EVENT_KIND)[keyof typeof EVENT_KIND]; data: Record<string, string>; now: Date },
): Promise<void> {
  await db.query(`INSERT INTO tracking_events (borrower_id, kind, data, created_at) VALUES ($1, $2, $3::jsonb, $4)`, [
    e.borrowerId,
    e.kind,
    JSON.stringify(e.data),
    e.now,
  ]);
}

/**
 * Whether the borrower of the order `alias` has rated the app, as a part of the order's own
 * statement; looked up only for an order that asks for a rating (is_score '1'), false otherwise.
 */
export const ratedAppPart: ColumnPart<boolean> = {
  sql: (alias) =>
    `CASE WHEN ${alias}.is_score = '1' THEN EXISTS (SELECT 1 FROM tracking_events t WHERE t.borrower_id = ${alias}.borrower_id AND t.kind = '${EVENT_KIND.appRating}') ELSE false END`,
  read: (value) => value === true,
};


/** The borrower's tracking events, oldest first ("My data", issue 39). */
export async function listTrackingEvents(db: Queryable, borrowerId: number): Promise<Array<{ kind: string; data: Record<string, string>; createdAt: Date }>> {
  const { rows } = await db.query<{ kind: string; data: Record<string, string>; created_at: Date }>(
    'SELECT kind, data, created_at FROM tracking_events WHERE borrower_id = $1 ORDER BY created_at, id',
    [borrowerId],
  );
  return rows.map((r) => ({ kind: r.kind, data: r.data, createdAt: r.created_at }));
}

/** The erasure run's part (issue 39): the borrower's tracking events and app rating are deleted (no law keeps them). */
export async function deleteTrackingEvents(tx: Queryable, borrowerId: number): Promise<number> {
  return (await tx.query('DELETE FROM tracking_events WHERE borrower_id = $1 RETURNING id', [borrowerId])).rows.length;
}
