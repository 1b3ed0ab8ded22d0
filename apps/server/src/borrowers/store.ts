/** Creating borrowers and their sessions (used by the ops API, the seed and registration). */
import type { Queryable } from '../db/client.ts';
import { createSession } from '../session/session.ts';
import type { SessionParams } from '@cashloan/contract';

export interface NewBorrower {
  userId?: string | undefined;
  merchantNumber?: string | undefined;
  mobilePhone: string;
  name?: string | undefined;
  isRepeat?: boolean | undefined;
  deviceId?: string | undefined;
}

export const DEFAULT_MERCHANT = 'M0001';

export async function createBorrowerWithSession(
  db: Queryable,
  input: NewBorrower,
  now: Date,
  ttlDays: number,
): Promise<{ borrowerId: number; session: SessionParams }> {
  const merchantNumber = input.merchantNumber ?? DEFAULT_MERCHANT;
  const userId = input.userId ?? `U${now.getTime().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.toUpperCase();
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO borrowers (user_id, merchant_number, mobile_phone, name, is_repeat, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [userId, merchantNumber, input.mobilePhone, input.name ?? '', input.isRepeat ?? false, now],
  );
  const borrowerId = Number(rows[0]!.id);
  const deviceId = input.deviceId ?? 'demo-device';
  const sessionId = await createSession(db, borrowerId, deviceId, now, ttlDays);
  return { borrowerId, session: { deviceId, userId, sessionId, merchantNumber, mobilePhone: input.mobilePhone } };
}
