/**
 * HTTP of the provider notifications: the provider's postback (Dragonpay's: GET or POST, form fields txnid, refno, status, message,
 * digest), answered in plain text as the provider expects: `result=OK` once the notification is
 * stored (or, a replay, was stored before), anything else makes the provider send it again. Settling
 * runs after the answer, by the one settler of this app.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PROVIDER_POSTBACK_PATH } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { createNotificationSettler, readNotification, receiveNotification } from './service.ts';

export function registerProviderNotifications(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'payments'>): void {
  const settler = createNotificationSettler(deps, app.log);
  app.addHook('onClose', async () => {
    await settler.kick().catch(() => undefined);
  });

  const handle = async (input: Record<string, unknown>, reply: FastifyReply) => {
    reply.header('Content-Type', 'text/plain; charset=utf-8').header('Cache-Control', 'no-store');
    const notification = readNotification(input);
    if ('missing' in notification) return reply.code(400).send(`result=FAIL_MISSING_${notification.missing.toUpperCase()}`);
    const received = await receiveNotification(deps, notification);
    if (received === 'refused') return reply.code(403).send('result=FAIL_DIGEST_MISMATCH');
    // A replay is stored already (settled, or left for the periodic pass): answered, and nothing is asked of the provider.
    if (received === 'stored') void settler.kick();
    return reply.send('result=OK');
  };

  app.get(PROVIDER_POSTBACK_PATH, async (request, reply) => handle((request.query ?? {}) as Record<string, unknown>, reply));
  app.post(PROVIDER_POSTBACK_PATH, async (request, reply) => handle((request.body ?? {}) as Record<string, unknown>, reply));
}
