/** SQL of the loan-confirmation family: loan offers, the orders they became, and the agreements. */
import { DEFAULT_LANG, type Lang } from '@cashloan/contract/i18n';
import { cachedLookup } from '../../platform/db/cached-read.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';
import { partColumns, readParts, type ColumnPart, type PartValues } from '../../platform/db/column-part.ts';
import type { OfferTerms } from '../../loan-terms/disclosure.ts';

export interface OfferRow extends OfferTerms {
  id: number;
  borrowerId: number;
  productId: number;
  /** The order the offer became; null while it waits to be pushed. */
  orderId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

interface OfferDb {
  id: number;
  borrower_id: number;
  product_id: number;
  principal_minor: number;
  term_days: number;
  periods: number;
  interest_bp: number;
  service_fee_bp: number;
  order_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const toOffer = (r: OfferDb): OfferRow => ({
  id: Number(r.id),
  borrowerId: Number(r.borrower_id),
  productId: Number(r.product_id),
  principalMinor: Number(r.principal_minor),
  termDays: r.term_days,
  periods: r.periods,
  interestBp: r.interest_bp,
  serviceFeeBp: r.service_fee_bp,
  orderId: r.order_id === null ? null : Number(r.order_id),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/**
 * Holds the borrower's row until the transaction ends, so that one borrower's offers and pushes are
 * decided one at a time on PostgreSQL (PGlite runs one transaction at a time anyway).
 */
/** The borrower's newest offer for the product, pushed or not. */
export async function latestOffer(db: Queryable, borrowerId: number, productId: number): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferDb>('SELECT * FROM loan_offers WHERE borrower_id = $1 AND product_id = $2 ORDER BY id DESC LIMIT 1', [
    borrowerId,
    productId,
  ]);
  return rows[0] ? toOffer(rows[0]) : null;
}

/** latestOffer with what other rooms lend to its statement (the order it became), in one round trip. */
export async function latestOfferWith<P extends Record<string, ColumnPart<unknown>>>(
  db: Queryable,
  borrowerId: number,
  productId: number,
  parts: P,
): Promise<{ offer: OfferRow; parts: PartValues<P> } | null> {
  const { rows } = await db.query<OfferDb & Record<string, unknown>>(
    `SELECT lo.*${partColumns(parts, 'lo')} FROM loan_offers lo WHERE lo.borrower_id = $1 AND lo.product_id = $2 ORDER BY lo.id DESC LIMIT 1`,
    [borrowerId, productId],
  );
  const row = rows[0];
  return row ? { offer: toOffer(row), parts: readParts(parts, row) } : null;
}

/** The offer an order was made from (its push linked them); null for an order made another way (ops, the demo). */
export async function offerOfOrder(db: Queryable, orderId: number): Promise<OfferRow | null> {
  const { rows } = await db.query<OfferDb>('SELECT * FROM loan_offers WHERE order_id = $1', [orderId]);
  return rows[0] ? toOffer(rows[0]) : null;
}

/** A new open offer; when another one is already open (a concurrent request), that one is returned. */
export async function insertOffer(db: Queryable, o: { borrowerId: number; productId: number; terms: OfferTerms; now: Date }): Promise<OfferRow> {
  const { rows } = await db.query<OfferDb>(
    `INSERT INTO loan_offers (borrower_id, product_id, principal_minor, term_days, periods, interest_bp, service_fee_bp, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT (borrower_id, product_id) WHERE order_id IS NULL DO NOTHING
     RETURNING *`,
    [o.borrowerId, o.productId, o.terms.principalMinor, o.terms.termDays, o.terms.periods, o.terms.interestBp, o.terms.serviceFeeBp, o.now],
  );
  if (rows[0]) return toOffer(rows[0]);
  const open = await db.query<OfferDb>('SELECT * FROM loan_offers WHERE borrower_id = $1 AND product_id = $2 AND order_id IS NULL', [o.borrowerId, o.productId]);
  return toOffer(open.rows[0]!);
}

/** An open offer follows the product's terms until it is pushed. */
export async function updateOfferTerms(db: Queryable, offerId: number, terms: OfferTerms, now: Date): Promise<OfferRow> {
  const { rows } = await db.query<OfferDb>(
    `UPDATE loan_offers SET principal_minor = $2, term_days = $3, periods = $4, interest_bp = $5, service_fee_bp = $6, updated_at = $7
      WHERE id = $1 AND order_id IS NULL RETURNING *`,
    [offerId, terms.principalMinor, terms.termDays, terms.periods, terms.interestBp, terms.serviceFeeBp, now],
  );
  return toOffer(rows[0]!);
}

export async function linkOfferToOrder(db: Queryable, offerId: number, orderId: number, now: Date): Promise<void> {
  await db.query('UPDATE loan_offers SET order_id = $2, updated_at = $3 WHERE id = $1', [offerId, orderId, now]);
}

export interface AgreementRow {
  position: number;
  title: string;
  body: string;
  /** The language the text is written in: the one asked for when the lender keeps it, else English. */
  lang: Lang;
}

/**
 * The agreements of a scene for a product in `lang`, in position order. A product's own text replaces
 * the general one at its position; at each, the text in `lang` is read where the lender keeps one, else
 * the English one (a product's own English text before a general translation: it is another text).
 */
export async function listAgreements(db: Queryable, productId: number, scene: number, lang: Lang = DEFAULT_LANG): Promise<AgreementRow[]> {
  const { rows } = await db.query<AgreementRow>(
    `SELECT DISTINCT ON (position) position, title, body, lang FROM agreements
      WHERE scene = $2 AND (product_id = $1 OR product_id IS NULL) AND lang IN ($3, 'en')
      ORDER BY position, product_id NULLS LAST, (lang = $3) DESC`,
    [productId, scene, lang],
  );
  return rows.map((r) => ({ position: Number(r.position), title: r.title, body: r.body, lang: r.lang }));
}

/** listAgreements as this process keeps them (platform/db/cached-read.ts: a change is seen within a second). */
const keptAgreements = cachedLookup('agreements', (db, key) => {
  const [productId, scene, lang] = key.split(':');
  return listAgreements(db, Number(productId), Number(scene), lang as Lang);
});
export const agreementsOf = (db: Db, productId: number, scene: number, lang: Lang = DEFAULT_LANG): Promise<AgreementRow[]> =>
  keptAgreements.get(db, `${productId}:${scene}:${lang}`).then((rows) => rows ?? []);

export async function findAgreement(db: Queryable, productId: number, scene: number, position: number, lang: Lang = DEFAULT_LANG): Promise<AgreementRow | null> {
  return (await listAgreements(db, productId, scene, lang)).find((a) => a.position === position) ?? null;
}

/** An agreement text (the demo seed); productId null is the general one of every product. */
export async function insertAgreement(db: Queryable, a: { productId: number | null; scene: number; position: number; title: string; body: string; lang?: Lang }): Promise<void> {
  await db.query(`INSERT INTO agreements (product_id, scene, position, title, body, lang) VALUES ($1, $2, $3, $4, $5, $6)`, [a.productId, a.scene, a.position, a.title, a.body, a.lang ?? DEFAULT_LANG]);
}
