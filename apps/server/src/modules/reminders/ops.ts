/**
 * The reminders in the dev back office (docs/ops.md): run one pass of the SMS payment reminder job
 * now, and the inbound SMS a borrower's phone would send (STOP / START). Mounted inside /ops.
 */
import type { FastifyInstance } from 'fastify';
import { opsSmsInbound } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { runReminderPass } from './job.ts';
import { receiveInboundSms } from './service.ts';

export function registerRemindersOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'sms' | 'config'>): void {
  ops.post('/reminders/run', async () => opsAnswer(await runReminderPass(deps)));

  ops.post('/sms-inbound', async (request) => {
    const body = parseInput(opsSmsInbound, request.body);
    return opsAnswer(await receiveInboundSms(deps, body));
  });
}
