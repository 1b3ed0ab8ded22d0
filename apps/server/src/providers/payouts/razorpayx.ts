/**
 * India's payout provider: the RazorpayX Payouts adapter (docs/ops.md, "Payout providers"), sending
 * loan money to the borrower's bound bank account by IMPS. What it speaks, from RazorpayX's documented
 * Payouts API (razorpay.com/docs/api/x/…):
 *
 * - making a payout: the composite `POST {base}/v1/payouts` (HTTP Basic key_id:key_secret) with the
 *   header `X-Payout-Idempotency: <our reference>` (mandatory since March 2025; 4–36 letters, digits,
 *   `-`, `_` or spaces; a retry under the same key must carry the same body, and answers the payout
 *   made by the first) and a JSON body naming the lender's RazorpayX business account
 *   (`account_number`), the amount in paise, `mode: 'IMPS'`, `purpose: 'payout'`, the fund account
 *   inline (`bank_account` {name, ifsc, account_number} and its `contact`), `queue_if_low_balance`,
 *   `reference_id` (our reference again) and `narration`. It answers the payout entity
 *   `{id: 'pout_…', status, status_details: {reason, description, source}, reference_id, utr, …}`;
 *   a refusal answers 4xx `{error: {code: 'BAD_REQUEST_ERROR', description, field, …}}`;
 * - its status: `GET {base}/v1/payouts?account_number=…&reference_id=…`, a collection
 *   `{entity: 'collection', count, items}` (no item: no payout was made under our reference). RazorpayX
 *   itself points at webhooks rather than polling; we ask only before a retry and when a notification
 *   is late. The items are checked for our reference here too;
 * - its daily report, for the books (docs/books.md, "Report format"): `GET {base}/v1/payouts?account_number=…
 *   &from=…&to=…&count=100&skip=…` (Fetch All Payouts; `from`/`to` Unix seconds of the day in Kolkata,
 *   pages of 100), each payout with its `reference_id`, `amount` and `fees` in paise (`fees` includes
 *   the GST shown in `tax`). A processed payout is a `payout` line; a reversed one also a `payout_return`
 *   line on the same day (the payout entity does not say when it was reversed); one still queued or
 *   processing, failed, rejected or cancelled moved no money of ours and is not listed;
 * - the webhook: a raw JSON event `{event: 'payout.processed' | …, payload: {payout: {entity}}, created_at}`
 *   with `X-Razorpay-Signature` = hex HMAC-SHA256 of the raw body under the webhook secret, checked here
 *   in constant time on the bytes as received (never re-serialised).
 *
 * Statuses: queued, pending and processing are `processing`; processed is `paid`; failed, rejected and
 * cancelled are `failed`; reversed is `reversed`. Why a payout failed is read from `status_details`
 * (reason and description, words kept in `failureReason`) into a PayoutFailureKind.
 *
 * UPI (VPA) payouts are not made here: the borrower binds a bank account and IFSC, so the fund account
 * is always `bank_account` over IMPS. The key secret, the webhook secret and the lender's account number
 * are never put into an error message or a log line (the status query's URL holds the account number,
 * so messages name the call, never the URL).
 */
import { createHmac } from 'node:crypto';
import {
  type PayoutAnswer,
  type PayoutFailureKind,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutStatus,
} from './payout-provider.ts';
import { providerJsonCall, retriedWhileUnavailable, sameSecret } from './provider-call.ts';
import { dayBounds, listedPayoutLines, reportCsv, type ReportCsvLine } from '../reports/report-csv.ts';

export interface RazorpayxSettings {
  keyId: string;
  keySecret: string;
  /** The secret set on the webhook in the RazorpayX Dashboard (not the API key secret). */
  webhookSecret: string;
  /** The lender's RazorpayX business account number (the account paid from, never the borrower's). */
  accountNumber: string;
  /** `https://api.razorpay.com` in production; the stand-in's address in tests. */
  baseUrl: string;
  timeoutMs: number;
  /** Calls made for one status query before giving up (the first included); 3 unless set. */
  attempts?: number;
}

/** RazorpayX's payout statuses as its Payouts entity documents them. */
type RazorpayxStatus = 'queued' | 'pending' | 'processing' | 'processed' | 'reversed' | 'cancelled' | 'rejected' | 'failed';

const STATUS_OF: Record<RazorpayxStatus, PayoutStatus> = {
  queued: 'processing',
  pending: 'processing',
  processing: 'processing',
  processed: 'paid',
  reversed: 'reversed',
  cancelled: 'failed',
  rejected: 'failed',
  failed: 'failed',
};

/** The webhook events that carry a final word on a payout; the others (queued, initiated, updated, pending) change nothing for us. */
const FINAL_EVENTS = new Set(['payout.processed', 'payout.reversed', 'payout.failed', 'payout.rejected']);

/** RazorpayX's idempotency key: 4–36 letters, digits, hyphens, underscores or spaces. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9 _-]{4,36}$/;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const isRazorpayxStatus = (s: unknown): s is RazorpayxStatus => typeof s === 'string' && Object.hasOwn(STATUS_OF, s);

/**
 * The kind of a failure or reversal, from RazorpayX's `status_details` (reason, description, source).
 * Its documented sources: `beneficiary_bank`, `gateway` (its partner bank), `internal` (its own
 * servers), `business` (the merchant's action); the reasons are words like `imps_not_allowed` or
 * `amount_limit_exhausted`, so they are read by what they say, then by where the failure came from.
 */
export function razorpayxFailureKind(reason: string | null, description: string | null, source: string | null): PayoutFailureKind {
  const words = `${reason ?? ''} ${description ?? ''}`.toLowerCase().replace(/_/g, ' ');
  if (/\bwindow\b/.test(words)) return 'bank_unavailable';
  if (/\b(closed|dormant|frozen|inactive|blocked)\b/.test(words)) return 'account_closed';
  if (/\bname\b.{0,30}\b(mismatch|match|differs?)\b|\bmismatch\b.{0,30}\bname\b/.test(words)) return 'name_mismatch';
  if (/\blimits?\b/.test(words)) return 'limit_exceeded';
  if (/\b(invalid|incorrect|wrong|not exist|does not exist|no such)\b|\bifsc\b/.test(words)) return 'account_invalid';
  if (/\b(downtime|down|offline|unavailable|timeout|timed out|technical|server error|npci|not reachable)\b/.test(words)) return 'bank_unavailable';
  if (source === 'gateway' || source === 'internal') return 'bank_unavailable';
  return 'other';
}

/** Reads a RazorpayX payout entity into our answer, or null when it is not one. */
function answerOf(entity: unknown, paidAt: Date | null = null): PayoutAnswer | null {
  if (!isObject(entity)) return null;
  const reference = str(entity.reference_id);
  if (!reference || !isRazorpayxStatus(entity.status)) return null;
  const status = STATUS_OF[entity.status];
  const details = isObject(entity.status_details) ? entity.status_details : {};
  const reason = str(details.reason);
  const description = str(details.description);
  const unsuccessful = status === 'failed' || status === 'reversed';
  return {
    reference,
    status,
    providerRef: str(entity.id),
    failureKind: unsuccessful ? razorpayxFailureKind(reason, description, str(details.source)) : null,
    failureReason: unsuccessful ? (description ?? reason ?? `RazorpayX status ${entity.status}`) : null,
    paidAt: status === 'paid' ? paidAt : null,
  };
}

/** Compares two hex signatures in constant time (both hashed first, so their lengths never leak). */
/** RazorpayX's narration: at most 30 characters, letters, digits and spaces only. */
const narrationOf = (text: string) =>
  text
    .replace(/[^A-Za-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30)
    .trim();

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  const one = Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
  return typeof one === 'string' && one !== '' ? one : null;
}

export function createRazorpayxPayoutProvider(settings: RazorpayxSettings): PayoutProvider {
  const attempts = Math.max(1, settings.attempts ?? 3);
  const auth = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;
  const base = settings.baseUrl.replace(/\/+$/, '');
  /** The provider's words with our secrets and account number taken out, should it ever echo them. */
  const scrub = (text: string) =>
    [settings.keySecret, settings.webhookSecret, settings.accountNumber].filter((s) => s.length > 0).reduce((t, s) => t.split(s).join('[withheld]'), text);
  const errorWords = (json: Json | null) => {
    const error = json && isObject(json.error) ? json.error : null;
    const description = error ? str(error.description) : null;
    return description ? `: ${scrub(description)}` : '';
  };

  /**
   * One call. `label` names it in messages (never the URL: the status query's holds the account
   * number). No answer in time, no connection, a 5xx or a 429 throw PayoutProviderUnavailable.
   */
  async function call(label: string, method: 'GET' | 'POST', path: string, body?: unknown, extraHeaders: Record<string, string> = {}) {
    const { status, json } = await providerJsonCall('RazorpayX', label, `${base}${path}`, { method, headers: { Authorization: auth, ...extraHeaders }, body, timeoutMs: settings.timeoutMs });
    return { status, json: isObject(json) ? json : null };
  }

  async function lookUp(reference: string): Promise<PayoutAnswer | null> {
    const query = new URLSearchParams({ account_number: settings.accountNumber, reference_id: reference, count: '100' });
    const label = `the status query of ${reference}`;
    const { status, json } = await call(label, 'GET', `/v1/payouts?${query.toString()}`);
    if (status !== 200 || !json || !Array.isArray(json.items)) {
      throw new Error(`RazorpayX's answer to ${label} could not be read (HTTP ${status}${errorWords(json)})`);
    }
    // Ours only (the filter is the provider's; a payout someone made by hand under the same
    // reference_id is possible): the one still alive or paid first, then the newest.
    const ours = json.items.filter((item): item is Json => isObject(item) && item.reference_id === reference && isRazorpayxStatus(item.status));
    if (ours.length === 0) return null;
    const dead = (p: Json) => p.status === 'failed' || p.status === 'rejected' || p.status === 'cancelled';
    const created = (p: Json) => (typeof p.created_at === 'number' ? p.created_at : 0);
    ours.sort((a, b) => Number(dead(a)) - Number(dead(b)) || created(b) - created(a));
    return answerOf(ours[0]);
  }

  /** The day's payouts as RazorpayX lists them, every page, read into the books' report lines. */
  async function dailyReport(day: string): Promise<string> {
    const { start, end } = dayBounds(day, 'IN');
    const from = Math.floor(start.getTime() / 1000);
    const to = Math.floor(end.getTime() / 1000) - 1; // RazorpayX's `to` is inclusive
    const lines: ReportCsvLine[] = [];
    const label = `the payouts list of ${day}`;
    for (let skip = 0; ; skip += 100) {
      const query = new URLSearchParams({ account_number: settings.accountNumber, from: String(from), to: String(to), count: '100', skip: String(skip) });
      const { status, json } = await retriedWhileUnavailable(attempts, () => call(label, 'GET', `/v1/payouts?${query.toString()}`));
      if (status !== 200 || !json || !Array.isArray(json.items)) throw new Error(`RazorpayX's answer to ${label} could not be read (HTTP ${status}${errorWords(json)})`);
      for (const item of json.items) {
        if (!isObject(item) || (item.status !== 'processed' && item.status !== 'reversed')) continue;
        const reference = str(item.reference_id);
        const amount = item.amount;
        const fees = item.fees ?? 0;
        if (!reference || !Number.isSafeInteger(amount) || !Number.isSafeInteger(fees)) throw new Error(`RazorpayX's answer to ${label} has a payout without a reference or whole amounts (${str(item.id) ?? 'no id'})`);
        lines.push(...listedPayoutLines({ reference, currency: 'INR', amountMinor: amount as number, feeMinor: fees as number }, item.status === 'reversed'));
      }
      if (json.items.length < 100) break;
    }
    return reportCsv('razorpayx', day, lines);
  }

  return {
    name: 'razorpayx',
    currency: 'INR',
    dailyReport,

    async createPayout(request: PayoutRequest): Promise<PayoutAnswer> {
      const { reference } = request;
      if (!IDEMPOTENCY_KEY.test(reference)) throw new Error(`Payout reference ${JSON.stringify(reference)} cannot be RazorpayX's idempotency key (4-36 letters, digits, - or _)`);
      if (request.currency !== 'INR') throw new Error(`RazorpayX pays out INR, not ${request.currency} (payout ${reference})`);
      if (!Number.isSafeInteger(request.amountMinor) || request.amountMinor <= 0) throw new Error(`Payout ${reference} has no whole amount in paise`);
      const label = `the payout ${reference}`;
      // The same request always makes the same body: RazorpayX refuses a retry whose body differs.
      const { status, json } = await call(
        label,
        'POST',
        '/v1/payouts',
        {
          account_number: settings.accountNumber,
          amount: request.amountMinor,
          currency: 'INR',
          mode: 'IMPS',
          purpose: 'payout',
          fund_account: {
            account_type: 'bank_account',
            bank_account: { name: request.account.holderName, ifsc: request.account.bankCode.trim().toUpperCase(), account_number: request.account.accountNumber },
            contact: { name: request.contact.name, contact: request.contact.phone, type: 'customer' },
          },
          queue_if_low_balance: true,
          reference_id: reference,
          narration: narrationOf(request.narration),
        },
        { 'X-Payout-Idempotency': reference },
      );
      if (status >= 200 && status < 300) {
        const answer = answerOf(json);
        if (!answer || answer.reference !== reference) throw new Error(`RazorpayX's answer to ${label} could not be read (HTTP ${status})`);
        return answer;
      }
      const error = json && isObject(json.error) ? json.error : null;
      if (status === 400 && error?.code === 'BAD_REQUEST_ERROR') {
        const field = str(error.field) ?? '';
        const description = scrub(str(error.description) ?? 'RazorpayX refused the payout');
        // Not the borrower's account at fault: our idempotency key reused with another body, or the
        // lender's own business account refused. Nothing to tell the borrower; someone must look.
        if (/idempotency/i.test(`${field} ${description}`) || field === 'account_number') {
          throw new Error(`RazorpayX refused ${label} (field ${field || 'none'}): ${description}`);
        }
        // The borrower's bank account refused (a malformed IFSC or account number, a holder's name
        // RazorpayX will not take): nothing was made, and a new payout needs new account details.
        const kind = /ifsc|account|bank|name|fund|contact/i.test(field) ? 'account_invalid' : razorpayxFailureKind(str(error.reason), description, str(error.source));
        return { reference, status: 'failed', providerRef: null, failureKind: kind, failureReason: description, paidAt: null };
      }
      throw new Error(`RazorpayX refused ${label} (HTTP ${status}${errorWords(json)})`);
    },

    payoutStatus: (reference: string) => retriedWhileUnavailable(attempts, () => lookUp(reference)),

    readNotification(headers, rawBody) {
      const signature = header(headers, 'x-razorpay-signature');
      if (!signature) return { verified: false, answer: null };
      const expected = createHmac('sha256', settings.webhookSecret).update(rawBody, 'utf8').digest('hex');
      if (!sameSecret(signature.trim().toLowerCase(), expected)) return { verified: false, answer: null };
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return { verified: true, answer: null };
      }
      if (!isObject(event) || typeof event.event !== 'string' || !FINAL_EVENTS.has(event.event)) return { verified: true, answer: null };
      const payload = isObject(event.payload) ? event.payload : {};
      const payout = isObject(payload.payout) ? payload.payout : {};
      const at = typeof event.created_at === 'number' ? new Date(event.created_at * 1000) : null;
      const answer = answerOf(payout.entity, at);
      // A final event whose entity does not say a final status is not acted on.
      return { verified: true, answer: answer && answer.status !== 'processing' ? answer : null };
    },
  };
}

