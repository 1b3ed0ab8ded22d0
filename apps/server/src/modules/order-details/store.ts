/** SQL of the order-details family: recommended products, tracking events and the app rating. */
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';

export interface RecommendationRow {
  productId: number;
  name: string;
  logo: string;
  rangeText: string;
  rangeDesc: string;
  rate: string;
  description: string;
  tags: string[];
  /** The borrower already has a loan of this product that is not finished (in review, disbursing or repaying). */
  hasOpenOrder: boolean;
}

/** Statuses of an order that is still running: a second loan of the same product is not offered then. */
const OPEN_STATUSES = [ORDER_STATUS.inReview, ORDER_STATUS.disbursing, ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

/** Active recommendations of active products in display order, each with whether this borrower has a running loan of it. */
export async function listRecommendations(db: Queryable, borrowerId: number): Promise<RecommendationRow[]> {
  const { rows } = await db.query<{
    product_id: number;
    name: string;
    logo: string;
    range_text: string;
    range_desc: string;
    rate: string;
    description: string;
    tags: unknown;
    has_open_order: boolean;
  }>(
    `SELECT r.product_id, p.name, p.logo, r.range_text, r.range_desc, r.rate, r.description, r.tags,
            EXISTS (SELECT 1 FROM orders o WHERE o.borrower_id = $1 AND o.product_id = r.product_id AND o.status = ANY($2::int[])) AS has_open_order
       FROM product_recommendations r JOIN products p ON p.id = r.product_id
      WHERE r.active AND p.active
      ORDER BY r.sort, r.product_id`,
    [borrowerId, OPEN_STATUSES],
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    name: r.name,
    logo: r.logo,
    rangeText: r.range_text,
    rangeDesc: r.range_desc,
    rate: r.rate,
    description: r.description,
    tags: Array.isArray(r.tags) ? r.tags.filter((t): t is string => typeof t === 'string') : [],
    hasOpenOrder: r.has_open_order,
  }));
}

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

export async function hasRatedApp(db: Queryable, borrowerId: number): Promise<boolean> {
  const { rows } = await db.query<{ found: number }>(`SELECT 1 AS found FROM tracking_events WHERE borrower_id = $1 AND kind = $2 LIMIT 1`, [
    borrowerId,
    EVENT_KIND.appRating,
  ]);
  return rows.length > 0;
}
