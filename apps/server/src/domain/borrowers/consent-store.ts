/** The consent ledger's tables (migration 040): consent_events (append-only) and consents (each purpose's state now). */
import type { ConsentPurpose } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';

export type ConsentChannel = 'app' | 'sms' | 'sign-up' | 'migration' | 'erasure';

export interface ConsentEventRow {
  id: number;
  borrowerId: number;
  purpose: ConsentPurpose;
  granted: boolean;
  channel: ConsentChannel;
  textVersion: string;
  textShown: string;
  at: Date;
}

/** Appends the event and makes it the purpose's state, in the caller's transaction. */
export async function insertConsentEvent(db: Queryable, e: Omit<ConsentEventRow, 'id'>): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO consent_events (borrower_id, purpose, granted, channel, text_version, text_shown, at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [e.borrowerId, e.purpose, e.granted, e.channel, e.textVersion, e.textShown, e.at],
  );
  const id = Number(rows[0]!.id);
  await db.query(
    `INSERT INTO consents (borrower_id, purpose, granted, at, event_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (borrower_id, purpose) DO UPDATE SET granted = EXCLUDED.granted, at = EXCLUDED.at, event_id = EXCLUDED.event_id`,
    [e.borrowerId, e.purpose, e.granted, e.at, id],
  );
  return id;
}

/** Each purpose's state now (a purpose never granted nor withdrawn is absent). */
export async function consentStates(db: Queryable, borrowerId: number, opts: { forUpdate?: boolean } = {}): Promise<Map<ConsentPurpose, { granted: boolean; at: Date }>> {
  const { rows } = await db.query<{ purpose: ConsentPurpose; granted: boolean; at: Date }>(
    `SELECT purpose, granted, at FROM consents WHERE borrower_id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [borrowerId],
  );
  return new Map(rows.map((r) => [r.purpose, { granted: r.granted, at: r.at }]));
}

/** The borrowers (of these) who granted a purpose and have not withdrawn it. */
export async function borrowersConsenting(db: Queryable, ids: readonly number[], purpose: ConsentPurpose): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ borrower_id: string }>(`SELECT borrower_id FROM consents WHERE purpose = $1 AND granted AND borrower_id = ANY($2::bigint[])`, [purpose, ids]);
  return new Set(rows.map((r) => Number(r.borrower_id)));
}

/** Every event of a borrower, oldest first (what "My data" exports). */
export async function consentEventsOf(db: Queryable, borrowerId: number): Promise<ConsentEventRow[]> {
  const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM consent_events WHERE borrower_id = $1 ORDER BY id`, [borrowerId]);
  return rows.map((r) => ({
    id: Number(r.id),
    borrowerId: Number(r.borrower_id),
    purpose: r.purpose as ConsentPurpose,
    granted: r.granted as boolean,
    channel: r.channel as ConsentChannel,
    textVersion: r.text_version as string,
    textShown: r.text_shown as string,
    at: r.at as Date,
  }));
}
