/**
 * SQL of the bank screen: the merchant's form definition, the borrower's bound payment accounts and
 * the orders they pay out to. The account number is written here only hashed and encrypted
 * (bank-cards/card-numbers.ts) and compared by its hash; every row this file returns carries the
 * masked number only.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';

export type BoundVia = 'bind-card-new' | 'bind-card-change';

export interface AccountRow {
  id: number;
  borrowerId: number;
  cardType: number;
  channelNumber: string;
  bankName: string;
  bankCode: string;
  cardNoMasked: string;
  /** The saved form values by field code; account numbers masked. */
  fields: Record<string, string>;
  productId: number | null;
  boundVia: BoundVia | null;
  createdAt: Date;
  replacedAt: Date | null;
}

export interface NewAccount {
  borrowerId: number;
  productId: number;
  boundVia: BoundVia;
  cardType: number;
  channelNumber: string;
  bankName: string;
  bankCode: string;
  cardNoMasked: string;
  /** The payout number's keyed hash and its encrypted form (both null when the form has none). */
  cardNoHash: string | null;
  cardNoEncrypted: string | null;
  fields: Record<string, string>;
}

interface AccountDb {
  id: number;
  borrower_id: number;
  card_type: number;
  channel_number: string;
  bank_name: string;
  bank_code: string;
  card_no_masked: string;
  fields: Record<string, string>;
  product_id: number | null;
  bound_via: BoundVia | null;
  created_at: Date;
  replaced_at: Date | null;
}

// card_no_encrypted is deliberately absent: only disbursement opens it (bank-cards/payout-account.ts).
const ACCOUNT_COLUMNS = `id, borrower_id, card_type, channel_number, bank_name, bank_code, card_no_masked, fields, product_id, bound_via, created_at, replaced_at`;

const toAccount = (r: AccountDb): AccountRow => ({
  id: Number(r.id),
  borrowerId: Number(r.borrower_id),
  cardType: r.card_type,
  channelNumber: r.channel_number,
  bankName: r.bank_name,
  bankCode: r.bank_code,
  cardNoMasked: r.card_no_masked,
  fields: r.fields,
  productId: r.product_id === null ? null : Number(r.product_id),
  boundVia: r.bound_via,
  createdAt: new Date(r.created_at),
  replacedAt: r.replaced_at === null ? null : new Date(r.replaced_at),
});

/** The merchant's stored form definition (unparsed), or null when it has none. */
export async function loadFormDefinition(db: Queryable, merchantNumber: string): Promise<unknown> {
  const { rows } = await db.query<{ items: unknown }>('SELECT items FROM bank_forms WHERE merchant_number = $1', [merchantNumber]);
  return rows[0]?.items ?? null;
}

export async function productExists(db: Queryable, productId: number): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM products WHERE id = $1', [productId]);
  return rows.length > 0;
}

/** Serialises saves of one borrower (a second tap waits for the first to commit). */
export async function lockBorrower(tx: Queryable, borrowerId: number): Promise<void> {
  await tx.query('SELECT id FROM borrowers WHERE id = $1 FOR UPDATE', [borrowerId]);
}

/** The account the bank screen bound last and nothing has replaced, if any. */
export async function currentAccount(db: Queryable, borrowerId: number): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountDb>(
    `SELECT ${ACCOUNT_COLUMNS} FROM bank_cards
      WHERE borrower_id = $1 AND bound_via IS NOT NULL AND replaced_at IS NULL
      ORDER BY id DESC LIMIT 1`,
    [borrowerId],
  );
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Whether the current account holds exactly these details (the number compared by its keyed hash). */
export async function currentAccountIs(db: Queryable, accountId: number, a: NewAccount): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM bank_cards
      WHERE id = $1 AND card_type = $2 AND channel_number = $3 AND bank_code = $4 AND card_no_hash IS NOT DISTINCT FROM $5 AND fields = $6::jsonb`,
    [accountId, a.cardType, a.channelNumber, a.bankCode, a.cardNoHash, JSON.stringify(a.fields)],
  );
  return rows.length > 0;
}

export async function replaceCurrentAccounts(tx: Queryable, borrowerId: number, now: Date): Promise<void> {
  await tx.query(`UPDATE bank_cards SET replaced_at = $2 WHERE borrower_id = $1 AND bound_via IS NOT NULL AND replaced_at IS NULL`, [borrowerId, now]);
}

export async function insertAccount(tx: Queryable, a: NewAccount, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO bank_cards (borrower_id, card_type, channel_number, bank_name, bank_code, card_no_masked, card_no_hash, card_no_encrypted, fields, product_id, bound_via, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11, $12) RETURNING id`,
    [a.borrowerId, a.cardType, a.channelNumber, a.bankName, a.bankCode, a.cardNoMasked, a.cardNoHash, a.cardNoEncrypted, JSON.stringify(a.fields), a.productId, a.boundVia, now],
  );
  return Number(rows[0]!.id);
}

/** Statuses of a loan that may still pay out or be paid: an account change applies to these. */
export const OPEN_ORDER_STATUSES = [ORDER_STATUS.inReview, ORDER_STATUS.disbursing, ORDER_STATUS.repaying, ORDER_STATUS.due, ORDER_STATUS.overdue];

/** The borrower's orders of a product, newest first. */
export async function borrowerOrdersOfProduct(db: Queryable, borrowerId: number, productId: number): Promise<Array<{ id: number; status: number }>> {
  const { rows } = await db.query<{ id: number; status: number }>(
    'SELECT id, status FROM orders WHERE borrower_id = $1 AND product_id = $2 ORDER BY created_at DESC, id DESC',
    [borrowerId, productId],
  );
  return rows.map((r) => ({ id: Number(r.id), status: r.status }));
}

/** Makes the account the one these orders pay out to. */
export async function linkOrders(tx: Queryable, orderIds: number[], accountId: number, now: Date): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.query('UPDATE orders SET bank_card_id = $2, updated_at = $3 WHERE id = ANY($1::bigint[])', [orderIds, accountId, now]);
}

/** Turns off the card-binding prompt (cardNeedPop) on the borrower's orders of the product. */
export async function clearCardPrompt(tx: Queryable, borrowerId: number, productId: number, now: Date): Promise<void> {
  await tx.query(
    'UPDATE orders SET card_need_pop = 0, updated_at = $3 WHERE borrower_id = $1 AND product_id = $2 AND card_need_pop <> 0',
    [borrowerId, productId, now],
  );
}

/** Every bank card row of a borrower, newest first, with the orders that pay out to it (back office). */
export async function listAccounts(db: Queryable, borrowerId: number): Promise<Array<AccountRow & { orderIds: number[] }>> {
  const { rows } = await db.query<AccountDb & { order_ids: Array<number | string> }>(
    `SELECT ${ACCOUNT_COLUMNS},
            COALESCE((SELECT array_agg(o.id ORDER BY o.id) FROM orders o WHERE o.bank_card_id = c.id), '{}') AS order_ids
       FROM bank_cards c WHERE borrower_id = $1 ORDER BY id DESC`,
    [borrowerId],
  );
  return rows.map((r) => ({ ...toAccount(r), orderIds: r.order_ids.map(Number) }));
}
