/**
 * SQL that protects the numbers of bank_cards as a whole: converting rows written before migration
 * 016 (card_no in the clear), re-encrypting under a new key, reading the one encrypted payout number,
 * and the check that CARD_HASH_KEY is the key the stored hashes were made with.
 */
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
