/**
 * A borrower and a session on a database migrated only part of the way (a migration's own test):
 * the rows as the oldest schema has them, without what later rooms add at sign-up (the consent
 * ledger of migration 040).
 */
import type { SessionParams } from '@cashloan/contract';
import type { Queryable } from '../platform/db/client.ts';
import { createSession } from '../domain/borrowers/session.ts';

export async function borrowerOnOldSchema(db: Queryable, mobilePhone: string, now: Date, ttlDays: number): Promise<{ borrowerId: number; session: SessionParams }> {
  const userId = `U${mobilePhone}`;
  const merchantNumber = 'M0001';
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO borrowers (user_id, merchant_number, mobile_phone, name, is_repeat, created_at) VALUES ($1, $2, $3, '', false, $4) RETURNING id`,
    [userId, merchantNumber, mobilePhone, now],
  );
  const borrowerId = Number(rows[0]!.id);
  const deviceId = 'demo-device';
  const sessionId = await createSession(db, borrowerId, deviceId, now, ttlDays);
  return { borrowerId, session: { deviceId, userId, sessionId, merchantNumber, mobilePhone } };
}
