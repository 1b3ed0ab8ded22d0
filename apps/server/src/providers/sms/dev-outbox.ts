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
