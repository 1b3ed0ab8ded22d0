/**
 * The Philippines' payout provider: Xendit's Payouts API (v2), behind the PayoutProvider interface
 * (payout-provider.ts). What it speaks, from Xendit's documentation (docs.xendit.co/apidocs
 * create-payout, get-all-payouts, payout-webhook-notification; docs/payout-status-lifecycle):
 *
 * - creating: `POST {base}/v2/payouts`, HTTP Basic with the secret key as the user name and an empty
 *   password, header `Idempotency-key` (required, at most 100 characters: our payout attempt's
 *   reference), JSON `{reference_id, channel_code, channel_properties: {account_holder_name,
 *   account_number}, amount, currency, description}` with the amount in pesos (at most 2 decimals).
 *   It answers the payout object `{id, reference_id, status, failure_code?, amount, created, updated,
 *   …}`, ACCEPTED when made. Refusals are `{error_code, error_message}`: 400 (API_VALIDATION_ERROR,
 *   CHANNEL_CODE_NOT_SUPPORTED, MINIMUM_/MAXIMUM_TRANSFER_LIMIT_ERROR, AMOUNT_INCREMENT_NOT_SUPPORTED,
 *   DUPLICATE_ERROR: the key was used for a different body), 401 INVALID_API_KEY, 403
 *   REQUEST_FORBIDDEN_ERROR, 500 SERVER_ERROR ("retry safely using Idempotency-key");
 * - the status query: `GET {base}/v2/payouts?reference_id=…` answers an array of payout objects,
 *   empty when none was made under that reference;
 * - its daily report, for the books (docs/books.md, "Report format"): Xendit's List Transactions,
 *   `GET {base}/transactions?types=DISBURSEMENT&statuses=SUCCESS&statuses=REVERSED&currency=PHP
 *   &created[gte]=…&created[lte]=…&limit=50[&after_id=…]` (the day in Manila, ISO instants; pages
 *   followed by `after_id` while `has_more`), each transaction with its `reference_id`, `amount` in
 *   pesos and `fee: {xendit_fee, value_added_tax, …}`. A succeeded payout is a `payout` line, its fee
 *   Xendit's fee and the VAT on it; a reversed one also a `payout_return` line on the same day (the
 *   transaction does not say when it was reversed);
 * - the webhook: POST of `{event: payout.succeeded | payout.failed | payout.reversed, business_id,
 *   created, data: <payout object>}` with header `x-callback-token` equal to the account's webhook
 *   verification token, compared here in constant time.
 *
 * The channel code is Xendit's bank code: the bound account's `bankCode` when it already starts
 * with `PH_` (e.g. PH_BDO), otherwise `PH_` + the bank code upper-cased. The rail is Xendit's choice
 * per channel and amount: InstaPay (real time, up to ₱50,000 a transfer) or PESONet (same day, with a
 * 14:00 cut-off, no upper limit); nothing here picks one.
 *
 * Our reference is both `reference_id` and the idempotency key, so one reference never makes two
 * payouts: a create that timed out, failed to connect or met a 5xx throws PayoutProviderUnavailable
 * (whether a payout was made is unknown) and the caller asks `payoutStatus` before anything else;
 * posting the same body under the same key again answers the payout made. Xendit's statuses map to
 * ours as ACCEPTED/REQUESTED → processing, SUCCEEDED → paid, FAILED/CANCELLED → failed, REVERSED →
 * reversed; failure codes as `failureKind` below, Xendit's own code (and message) kept in
 * `failureReason`. The secret key and the account number never go into a message or a log line.
 */
import {
  type PayoutAnswer,
  type PayoutFailureKind,
  type PayoutProvider,
  type PayoutRequest,
  type PayoutStatus,
} from './payout-provider.ts';
import { providerJsonCall, retriedWhileUnavailable, sameSecret } from './provider-call.ts';
import { dayBounds, listedPayoutLines, reportCsv, type ReportCsvLine } from '../reports/report-csv.ts';

/** Pesos with at most 2 decimals, as Xendit writes them, in centavos; null when it is not such an amount. */
function centavos(value: unknown): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return null;
  const minor = Math.round(value * 100);
  return Math.abs(minor - value * 100) < 1e-6 ? minor : null;
}

export interface XenditSettings {
  /** The secret API key (with the money-out permission): the Basic auth user name. */
  secretKey: string;
  /** The webhook verification token of the Xendit account (Settings → Webhooks). */
  callbackToken: string;
  /** https://api.xendit.co, or a stand-in's address. */
  baseUrl: string;
  timeoutMs: number;
  /** Calls made for one status query before giving up (the first included). */
  attempts?: number;
}

/** Xendit's payout statuses (v2) and ours. */
const STATUS_MAP: Record<string, PayoutStatus> = {
  ACCEPTED: 'processing',
  REQUESTED: 'processing',
  SUCCEEDED: 'paid',
  FAILED: 'failed',
  CANCELLED: 'failed',
  REVERSED: 'reversed',
};

/**
 * Xendit's documented failure codes (the payout object's `failure_code`) in the kinds the borrower's
 * screen words. Xendit's v2 list names no closed account and no name mismatch of its own: a bank that
 * cannot credit an account answers REJECTED_BY_CHANNEL ("network issues … or issues crediting funds
 * into the destination bank account"), too broad to call the account closed, so it stays `other`.
 */
const FAILURE_KINDS: Record<string, PayoutFailureKind> = {
  // "The recipient account does not exist/is invalid."
  INVALID_DESTINATION: 'account_invalid',
  // "The payout amount exceeding the recipient's ability to receive."
  DESTINATION_MAXIMUM_LIMIT: 'limit_exceeded',
  // "The channel networks are experiencing a temporary error."
  TEMPORARY_TRANSFER_ERROR: 'bank_unavailable',
  // Our own balance at Xendit is short: nothing about the borrower's account.
  INSUFFICIENT_BALANCE: 'other',
  REJECTED_BY_CHANNEL: 'other',
  // "A fatal error … certain API fields in your request are invalid."
  TRANSFER_ERROR: 'other',
  // "The bank has delivered an error they have not documented."
  UNKNOWN_BANK_NETWORK_ERROR: 'other',
};

/** Refusals of a create (HTTP 400 `error_code`) in our kinds; any other 400 refusal is `account_invalid`. */
const REFUSAL_KINDS: Record<string, PayoutFailureKind> = {
  MAXIMUM_TRANSFER_LIMIT_ERROR: 'limit_exceeded',
  MINIMUM_TRANSFER_LIMIT_ERROR: 'other',
  AMOUNT_INCREMENT_NOT_SUPPORTED: 'other',
};

/** Webhook events that carry a payout's final word (docs: payout-webhook-notification). */
const PAYOUT_EVENTS = new Set(['payout.succeeded', 'payout.failed', 'payout.reversed']);

/** The Xendit channel code of a bound account's bank code (see the header). */
export function xenditChannelCode(bankCode: string): string {
  const code = bankCode.trim().toUpperCase();
  return code.startsWith('PH_') ? code : `PH_${code}`;
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** The payout object (create answer, query item, webhook data) as our answer; null when it cannot be read. */
function toAnswer(reference: string, payout: Record<string, unknown>): PayoutAnswer | null {
  const xenditStatus = str(payout.status);
  const status = xenditStatus ? STATUS_MAP[xenditStatus] : undefined;
  if (!xenditStatus || !status) return null;
  const failureCode = str(payout.failure_code);
  let failureKind: PayoutFailureKind | null = null;
  let failureReason: string | null = null;
  if (status === 'failed') {
    failureKind = failureCode ? (FAILURE_KINDS[failureCode] ?? 'other') : 'other';
    failureReason = failureCode ? `Xendit ${xenditStatus}: ${failureCode}` : `Xendit ${xenditStatus}`;
  } else if (status === 'reversed') {
    // Xendit: "rejected by the channel after the payout succeeded. Commonly due to invalid or dormant
    // account": money that came back from an account that took it first is a dormant (closed) one.
    failureKind = failureCode ? (FAILURE_KINDS[failureCode] ?? 'account_closed') : 'account_closed';
    failureReason = failureCode ? `Xendit REVERSED: ${failureCode}` : 'Xendit REVERSED: the bank sent the payout back';
  }
  // Xendit stamps `updated` when the status changes: for SUCCEEDED that is when the channel sent it out.
  const updated = str(payout.updated);
  const paidAt = status === 'paid' && updated && !Number.isNaN(Date.parse(updated)) ? new Date(updated) : null;
  return { reference, status, providerRef: str(payout.id), failureKind, failureReason, paidAt };
}

/** Among payouts made under one reference (Xendit does not require reference_id to be unique), the one that stands. */
function pick(payouts: Record<string, unknown>[]): Record<string, unknown> | undefined {
  const live = payouts.filter((p) => p.status !== 'FAILED' && p.status !== 'CANCELLED');
  const pool = live.length > 0 ? live : payouts;
  return [...pool].sort((a, b) => String(b.created ?? '').localeCompare(String(a.created ?? '')))[0];
}

export function createXenditPayoutProvider(settings: XenditSettings): PayoutProvider {
  const attempts = Math.max(1, settings.attempts ?? 3);
  const auth = `Basic ${Buffer.from(`${settings.secretKey}:`).toString('base64')}`;

  /** Takes the account number out of a provider's words before they are kept or thrown. */
  const scrub = (text: string, accountNumber?: string) => (accountNumber && accountNumber.length >= 4 ? text.split(accountNumber).join('[account]') : text);

  const call = (method: 'GET' | 'POST', path: string, what: string, body?: unknown, idempotencyKey?: string) =>
    providerJsonCall('Xendit', what, `${settings.baseUrl}${path}`, {
      method,
      headers: { Authorization: auth, ...(idempotencyKey ? { 'Idempotency-key': idempotencyKey } : {}) },
      body,
      timeoutMs: settings.timeoutMs,
    });

  const errorOf = (json: unknown): { code: string; message: string } => {
    const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
    return { code: str(o.error_code) ?? 'UNKNOWN_ERROR', message: str(o.error_message) ?? str(o.message) ?? '' };
  };

  async function lookUp(reference: string): Promise<PayoutAnswer | null> {
    const what = `the status query of ${reference}`;
    const { status, json } = await call('GET', `/v2/payouts?reference_id=${encodeURIComponent(reference)}`, what);
    if (status === 404) return null;
    if (status === 401 || status === 403) throw new Error(`Xendit refused our credentials for ${what} (HTTP ${status} ${errorOf(json).code})`);
    if (status !== 200 || !Array.isArray(json)) throw new Error(`Xendit's answer to ${what} could not be read (HTTP ${status})`);
    const mine = (json as unknown[]).filter((p): p is Record<string, unknown> => !!p && typeof p === 'object' && (p as Record<string, unknown>).reference_id === reference);
    const found = pick(mine);
    if (!found) return null;
    const answer = toAnswer(reference, found);
    if (!answer) throw new Error(`Xendit's status of ${reference} could not be read (status ${String(found.status)})`);
    return answer;
  }

  const payoutStatus = (reference: string) => retriedWhileUnavailable(attempts, () => lookUp(reference));

  async function createPayout(request: PayoutRequest): Promise<PayoutAnswer> {
    if (request.currency !== 'PHP') throw new Error(`Xendit pays out PHP here, not ${request.currency} (${request.reference})`);
    if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) throw new Error(`A payout's amount must be a positive whole number of centavos (${request.reference})`);
    const { reference, account } = request;
    const description = request.narration.trim().slice(0, 100);
    const what = `the payout ${reference}`;
    const { status, json } = await call(
      'POST',
      '/v2/payouts',
      what,
      {
        reference_id: reference,
        channel_code: xenditChannelCode(account.bankCode),
        channel_properties: { account_holder_name: account.holderName.trim().slice(0, 100), account_number: account.accountNumber.trim() },
        amount: request.amountMinor / 100,
        currency: 'PHP',
        ...(description ? { description } : {}),
      },
      reference,
    );
    if (status === 200 || status === 201) {
      const answer = json && typeof json === 'object' ? toAnswer(reference, json as Record<string, unknown>) : null;
      if (!answer) throw new Error(`Xendit's answer to ${what} could not be read (HTTP ${status})`);
      return answer;
    }
    const { code, message } = errorOf(json);
    // The key was used before (for this reference: a body that differs from the first, e.g. a renamed
    // account): the payout made under it is the answer, never a second one.
    if (code === 'DUPLICATE_ERROR' || status === 409) {
      const found = await payoutStatus(reference);
      if (found) return found;
      throw new Error(`Xendit says ${what} exists (${code}) but its status query finds none`);
    }
    if (status === 401 || status === 403) throw new Error(`Xendit refused our credentials for ${what} (HTTP ${status} ${code})`);
    // Xendit's refusals of a payout are 400s with an error code; another 4xx (404: a wrong base URL)
    // says nothing about the borrower's account, so it is not turned into a failed payout.
    if (status === 400 && code !== 'UNKNOWN_ERROR') {
      const reason = scrub(message ? `${code}: ${message}` : code, account.accountNumber.trim());
      return { reference, status: 'failed', providerRef: null, failureKind: REFUSAL_KINDS[code] ?? 'account_invalid', failureReason: `Xendit refused the payout (HTTP ${status}) ${reason}`, paidAt: null };
    }
    throw new Error(`Xendit's answer to ${what} could not be read (HTTP ${status}${code !== 'UNKNOWN_ERROR' ? ` ${code}` : ''})`);
  }

  function readNotification(headers: Record<string, string | string[] | undefined>, rawBody: string): { verified: boolean; answer: PayoutAnswer | null } {
    const token = header(headers, 'x-callback-token');
    const verified = !!token && settings.callbackToken.length > 0 && sameSecret(token, settings.callbackToken);
    if (!verified) return { verified: false, answer: null };
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return { verified: true, answer: null };
    }
    const o = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const data = o.data && typeof o.data === 'object' ? (o.data as Record<string, unknown>) : null;
    if (typeof o.event !== 'string' || !PAYOUT_EVENTS.has(o.event) || !data) return { verified: true, answer: null };
    const reference = str(data.reference_id);
    if (!reference || (data.currency !== undefined && data.currency !== 'PHP')) return { verified: true, answer: null };
    return { verified: true, answer: toAnswer(reference, data) };
  }

  /** The day's payouts as Xendit's transactions list shows them, every page, read into the books' report lines. */
  async function dailyReport(day: string): Promise<string> {
    const { start, end } = dayBounds(day, 'PH');
    const what = `the transactions list of ${day}`;
    const lines: ReportCsvLine[] = [];
    for (let after: string | null = null; ; ) {
      const query = new URLSearchParams(<Array<[string, string]>>[
        ['types', 'DISBURSEMENT'],
        ['statuses', 'SUCCESS'],
        ['statuses', 'REVERSED'],
        ['currency', 'PHP'],
        ['created[gte]', start.toISOString()],
        ['created[lte]', new Date(end.getTime() - 1).toISOString()],
        ['limit', '50'],
        ...(after ? [['after_id', after] as [string, string]] : []),
      ]);
      const { status, json } = await retriedWhileUnavailable(attempts, () => call('GET', `/transactions?${query.toString()}`, what));
      if (status === 401 || status === 403) throw new Error(`Xendit refused our credentials for ${what} (HTTP ${status} ${errorOf(json).code})`);
      const page = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
      if (status !== 200 || !Array.isArray(page.data)) throw new Error(`Xendit's answer to ${what} could not be read (HTTP ${status})`);
      for (const t of page.data as Array<Record<string, unknown>>) {
        if (!t || typeof t !== 'object' || (t.status !== 'SUCCESS' && t.status !== 'REVERSED')) continue;
        const fee = (t.fee && typeof t.fee === 'object' ? t.fee : {}) as Record<string, unknown>;
        const reference = str(t.reference_id);
        const amountMinor = centavos(t.amount);
        const feeParts = [centavos(fee.xendit_fee ?? 0), centavos(fee.value_added_tax ?? 0)];
        if (!reference || amountMinor === null || feeParts.includes(null)) throw new Error(`Xendit's answer to ${what} has a transaction without a reference or amounts in pesos (${str(t.id) ?? 'no id'})`);
        const feeMinor = feeParts.reduce<number>((sum, part) => sum + part!, 0);
        lines.push(...listedPayoutLines({ reference, currency: 'PHP', amountMinor, feeMinor }, t.status === 'REVERSED'));
      }
      const last = (page.data as Array<Record<string, unknown>>).at(-1);
      after = page.has_more === true && last ? str(last.id) : null;
      if (!after) break;
    }
    return reportCsv('xendit', day, lines);
  }

  return { name: 'xendit', currency: 'PHP', createPayout, payoutStatus, readNotification, dailyReport };
}
