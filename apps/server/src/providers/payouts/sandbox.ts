/**
 * The sandbox payout provider (the default for `npm start`, docs/ops.md "Payout providers"): it pays
 * out at once (its notification delivered before it answers), keeps what it paid in its own table (sandbox_payouts, so its status query answers
 * across restarts and processes), and tells the server by a notification signed like a real
 * provider's (HMAC-SHA256 of the body, header x-sandbox-signature), sent through the same webhook.
 *
 * The demo's refused account: a payout to an account number ending in SANDBOX_CLOSED_ACCOUNT_SUFFIX
 * fails as the bank would for a closed account, so the failure and its correction can be tried.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { dayBounds, reportCsv, type ReportCsvLine } from '../reports/report-csv.ts';
import type { Queryable } from '../../platform/db/client.ts';
import type { Clock } from '../../platform/clock/clock.ts';
import { sameSecret } from './provider-call.ts';
import { PAYOUT_FAILURE_KINDS, PAYOUT_STATUSES, type PayoutAnswer, type PayoutFailureKind, type PayoutProvider, type PayoutStatus } from './payout-provider.ts';

/** An account number ending in these digits is a closed account at the sandbox's bank (the demo's failure). */
export const SANDBOX_CLOSED_ACCOUNT_SUFFIX = '0000';
/** The demo's closed account, bound to the demo's approved order (seed/demo.ts). */
export const SANDBOX_CLOSED_ACCOUNT = '1234560000';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

/** What the sandbox charges per payout, as the lender's contract with it says (domain/books/fees.ts books the same). */
export const SANDBOX_PAYOUT_FEE_MINOR = { PHP: 1000, INR: 500 } as const;

export interface SandboxPayoutProvider extends PayoutProvider {
  /**
   * Where its notifications go: set once the app exists (server.ts posts them to the app's own
   * payout webhook). Unset, nothing is sent and the status job finds the outcome by asking.
   */
  deliverTo(send: (headers: Record<string, string>, rawBody: string) => Promise<void>): void;
  /** Resolves when every notification sent so far has been delivered (tests and the seed wait on it). */
  delivered(): Promise<void>;
}

interface SandboxRow {
  reference: string;
  provider_ref: string;
  status: PayoutStatus;
  failure_kind: PayoutFailureKind | null;
  failure_reason: string | null;
  updated_at: Date;
}

const sign = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');
const answerOf = (r: SandboxRow): PayoutAnswer => ({
  reference: r.reference,
  status: r.status,
  providerRef: r.provider_ref,
  failureKind: r.failure_kind,
  failureReason: r.failure_reason,
  paidAt: r.status === 'paid' ? new Date(r.updated_at) : null,
});

export function createSandboxPayoutProvider(deps: { db: Queryable; clock: Clock }, settings: { name: string; currency: 'PHP' | 'INR'; secret: string }): SandboxPayoutProvider {
  const { db, clock } = deps;
  let send: ((headers: Record<string, string>, rawBody: string) => Promise<void>) | null = null;
  const pending = new Set<Promise<void>>();

  async function find(reference: string): Promise<SandboxRow | null> {
    const { rows } = await db.query<SandboxRow>('SELECT reference, provider_ref, status, failure_kind, failure_reason, updated_at FROM sandbox_payouts WHERE reference = $1', [reference]);
    return rows[0] ?? null;
  }

  /** Sends the notification; resolves once it was delivered (or could not be). */
  function notify(answer: PayoutAnswer): Promise<void> {
    if (!send) return Promise.resolve();
    const body = JSON.stringify({ event: 'payout.updated', payout: { ...answer, paidAt: answer.paidAt?.toISOString() ?? null } });
    const delivery = send({ 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: sign(settings.secret, body) }, body)
      .catch(() => undefined) // undelivered: the server's status job asks later, as with any provider
      .finally(() => pending.delete(delivery));
    pending.add(delivery);
    return delivery;
  }

  return {
    name: settings.name,
    currency: settings.currency,

    async dailyReport(day) {
      const { start, end } = dayBounds(day, settings.currency === 'INR' ? 'IN' : 'PH');
      const fee = SANDBOX_PAYOUT_FEE_MINOR[settings.currency];
      const { rows } = await db.query<{ reference: string; amount_minor: string; status: string; created_at: Date; updated_at: Date }>(
        `SELECT reference, amount_minor, status, created_at, updated_at FROM sandbox_payouts
          WHERE currency = $1 AND status IN ('paid', 'reversed') AND ((created_at >= $2 AND created_at < $3) OR (status = 'reversed' AND updated_at >= $2 AND updated_at < $3))
          ORDER BY created_at, reference`,
        [settings.currency, start, end],
      );
      const lines = rows.flatMap((r) => {
        const amountMinor = Number(r.amount_minor);
        const out: ReportCsvLine[] = [];
        if (r.created_at >= start && r.created_at < end) out.push({ reference: r.reference, type: 'payout', currency: settings.currency, amountMinor, feeMinor: fee });
        if (r.status === 'reversed' && r.updated_at >= start && r.updated_at < end) out.push({ reference: r.reference, type: 'payout_return', currency: settings.currency, amountMinor, feeMinor: 0 });
        return out;
      });
      return reportCsv(settings.name === 'sandbox' ? 'sandbox-payouts' : 'sandbox-payouts-inr', day, lines);
    },

    async createPayout(request) {
      const existing = await find(request.reference);
      if (existing) return answerOf(existing);
      const closed = request.account.accountNumber.endsWith(SANDBOX_CLOSED_ACCOUNT_SUFFIX);
      const now = clock.now();
      const row: SandboxRow = {
        reference: request.reference,
        provider_ref: `sbx_po_${randomBytes(8).toString('hex')}`,
        status: closed ? 'failed' : 'paid',
        failure_kind: closed ? 'account_closed' : null,
        failure_reason: closed ? 'ACCOUNT_CLOSED: the receiving bank reports the account is closed' : null,
        updated_at: now,
      };
      const { rows } = await db.query<SandboxRow>(
        `INSERT INTO sandbox_payouts (reference, provider_ref, amount_minor, currency, account_last4, status, failure_kind, failure_reason, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
         ON CONFLICT (reference) DO NOTHING RETURNING reference, provider_ref, status, failure_kind, failure_reason, updated_at`,
        [row.reference, row.provider_ref, request.amountMinor, request.currency, request.account.accountNumber.slice(-4), row.status, row.failure_kind, row.failure_reason, now],
      );
      // Another process made it under the same key at the same moment: answer that one.
      if (!rows[0]) return answerOf((await find(request.reference))!);
      // Like a real switch, the answer is "processing" and the outcome comes by notification; the sandbox
      // waits for its delivery, so a demo's release already shows where the money went.
      await notify(answerOf(row));
      return { ...answerOf(row), status: 'processing', failureKind: null, failureReason: null, paidAt: null };
    },

    async payoutStatus(reference) {
      const row = await find(reference);
      return row ? answerOf(row) : null;
    },

    readNotification(headers, rawBody) {
      const given = headers[SANDBOX_SIGNATURE_HEADER];
      if (typeof given !== 'string' || !sameSecret(given, sign(settings.secret, rawBody))) return { verified: false, answer: null };
      try {
        const { payout: p } = JSON.parse(rawBody) as { payout?: Record<string, unknown> };
        if (!p || typeof p.reference !== 'string' || !PAYOUT_STATUSES.includes(p.status as PayoutStatus)) return { verified: true, answer: null };
        const kind = PAYOUT_FAILURE_KINDS.includes(p.failureKind as PayoutFailureKind) ? (p.failureKind as PayoutFailureKind) : null;
        return {
          verified: true,
          answer: {
            reference: p.reference,
            status: p.status as PayoutStatus,
            providerRef: typeof p.providerRef === 'string' ? p.providerRef : null,
            failureKind: kind,
            failureReason: typeof p.failureReason === 'string' ? p.failureReason : null,
            paidAt: typeof p.paidAt === 'string' ? new Date(p.paidAt) : null,
          },
        };
      } catch {
        return { verified: true, answer: null };
      }
    },

    deliverTo(to) {
      send = to;
    },

    async delivered() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

/** Signs a body as the sandbox does (the dev tools and tests post notifications with it). */
export const sandboxPayoutSignature = sign;
