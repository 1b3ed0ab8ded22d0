/** SQL of the bank screen's own table: the merchant's form definition (bank_forms). Accounts are domain/bank-cards'. */
import type { Queryable } from '../../platform/db/client.ts';

/** The merchant's stored form definition (unparsed), or null when it has none. */
export async function loadFormDefinition(db: Queryable, merchantNumber: string): Promise<unknown> {
  const { rows } = await db.query<{ items: unknown }>('SELECT items FROM bank_forms WHERE merchant_number = $1', [merchantNumber]);
  return rows[0]?.items ?? null;
}

/** Stores a merchant's form definition (the demo seed); one already there is left as it is. */
export async function insertFormDefinition(db: Queryable, merchantNumber: string, items: unknown): Promise<void> {
  await db.query(`INSERT INTO bank_forms (merchant_number, items) VALUES ($1, $2::jsonb) ON CONFLICT (merchant_number) DO NOTHING`, [merchantNumber, JSON.stringify(items)]);
}
