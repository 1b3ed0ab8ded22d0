/** The development SmsProvider: every message lands in the sms_outbox table instead of a phone. */
import type { Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { SmsProvider } from './sms.ts';

export function createDevOutboxSms(db: Queryable, clock: Clock): SmsProvider {
  return {
    async send({ phone, text, reference }) {
      // One message per reference (sms.ts): a repeat finds the first one's row and adds none.
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO sms_outbox (phone, body, created_at, reference) VALUES ($1, $2, $3, $4)
         ON CONFLICT (reference) WHERE reference IS NOT NULL DO NOTHING RETURNING id`,
        [phone, text, clock.now(), reference ?? null],
      );
      const id =
        rows[0]?.id ?? (await db.query<{ id: number }>('SELECT id FROM sms_outbox WHERE reference = $1', [reference])).rows[0]?.id;
      if (id === undefined) throw new Error(`sms_outbox: no row for reference ${reference}`);
      return { providerRef: `outbox:${Number(id)}` };
    },
    async sentTo(phone) {
      const newestFirst = await listSmsOutbox(db, phone, 10_000);
      return newestFirst.reverse().map((m) => ({ text: m.body, at: m.createdAt }));
    },
    async forget(phone) {
      return (await db.query('DELETE FROM sms_outbox WHERE phone = $1 RETURNING id', [phone])).rows.length;
    },
  };
}

export interface OutboxSms {
  id: number;
  phone: string;
  body: string;
  createdAt: Date;
}

/** The newest messages in the dev SMS outbox, for one phone or for all. */
export async function listSmsOutbox(db: Queryable, phone: string | undefined, limit: number): Promise<OutboxSms[]> {
  const { rows } = await db.query<{ id: number; phone: string; body: string; created_at: Date }>(
    `SELECT id, phone, body, created_at FROM sms_outbox WHERE ($1::text IS NULL OR phone = $1) ORDER BY created_at DESC, id DESC LIMIT $2`,
    [phone ?? null, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), phone: r.phone, body: r.body, createdAt: r.created_at }));
}
