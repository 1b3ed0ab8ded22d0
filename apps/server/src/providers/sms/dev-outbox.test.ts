import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../platform/clock/clock.ts';
import type { Db } from '../../platform/db/client.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { openTestDb } from '../../test-support/test-app.ts';
import { createDevOutboxSms } from './dev-outbox.ts';

describe('dev outbox: one message per reference', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openTestDb();
    await migrate(db);
  });
  afterAll(() => db.close());

  it('answers the first providerRef for a repeated reference and keeps one row', async () => {
    const sms = createDevOutboxSms(db, createFixedClock(new Date('2026-11-01T02:00:00Z')));
    const first = await sms.send({ phone: '9171234567', text: 'one', reference: 'test:1' });
    const again = await sms.send({ phone: '9171234567', text: 'one', reference: 'test:1' });
    const both = await Promise.all([sms.send({ phone: '9171234567', text: 'two', reference: 'test:2' }), sms.send({ phone: '9171234567', text: 'two', reference: 'test:2' })]);
    expect(again).toEqual(first);
    expect(both[0]).toEqual(both[1]);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM sms_outbox WHERE reference IN ('test:1', 'test:2')");
    expect(rows[0]!.n).toBe(2);
  });

  it('sends every message without a reference', async () => {
    const sms = createDevOutboxSms(db, createFixedClock(new Date('2026-11-01T02:00:00Z')));
    const a = await sms.send({ phone: '9170000001', text: 'code 123456' });
    const b = await sms.send({ phone: '9170000001', text: 'code 123456' });
    expect(a.providerRef).not.toBe(b.providerRef);
  });
});
