/**
 * The Dragonpay Payment Switch adapter (docs/repayment.md, "Provider notifications"): over-the-counter
 * and e-wallet pay codes are Dragonpay reference numbers. What it speaks, from Dragonpay's documented
 * collection API:
 *
 * - issuing: `POST {base}/api/collect/v1/{txnid}/post` (HTTP Basic merchantid:password, JSON
 *   Amount, Currency, Description, Email) answers `{RefNo, Status, Message, Url}`. Our txnid is the
 *   idempotency key: a call that timed out is never simply re-sent, the txnid is first looked up, so
 *   one pay code never gets two references;
 * - the status query: `GET {base}/api/collect/v1/txnid/{txnid}` answers `{TxnId, RefNo, Amount,
 *   Status, …}` (404: unknown);
 * - the postback: txnid, refno, status, message and digest = SHA1(txnid:refno:status:message:password),
 *   checked here in constant time;
 * - voiding: `GET {base}/MerchantRequest.aspx?op=VOID&merchantid=…&merchantpwd=…&txnid=…`, a merchant
 *   request answered in plain text: `0` voided, a negative number refused. Its URL holds the password,
 *   so it never goes into a message.
 *
 * Cards, QR display and the hosted checkout are not Dragonpay's part here: they stay with the
 * provider handed in as `others` (the sandbox today). The password is never logged or answered.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  PROVIDER_STATUSES,
  type PaymentProvider,
  type ProviderNotification,
  type ProviderStatus,
  type ProviderTransaction,
  type VoidAnswer,
} from './payment-provider.ts';

export interface DragonpaySettings {
  merchantId: string;
  password: string;
  baseUrl: string;
  timeoutMs: number;
  /** Calls made for one issue or status query before giving up (the first included). */
  attempts?: number;
  /** The email Dragonpay sends its own receipts to (the lender's collections mailbox). */
  email?: string;
}

/** A failure worth another try: no answer in time, no connection, or the provider's own 5xx. */
class ProviderUnavailable extends Error {}

export const dragonpayDigest = (n: Omit<ProviderNotification, 'digest'>, password: string) =>
  createHash('sha1').update(`${n.txnid}:${n.refno}:${n.status}:${n.message}:${password}`).digest('hex');

/** Compares two digests in constant time (both hashed first, so lengths never leak either). */
function sameDigest(a: string, b: string): boolean {
  const h = (v: string) => createHash('sha256').update(v.toLowerCase()).digest();
  return timingSafeEqual(h(a), h(b));
}

const pesos = (minor: number) => Math.round(minor) / 100;
const isStatus = (s: unknown): s is ProviderStatus => typeof s === 'string' && (PROVIDER_STATUSES as readonly string[]).includes(s);

export function createDragonpayPaymentProvider(settings: DragonpaySettings, others: PaymentProvider): PaymentProvider {
  const attempts = settings.attempts ?? 3;
  const auth = `Basic ${Buffer.from(`${settings.merchantId}:${settings.password}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> | null }> {
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: { Authorization: auth, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (err) {
      throw new ProviderUnavailable(`Dragonpay did not answer ${method} ${path}: ${(err as Error).name}`);
    }
    if (res.status >= 500) throw new ProviderUnavailable(`Dragonpay answered ${res.status} to ${method} ${path}`);
    const text = await res.text().catch(() => '');
    let json: Record<string, unknown> | null = null;
    try {
      json = text ? (JSON.parse(text) as Record<string, unknown>) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  async function lookUp(txnId: string): Promise<ProviderTransaction | null> {
    const { status, json } = await call('GET', `/api/collect/v1/txnid/${encodeURIComponent(txnId)}`);
    if (status === 404) return null;
    if (status !== 200 || !json || typeof json.RefNo !== 'string' || !isStatus(json.Status) || typeof json.Amount !== 'number') {
      throw new Error(`Dragonpay's status of ${txnId} could not be read (HTTP ${status})`);
    }
    return { txnId, refNo: json.RefNo, status: json.Status, amountMinor: Math.round(json.Amount * 100) };
  }

  async function withRetries<T>(run: (attempt: number) => Promise<T>): Promise<T> {
    let last: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        return await run(attempt);
      } catch (err) {
        if (!(err instanceof ProviderUnavailable)) throw err;
        last = err;
      }
    }
    throw last;
  }

  /** One merchant request to void a txnid: one try only (a void is asked after the money was applied, while someone waits). */
  async function voidTxn(txnId: string): Promise<VoidAnswer> {
    const query = new URLSearchParams({ op: 'VOID', merchantid: settings.merchantId, merchantpwd: settings.password, txnid: txnId });
    let res: Response;
    try {
      res = await fetch(`${settings.baseUrl}/MerchantRequest.aspx?${query.toString()}`, { signal: AbortSignal.timeout(settings.timeoutMs) });
    } catch (err) {
      throw new ProviderUnavailable(`Dragonpay did not answer the void of ${txnId}: ${(err as Error).name}`);
    }
    const text = (await res.text().catch(() => '')).trim();
    if (res.status !== 200) throw new Error(`Dragonpay answered HTTP ${res.status} to the void of ${txnId}`);
    if (text === '0') return { outcome: 'done' };
    if (/^-\d{1,4}$/.test(text)) return { outcome: 'refused', detail: `Dragonpay answered ${text}` };
    throw new Error(`Dragonpay's answer to the void of ${txnId} could not be read`);
  }

  // The stand-in's counter is not Dragonpay's: its pay codes are paid at Dragonpay and told by its postback.
  const { recordCounterPayment: _standInCounter, ...cards } = others;
  return {
    ...cards,
    name: 'dragonpay',

    async createPayCode(request) {
      // Dragonpay's txnid: letters, digits and '-', at most 40 characters.
      const txnId = `${request.orderNo}-${randomBytes(5).toString('hex')}`.slice(0, 40);
      return withRetries(async (attempt) => {
        // After a call that may have reached Dragonpay, ask before posting again: one txnid, one refno.
        if (attempt > 1) {
          const found = await lookUp(txnId);
          if (found) return { code: found.refNo, txnId };
        }
        const { status, json } = await call('POST', `/api/collect/v1/${encodeURIComponent(txnId)}/post`, {
          Amount: pesos(request.amountMinor),
          Currency: 'PHP',
          Description: `Loan ${request.orderNo} ${request.purpose === 'rollover' ? 'rollover' : 'repayment'}`,
          Email: settings.email ?? 'collections@lender.example',
          Expiry: request.expiresAt.toISOString(),
        });
        if (status !== 200 || !json || typeof json.RefNo !== 'string' || json.RefNo === '') {
          throw new Error(`Dragonpay refused a reference for ${txnId} (HTTP ${status}${typeof json?.Message === 'string' ? `: ${json.Message}` : ''})`);
        }
        return { code: json.RefNo, txnId };
      });
    },

    transactionStatus: (txnId) => withRetries(() => lookUp(txnId)),

    verifyNotification: (n) => n.digest.length > 0 && sameDigest(n.digest, dragonpayDigest(n, settings.password)),

    // Every pay code is a Dragonpay txnid here (card and checkout ones too): Dragonpay voids them all.
    voidTransaction: voidTxn,
  };
}
