/**
 * The developer preview's server side (docs/ops.md): what /testPreview and the tests need to stand in
 * for the native app and the outside world — borrowers with sessions, the moved clock, the SMS outbox.
 * Mounted inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsClockAdvance, opsNewBorrower, opsSmsOutboxQuery } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { DAY_MS } from '../../platform/clock/clock.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { createBorrowerWithSession } from '../../domain/borrowers/service.ts';
import { listSmsOutbox } from '../../providers/sms/dev-outbox.ts';
import { smsCost } from '../../providers/sms/parts.ts';

export function registerTestPreviewOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'config'>): void {
  const { db, clock } = deps;

  ops.post('/borrowers', async (request) => {
    const body = parseInput(opsNewBorrower, request.body);
    return opsAnswer(await createBorrowerWithSession(db, body, clock.now(), deps.config.SESSION_TTL_DAYS));
  });

  ops.get('/clock', async () => opsAnswer({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() }));

  ops.post('/clock/advance', async (request) => {
    const { days } = parseInput(opsClockAdvance, request.body);
    const now = await clock.advance(Math.round(days * DAY_MS));
    return opsAnswer({ now: now.toISOString(), offsetMs: clock.offsetMs() });
  });

  ops.get('/sms-outbox', async (request) => {
    const { phone } = parseInput(opsSmsOutboxQuery, request.query);
    // Each with what a gateway would bill for it: its encoding and parts (a Hindi text is UCS-2).
    const items = await listSmsOutbox(db, phone, 50);
    return opsAnswer({ items: items.map((item) => ({ ...item, ...smsCost(item.body) })) });
  });
}
