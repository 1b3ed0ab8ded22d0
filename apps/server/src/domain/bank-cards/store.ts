/**
 * The only SQL on bank_cards: the accounts bound on the bank screen, the cards a borrower repays
 * with, and what protects their numbers as a whole (converting rows written before migration 016,
 * re-encrypting under a new key, reading the one encrypted payout number, the check that
 * CARD_HASH_KEY is the key the stored hashes were made with). Rows carry the masked number only.
 */
import { lastFourDigits } from './card-numbers.ts';
import type { Db, Queryable } from '../../platform/db/client.ts';

/** Whether bank_cards still has the clear card_no column (dropped once every row is converted). */
export async function clearNumberColumnExists(db: Queryable): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'bank_cards' AND column_name = 'card_no'`,
  );
  return rows.length > 0;
}

export interface ClearNumberRow {
  id: number;
  borrowerId: number;
  boundVia: string | null;
  cardNo: string;
}

/**
 * Up to `limit` rows still holding a clear number, locked; rows another process holds are skipped.
 * None once card_no is gone: the table lock taken first keeps another process from dropping the
 * column between that check and the read.
 */
export async function lockRowsWithClearNumbers(tx: Queryable, limit: number): Promise<ClearNumberRow[]> {
  await tx.query('LOCK TABLE bank_cards IN ROW EXCLUSIVE MODE');
  if (!(await clearNumberColumnExists(tx))) return [];
  const { rows } = await tx.query<{ id: number; borrower_id: number; bound_via: string | null; card_no: string }>(
    'SELECT id, borrower_id, bound_via, card_no FROM bank_cards WHERE card_no IS NOT NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED',
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), borrowerId: Number(r.borrower_id), boundVia: r.bound_via, cardNo: r.card_no }));
}

/** Puts the hash (and a payout account's encrypted number) in place of the clear one, in one statement. */
export async function replaceClearNumber(tx: Queryable, id: number, p: { cardNoHash: string | null; cardNoEncrypted: string | null }): Promise<void> {
  await tx.query('UPDATE bank_cards SET card_no_hash = $2, card_no_encrypted = $3, card_no = NULL WHERE id = $1', [id, p.cardNoHash, p.cardNoEncrypted]);
}

/**
 * Drops card_no when no row holds a number any more; false when one still does (another process is
 * converting it, or an older server version wrote it: the next start converts it).
 */
export async function dropClearNumberColumnIfEmpty(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE bank_cards IN ACCESS EXCLUSIVE MODE');
    if (!(await clearNumberColumnExists(tx))) return false;
    const { rows } = await tx.query('SELECT 1 FROM bank_cards WHERE card_no IS NOT NULL LIMIT 1');
    if (rows.length > 0) return false;
    await tx.query('ALTER TABLE bank_cards DROP COLUMN card_no');
    return true;
  });
}

/**
 * Rewrites the table: the row versions an UPDATE left behind (dead tuples still holding the clear
 * numbers) are gone from its files afterwards, not only from what queries see.
 */
export async function rewriteBankCards(db: Db): Promise<void> {
  await db.exec('VACUUM FULL bank_cards');
}

// An encrypted number starts 'v1.<key id>.' (providers/card-data/card-data.ts): its key id is the second part.

/** The ids of the keys the stored payout numbers are encrypted with. */
export async function encryptionKeyIdsInUse(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ key_id: string }>(
    `SELECT DISTINCT split_part(card_no_encrypted, '.', 2) AS key_id FROM bank_cards WHERE card_no_encrypted IS NOT NULL ORDER BY 1`,
  );
  return rows.map((r) => r.key_id);
}

export interface EncryptedNumberRow {
  id: number;
  borrowerId: number;
  cardNoEncrypted: string;
}

/** Up to `limit` encrypted numbers not starting with `prefix` (another key's), locked; held rows are skipped. */
export async function lockEncryptedNotStartingWith(tx: Queryable, prefix: string, limit: number): Promise<EncryptedNumberRow[]> {
  const { rows } = await tx.query<{ id: number; borrower_id: number; card_no_encrypted: string }>(
    `SELECT id, borrower_id, card_no_encrypted FROM bank_cards
      WHERE card_no_encrypted IS NOT NULL AND left(card_no_encrypted, length($1)) <> $1
      ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [prefix, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), borrowerId: Number(r.borrower_id), cardNoEncrypted: r.card_no_encrypted }));
}

export async function updateEncryptedNumber(tx: Queryable, id: number, cardNoEncrypted: string): Promise<void> {
  await tx.query('UPDATE bank_cards SET card_no_encrypted = $2 WHERE id = $1', [id, cardNoEncrypted]);
}

/** The encrypted number of a payout account and its borrower; null when there is no such row. */
export async function findEncryptedNumber(db: Queryable, accountId: number): Promise<{ borrowerId: number; cardNoEncrypted: string | null } | null> {
  const { rows } = await db.query<{ borrower_id: number; card_no_encrypted: string | null }>(
    'SELECT borrower_id, card_no_encrypted FROM bank_cards WHERE id = $1',
    [accountId],
  );
  const r = rows[0];
  return r ? { borrowerId: Number(r.borrower_id), cardNoEncrypted: r.card_no_encrypted } : null;
}

/** app_settings key of the check value of CARD_HASH_KEY (a hash of a fixed text, not of any number). */
const HASH_KEY_CHECK = 'card_hash_key_check';

/** The check value stored by the first start; that one, when this is the first start. */
export async function hashKeyCheckOnRecord(db: Queryable, mine: string): Promise<string> {
  await db.query(`INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::text)) ON CONFLICT (key) DO NOTHING`, [HASH_KEY_CHECK, mine]);
  const { rows } = await db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [HASH_KEY_CHECK]);
  return rows[0]!.value;
}

// ---- accounts bound on the bank screen (bound_via set) ------------------------------------------------

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

/** One bound account or card by its id (masked number only). */
export async function findAccount(db: Queryable, accountId: number): Promise<AccountRow | null> {
  const { rows } = await db.query<AccountDb>(`SELECT ${ACCOUNT_COLUMNS} FROM bank_cards WHERE id = $1`, [accountId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Every bank card row of a borrower, newest first (the back office; the orders they pay out to come from the orders room). */
export async function listAccounts(db: Queryable, borrowerId: number): Promise<AccountRow[]> {
  const { rows } = await db.query<AccountDb>(`SELECT ${ACCOUNT_COLUMNS} FROM bank_cards c WHERE borrower_id = $1 ORDER BY id DESC`, [borrowerId]);
  return rows.map(toAccount);
}

// ---- cards a borrower repays with (bound_via IS NULL) -------------------------------------------

export interface RepaymentCard {
  id: number;
  bankName: string;
  bankCode: string;
  /** Only the masked number is ever read here. */
  maskedNo: string;
}
interface CardDb {
  id: number;
  bank_name: string;
  bank_code: string;
  card_no_masked: string;
}
const toCard = (r: CardDb): RepaymentCard => ({ id: Number(r.id), bankName: r.bank_name, bankCode: r.bank_code, maskedNo: r.card_no_masked });

/** The borrower's cards and accounts, newest first. */
export async function listBorrowerCards(db: Queryable, borrowerId: number): Promise<RepaymentCard[]> {
  const { rows } = await db.query<CardDb>('SELECT id, bank_name, bank_code, card_no_masked FROM bank_cards WHERE borrower_id = $1 AND replaced_at IS NULL ORDER BY id DESC', [borrowerId]);
  return rows.map(toCard);
}

export async function findBorrowerCard(db: Queryable, borrowerId: number, cardId: number): Promise<RepaymentCard | null> {
  const { rows } = await db.query<CardDb>('SELECT id, bank_name, bank_code, card_no_masked FROM bank_cards WHERE id = $1 AND borrower_id = $2', [cardId, borrowerId]);
  return rows[0] ? toCard(rows[0]) : null;
}

/** '**** **** **** 4821': only the last 4 digits of a number are kept visible. */
export function maskCardNo(cardNo: string): string {
  const digits = cardNo.replace(/\D/g, '');
  return `**** **** **** ${digits.slice(-4)}`;
}

/** The borrower's repayment card with this number's keyed hash, if one is on file. */
export async function findRepaymentCardByHash(db: Queryable, borrowerId: number, cardNoHash: string): Promise<RepaymentCard | null> {
  const { rows } = await db.query<CardDb>(
    `SELECT id, bank_name, bank_code, card_no_masked FROM bank_cards
      WHERE borrower_id = $1 AND bound_via IS NULL AND replaced_at IS NULL AND card_no_hash = $2 ORDER BY id LIMIT 1`,
    [borrowerId, cardNoHash],
  );
  return rows[0] ? toCard(rows[0]) : null;
}

/**
 * Stores a card for repayment (card-on-file.ts): its masked number and the keyed hash of the number,
 * never the number (a repayment never needs it; the provider charges the card by its id).
 */
export async function insertRepaymentCard(
  db: Queryable,
  c: { borrowerId: number; bankName: string; bankCode: string; maskedNo: string; cardNoHash: string; now: Date },
): Promise<RepaymentCard> {
  const { rows } = await db.query<CardDb>(
    `INSERT INTO bank_cards (borrower_id, card_type, channel_number, bank_name, bank_code, card_no_masked, card_no_hash, created_at)
     VALUES ($1, 1, '90006', $2, $3, $4, $5, $6) RETURNING id, bank_name, bank_code, card_no_masked`,
    [c.borrowerId, c.bankName, c.bankCode, c.maskedNo, c.cardNoHash, c.now],
  );
  return toCard(rows[0]!);
}

/**
 * The card each card repayment of an order was charged (or is being charged) on, by pay code: its last
 * 4 digits and where the charge stands. Reads card_repayments (the repayment family's table) only for
 * its pay code → card link, which the borrower's records need to name the card of a payment.
 */
export async function cardsOfOrderPayCodes(db: Queryable, orderId: number): Promise<Map<number, { last4: string; status: string }>> {
  const { rows } = await db.query<{ pay_code_id: string; card_no_masked: string; status: string }>(
    `SELECT cr.pay_code_id, bc.card_no_masked, cr.status FROM card_repayments cr JOIN bank_cards bc ON bc.id = cr.bank_card_id
      WHERE cr.order_id = $1 ORDER BY cr.id`,
    [orderId],
  );
  return new Map(rows.map((r) => [Number(r.pay_code_id), { last4: lastFourDigits(r.card_no_masked), status: r.status }]));
}

/**
 * The erasure run's part (issue 39): each bound account keeps its bank, last 4 digits and dates (the
 * payouts and repayments point at it); the form's other fields (names, phones, addresses) go. The
 * keyed hash and the sealed number stay while the law keeps the records (`keepSealed`), else go too.
 */
export async function eraseAccountsOf(tx: Queryable, borrowerId: number, masked: (stored: string) => string, keepSealed: boolean): Promise<number> {
  const { rows } = await tx.query<{ id: number; card_no_masked: string }>('SELECT id, card_no_masked FROM bank_cards WHERE borrower_id = $1 FOR UPDATE', [borrowerId]);
  for (const r of rows) {
    await tx.query(
      `UPDATE bank_cards SET fields = '{}'::jsonb, card_no_masked = $2,
         card_no_hash = CASE WHEN $3 THEN card_no_hash ELSE NULL END, card_no_encrypted = CASE WHEN $3 THEN card_no_encrypted ELSE NULL END
       WHERE id = $1`,
      [r.id, masked(r.card_no_masked), keepSealed],
    );
  }
  return rows.length;
}
