/**
 * The payment provider's notifications (Dragonpay's postback; docs/repayment.md, "Provider
 * notifications"). A notification is a hint: its signature is checked in constant time by the
 * provider adapter, it is stored, and only then answered `result=OK`. Settling it asks the provider
 * for the transaction's status and acts on that answer alone, through the payments room's
 * settleProviderTransaction — the one door money comes in by. A notification that could not be
 * settled (the provider did not answer) stays unsettled and is tried again by the periodic pass, so
 * a crash between storing and settling loses nothing.
 */
import type { AppDeps } from '../../deps.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { runUnderJobLock, type JobLog, type PeriodicJob } from '../../platform/jobs/scheduler.ts';
import type { ProviderNotification, ProviderStatus } from '../../providers/payments/payment-provider.ts';
import { settleProviderTransaction, type SettlementOutcome } from '../../domain/payments/provider-settlement.ts';
import type { PayCodeRow } from '../../domain/payments/pay-codes.ts';
import { claimUnsettledNotifications, insertNotification, settleNotification, type StoredNotification } from './store.ts';

export const NOTIFICATION_FIELDS = ['txnid', 'refno', 'status', 'message', 'digest'] as const;
/** How often unsettled notifications are tried again. */
export const SETTLE_INTERVAL_MS = 30_000;
/** Notifications settled per pass. */
const BATCH = 50;

type Deps = Pick<AppDeps, 'db' | 'clock' | 'payments'>;

/** The fields of a postback, or the name of the first one missing (each a string of at most 200 characters). */
export function readNotification(input: Record<string, unknown>): ProviderNotification | { missing: string } {
  const out: Record<string, string> = {};
  for (const field of NOTIFICATION_FIELDS) {
    const value = input[field];
    // `message` may be empty; the others may not.
    if (typeof value !== 'string' || value.length > 200 || (field !== 'message' && value === '')) return { missing: field };
    out[field] = value;
  }
  return out as unknown as ProviderNotification;
}

/**
 * What became of a postback: `refused` (the signature is not the provider's; nothing stored),
 * `stored` (a new notification, to be settled), or `replay` (the same signed notification is stored
 * already, settled or waiting for the periodic pass: nothing stored, nothing to settle).
 */
export type Reception = 'refused' | 'stored' | 'replay';

/** Stores a signed notification once (migration 033). */
export async function receiveNotification(deps: Deps, notification: ProviderNotification): Promise<Reception> {
  if (!deps.payments.verifyNotification(notification)) return 'refused';
  const id = await insertNotification(deps.db, {
    provider: deps.payments.name,
    txnId: notification.txnid,
    refNo: notification.refno,
    status: notification.status,
    message: notification.message,
    receivedAt: deps.clock.now(),
  });
  return id === null ? 'replay' : 'stored';
}

/**
 * Settles one stored notification: the provider's status of its txnid decides. undefined when the
 * provider did not answer (the notification stays for the next pass). Without an id (the sandbox's
 * counter told twice), the transaction is settled and no notification is marked.
 */
export async function settleOne(
  deps: Deps,
  n: Pick<StoredNotification, 'provider' | 'txnId'> & { id: number | undefined },
): Promise<{ outcome: SettlementOutcome; detail: string } | undefined> {
  const truth = await deps.payments.transactionStatus(n.txnId).catch(() => undefined);
  if (truth === undefined) return undefined;
  const now = deps.clock.now();
  const { id } = n;
  // The notification keeps what its settling did, written in the settling's own transaction.
  const mark = id === undefined ? undefined : (db: Queryable, done: { outcome: SettlementOutcome; detail: string }) => settleNotification(db, id, `${done.outcome}: ${done.detail}`, now);
  if (truth !== null) return settleProviderTransaction(deps, n.provider, truth, now, mark);
  const unknown = { outcome: 'unknown' as const, detail: `the provider does not know txnid ${n.txnId}` };
  await mark?.(deps.db, unknown);
  return unknown;
}

/** Settles the stored notifications not settled yet, oldest first. */
export async function settleNotifications(deps: Deps): Promise<Array<{ id: number; outcome: string }>> {
  const settled: Array<{ id: number; outcome: string }> = [];
  for (const n of await claimUnsettledNotifications(deps.db, BATCH)) {
    const outcome = await settleOne(deps, n);
    if (outcome) settled.push({ id: n.id, outcome: outcome.outcome });
  }
  return settled;
}

/**
 * The dev stand-in's counter "received" the money for a pay code (the dev ops API stands in for it):
 * its books say so (the provider's recordCounterPayment, handed in through deps like every provider
 * door), a notification is stored as a provider's would be, and it is settled at once through the
 * same path as a real postback. Told again with the same status, the notification is the one stored
 * already: nothing new is stored, and the transaction is settled again (the sandbox asks only its own
 * books), so the dev API answers what it did ("already applied"). undefined when the provider has no
 * counter of its own (a real provider).
 */
export async function counterPaid(deps: Deps, payCode: Pick<PayCodeRow, 'txnId' | 'amountMinor'>, refNo: string, status: ProviderStatus = 'S') {
  if (!deps.payments.recordCounterPayment) return undefined;
  const now = deps.clock.now();
  const { refNo: storedRef } = await deps.payments.recordCounterPayment({ txnId: payCode.txnId, refNo, status, amountMinor: payCode.amountMinor, now });
  const id = await insertNotification(deps.db, { provider: deps.payments.name, txnId: payCode.txnId, refNo: storedRef, status, message: 'sandbox', receivedAt: now });
  return settleOne(deps, { id: id ?? undefined, provider: deps.payments.name, txnId: payCode.txnId });
}

/** The periodic job's name, and its lock, which a pass asked for by a postback takes too. */
export const SETTLE_JOB = 'provider-notifications';
/** A pass asked for while another process's (or the schedule's) pass holds the lock is tried again this often… */
const KICK_RETRY_MS = 500;
/** …this many times (then the periodic pass settles it). */
const KICK_TRIES = 10;

/**
 * The settler of postbacks, built once per app (routes.ts): kick() runs a pass at once after a
 * postback was stored. It holds the lock of the periodic job `provider-notifications`
 * (notificationSettlingJob, every SETTLE_INTERVAL_MS, on one process), so a kick never overlaps a
 * scheduled pass (here or in another process): it waits for it and tries again. A kick asked for
 * while one runs in this process runs again right after it.
 */
export function createNotificationSettler(deps: Deps, log: JobLog) {
  let running: Promise<void> | null = null;
  let again = false;
  const settleAll = async () => {
    do {
      again = false;
      await settleNotifications(deps);
    } while (again);
  };
  const kickPass = async () => {
    try {
      for (let tries = 1; ; tries++) {
        if (await runUnderJobLock(deps.db, SETTLE_JOB, settleAll)) return;
        if (tries >= KICK_TRIES) return;
        await new Promise((resolve) => setTimeout(resolve, KICK_RETRY_MS));
      }
    } catch (err) {
      log.error({ err }, 'settling provider notifications failed');
    }
  };
  return {
    kick(): Promise<void> {
      if (running) {
        again = true;
        return running;
      }
      running = kickPass().finally(() => {
        running = null;
      });
      return running;
    },
  };
}

/** The scheduled pass (the scheduler holds the job's lock while it runs, so it never overlaps a kick). */
export function notificationSettlingJob(deps: Deps): PeriodicJob {
  return {
    name: SETTLE_JOB,
    intervalMs: SETTLE_INTERVAL_MS,
    failureMessage: 'settling provider notifications failed',
    run: async () => {
      await settleNotifications(deps);
    },
  };
}
