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
import { startPeriodic, type JobLog } from '../../platform/jobs/periodic.ts';
import type { ProviderNotification, ProviderStatus } from '../../providers/payments/payment-provider.ts';
import { recordSandboxTransaction } from '../../providers/payments/sandbox.ts';
import {
  claimUnsettledNotifications,
  insertNotification,
  settleNotification,
  settleProviderTransaction,
  type PayCodeRow,
  type SettlementOutcome,
  type StoredNotification,
} from '../../domain/payments/service.ts';

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

/** Stores a signed notification; false (nothing stored) when the signature is not the provider's. */
export async function receiveNotification(deps: Deps, notification: ProviderNotification): Promise<boolean> {
  if (!deps.payments.verifyNotification(notification)) return false;
  await insertNotification(deps.db, {
    provider: deps.payments.name,
    txnId: notification.txnid,
    refNo: notification.refno,
    status: notification.status,
    message: notification.message,
    receivedAt: deps.clock.now(),
  });
  return true;
}

/**
 * Settles one stored notification: the provider's status of its txnid decides. undefined when the
 * provider did not answer (the notification stays for the next pass).
 */
export async function settleOne(deps: Deps, n: Pick<StoredNotification, 'id' | 'provider' | 'txnId'>): Promise<{ outcome: SettlementOutcome; detail: string } | undefined> {
  const truth = await deps.payments.transactionStatus(n.txnId).catch(() => undefined);
  if (truth === undefined) return undefined;
  const settled =
    truth === null ? { outcome: 'unknown' as const, detail: `the provider does not know txnid ${n.txnId}` } : await settleProviderTransaction(deps, n.provider, truth, deps.clock.now());
  await settleNotification(deps.db, n.id, `${settled.outcome}: ${settled.detail}`, deps.clock.now());
  return settled;
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
 * The sandbox's counter "received" the money for a pay code (the dev ops API stands in for it): the
 * sandbox's books say so, a notification is stored as a provider's would be, and it is settled at
 * once through the same path as a real postback.
 */
export async function sandboxPaid(deps: Deps, payCode: Pick<PayCodeRow, 'txnId' | 'amountMinor'>, refNo: string, status: ProviderStatus = 'S') {
  const now = deps.clock.now();
  const storedRef = await recordSandboxTransaction(deps.db, { txnId: payCode.txnId, refNo, status, amountMinor: payCode.amountMinor, now });
  const id = await insertNotification(deps.db, { provider: deps.payments.name, txnId: payCode.txnId, refNo: storedRef, status, message: 'sandbox', receivedAt: now });
  return settleOne(deps, { id, provider: deps.payments.name, txnId: payCode.txnId });
}

/**
 * One settling pass at a time in this process: a postback asks for a pass at once, and a pass asked
 * for while one runs runs again right after it (so nothing stored waits for the periodic pass).
 */
export function createNotificationSettler(deps: Deps, log: JobLog) {
  let running: Promise<void> | null = null;
  let again = false;
  const pass = async () => {
    try {
      do {
        again = false;
        await settleNotifications(deps);
      } while (again);
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
      running = pass().finally(() => {
        running = null;
      });
      return running;
    },
    /** Starts the periodic pass; returns its stop(). */
    start(): () => Promise<void> {
      const stop = startPeriodic(() => this.kick(), SETTLE_INTERVAL_MS, log, 'settling provider notifications failed');
      return async () => {
        await stop();
        await running;
      };
    },
  };
}
