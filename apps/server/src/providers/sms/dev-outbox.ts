/** The development SmsProvider: every message lands in the sms_outbox table instead of a phone. */
import type { Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import type { SmsProvider } from './sms.ts';

export function createDevOutboxSms(db: Queryable, clock: Clock): SmsProvider {
  return {
    async send({ phone, text }) {
      const { rows } = await db.query<{ id: number }>('INSERT INTO sms_outbox (phone, body, created_at) VALUES ($1, $2, $3) RETURNING id', [
        phone,
        text,
        clock.now(),
      ]);
      return { providerRef: `outbox:${Number(rows[0]!.id)}` };
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
