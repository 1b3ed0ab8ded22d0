/**
 * Run at every start, right after the migrations and before anything is served (main.ts, and every
 * test app): makes sure bank_cards holds no readable number and every encrypted one is under the
 * current key. Cheap when there is nothing to do; safe to stop at any point and to run in several
 * processes at once (each batch is one transaction over rows it locked, skipping rows others hold).
 */
import type { Db } from '../../platform/db/client.ts';
import type { CardData } from '../../providers/card-data/card-data.ts';
import { sealedPrefix } from '../../providers/card-data/card-data.ts';
import { numberHash, payoutContext, protectPayoutNumber } from './card-numbers.ts';
import {
  clearNumberColumnExists,
  dropClearNumberColumnIfEmpty,
  encryptionKeyIdsInUse,
  hashKeyCheckOnRecord,
  lockEncryptedNotStartingWith,
  lockRowsWithClearNumbers,
  replaceClearNumber,
  rewriteBankCards,
  updateEncryptedNumber,
} from './store.ts';

export interface CardNumbersReport {
  /** Rows written before migration 016 whose clear number was replaced. */
  converted: number;
  /** Whether this start dropped the clear card_no column. */
  droppedClearColumn: boolean;
  /** Payout numbers re-encrypted under the current key (after a key rotation). */
  reencrypted: number;
}

const BATCH = 500;

export async function protectCardNumbers(db: Db, cardData: CardData, options: { batchSize?: number } = {}): Promise<CardNumbersReport> {
  const batchSize = options.batchSize ?? BATCH;
  await checkHashKey(db, cardData);
  let converted = 0;
  let droppedClearColumn = false;
  if (await clearNumberColumnExists(db)) {
    converted = await convertClearNumbers(db, cardData, batchSize);
    droppedClearColumn = await dropClearNumberColumnIfEmpty(db);
    if (converted > 0) await rewriteBankCards(db);
  }
  const reencrypted = await reencryptUnderCurrentKey(db, cardData, batchSize);
  return { converted, droppedClearColumn, reencrypted };
}

/**
 * A different CARD_HASH_KEY would make every stored hash unmatchable: each known account saved again
 * would be taken for a new one, with nothing to show for it. So it never changes silently: the first
 * start records a check value, and a start with another key stops here.
 */
async function checkHashKey(db: Db, cardData: CardData): Promise<void> {
  const mine = cardData.hash('CARD_HASH_KEY check');
  if ((await hashKeyCheckOnRecord(db, mine)) !== mine) {
    throw new Error(
      'CARD_HASH_KEY is not the key the stored card-number hashes were made with (app_settings card_hash_key_check). ' +
        'Set the original key again (without CARD_HASH_KEY: the DATA_DIR/card-data.key the database was made with); docs/ops.md, "Card-data keys".',
    );
  }
}

/** Rows still holding card_no: hashed (and a payout account's encrypted), card_no set NULL, a batch per transaction. */
async function convertClearNumbers(db: Db, cardData: CardData, batchSize: number): Promise<number> {
  let converted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await lockRowsWithClearNumbers(tx, batchSize);
      for (const row of rows) {
        // A repayment card (bound_via NULL) never needs its number back: the hash alone.
        const stored = row.boundVia === null ? { cardNoHash: numberHash(cardData, row.cardNo), cardNoEncrypted: null } : protectPayoutNumber(cardData, row.borrowerId, row.cardNo);
        await replaceClearNumber(tx, row.id, stored);
      }
      return rows.length;
    });
    converted += done;
    if (done < batchSize) return converted;
  }
}

/**
 * Key rotation: numbers under an older key of CARD_DATA_KEYS are opened and encrypted again under the
 * first. A number under a key that is no longer configured stops the start, naming the key: removing
 * a key too early loses nothing, it only has to be put back.
 */
async function reencryptUnderCurrentKey(db: Db, cardData: CardData, batchSize: number): Promise<number> {
  const missing = (await encryptionKeyIdsInUse(db)).filter((id) => !cardData.keyIds.includes(id));
  if (missing.length > 0) {
    throw new Error(
      `Stored payout account numbers are encrypted with card-data key ${missing.map((id) => `"${id}"`).join(', ')}, which CARD_DATA_KEYS does not hold. ` +
        'Put the key back (after the current one) until the server has re-encrypted them; docs/ops.md, "Card-data keys".',
    );
  }
  const prefix = sealedPrefix(cardData.currentKeyId);
  let reencrypted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await lockEncryptedNotStartingWith(tx, prefix, batchSize);
      for (const row of rows) {
        const context = payoutContext(row.borrowerId);
        await updateEncryptedNumber(tx, row.id, cardData.seal(cardData.open(row.cardNoEncrypted, context), context));
      }
      return rows.length;
    });
    reencrypted += done;
    if (done < batchSize) return reencrypted;
  }
}
