/**
 * A local stand-in for Xendit's Payouts API (v2), speaking the protocol the adapter
 * (apps/server/src/providers/payouts/xendit.ts) speaks, as Xendit documents it:
 *
 * - `POST /v2/payouts` with HTTP Basic (the secret key as user name, empty password; 401
 *   INVALID_API_KEY otherwise) and a required `Idempotency-key` header (1–100 characters). The same key
 *   with the same body answers the payout made under it, never a second one; the same key with another
 *   body is refused (400 DUPLICATE_ERROR). Bodies are checked as Xendit checks them (400
 *   API_VALIDATION_ERROR, CHANNEL_CODE_NOT_SUPPORTED, MAXIMUM_TRANSFER_LIMIT_ERROR, each with
 *   `error_code` and `error_message`); a payout made is answered ACCEPTED;
 * - `GET /v2/payouts?reference_id=…` answers the array of payouts made under that reference (empty:
 *   none) and `GET /v2/payouts/{id}` one payout (404 DATA_NOT_FOUND);
 * - `GET /transactions` (List Transactions): each payout as a DISBURSEMENT transaction `{id: 'txn_…',
 *   product_id, type, status, channel_category, channel_code, reference_id, account_identifier,
 *   currency, amount, cashflow: 'MONEY_OUT', business_id, fee: {xendit_fee, value_added_tax, …},
 *   created, updated}`, filtered by `types`, `statuses`, `currency`, `created[gte]`/`created[lte]`,
 *   newest first, `limit` (10 unless said, at most 50) and `after_id`, answered `{has_more, data, links}`;
 * - webhooks `{event, business_id, created, data: <payout>}` posted with `x-callback-token`.
 *
 * This stand-in knows only the Philippines: channel codes `PH_…` and PHP. Tests play Xendit with it: a
 * payout stays ACCEPTED until the test completes it (`complete`, or at once with `autoComplete`), an
 * account can be made to fail (`setOutcome`), answers can be late (`delayNext`, a time-out at the
 * client) or Xendit's own 5xx (`failNext`).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.ts';

export type XenditPayoutStatus = 'ACCEPTED' | 'REQUESTED' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'REVERSED';

export interface StandinPayout {
  id: string;
  reference_id: string;
  channel_code: string;
  channel_properties: { account_holder_name: string; account_number: string };
  amount: number;
  currency: string;
  description?: string;
  status: XenditPayoutStatus;
  failure_code?: string;
  created: string;
  updated: string;
  estimated_arrival_time: string;
  business_id: string;
}

export interface XenditOutcome {
  status: XenditPayoutStatus;
  failureCode?: string;
}

export interface XenditStandin {
  baseUrl: string;
  secretKey: string;
  callbackToken: string;
  /** The payouts made, by reference_id (the first made under each reference). */
  payouts: Map<string, StandinPayout>;
  /** Every payout made, in order: its length is the number of payouts Xendit would have sent. */
  made: StandinPayout[];
  /** Calls received, by kind (`status`: both GETs). */
  calls: { create: number; status: number };
  /** The next `n` calls are received (and acted on) but answered only after `ms` (longer than the client waits: a time-out). */
  delayNext(n: number, ms: number): void;
  /** The next `n` calls are answered with HTTP `status` (a 5xx: Xendit's SERVER_ERROR) and not acted on. */
  failNext(n: number, status: number): void;
  /** What a payout to this account number ends as when completed (e.g. FAILED with REJECTED_BY_CHANNEL); SUCCEEDED otherwise. */
  setOutcome(accountNumber: string, outcome: XenditOutcome): void;
  /**
   * Changes the truth of the payout made under `reference`: to `status` (and `failureCode`), or when
   * no status is given to the outcome set for its account (SUCCEEDED otherwise).
   */
  complete(reference: string, status?: XenditPayoutStatus, failureCode?: string): StandinPayout;
  /**
   * Posts the webhook of the payout made under `reference` to `url` as Xendit does (event from its
   * status unless `opts.event` says otherwise; `x-callback-token` the account's unless `opts.token`
   * says otherwise, `null`: none); resolves with the HTTP status and the body answered.
   */
  notify(url: string, reference: string, opts?: { token?: string | null; event?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** What the stand-in charges per payout, in pesos: Xendit's fee and the 12% VAT on it, ₱10.00 in all. */
export const STANDIN_XENDIT_FEE = 8.93;
export const STANDIN_VAT = 1.07;

/** A payout's status as a transaction's (List Transactions' statuses). */
const TRANSACTION_STATUS: Record<XenditPayoutStatus, string> = { ACCEPTED: 'PENDING', REQUESTED: 'PENDING', SUCCEEDED: 'SUCCESS', FAILED: 'FAILED', CANCELLED: 'VOIDED', REVERSED: 'REVERSED' };

const EVENTS: Partial<Record<XenditPayoutStatus, string>> = { SUCCEEDED: 'payout.succeeded', FAILED: 'payout.failed', REVERSED: 'payout.reversed' };

/** A JSON value written with its object keys sorted: two bodies are "the same" when these match. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length >= 1 && v.length <= max;

export async function startXenditStandin(
  options: {
    secretKey?: string;
    callbackToken?: string;
    port?: number;
    /** A payout made ends at once as its account's outcome (SUCCEEDED otherwise), still answered ACCEPTED. */
    autoComplete?: boolean;
    /** The channel's largest amount in pesos (MAXIMUM_TRANSFER_LIMIT_ERROR above it); none by default. */
    maxAmount?: number;
  } = {},
): Promise<XenditStandin> {
  const secretKey = options.secretKey ?? `xnd_development_standin_${randomBytes(12).toString('hex')}`;
  const callbackToken = options.callbackToken ?? `cbt-${randomBytes(16).toString('hex')}`;
  const businessId = randomBytes(12).toString('hex');
  const payouts = new Map<string, StandinPayout>();
  const made: StandinPayout[] = [];
  const byKey = new Map<string, { body: string; payout: StandinPayout; firstAnswer: StandinPayout }>();
  const outcomes = new Map<string, XenditOutcome>();
  const calls = { create: 0, status: 0 };
  const delays: number[] = [];
  const failures: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;

  const send = async (res: ServerResponse, status: number, body: unknown, delayMs: number) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res: ServerResponse, status: number, code: string, message: string, delayMs = 0) => send(res, status, { error_code: code, error_message: message }, delayMs);

  const settle = (p: StandinPayout, outcome: XenditOutcome) => {
    p.status = outcome.status;
    if (outcome.failureCode) p.failure_code = outcome.failureCode;
    else delete p.failure_code;
    p.updated = new Date().toISOString();
  };

  /** Xendit's checks of a create body; the refusal, or null when it passes. */
  const check = (body: Record<string, unknown>): [number, string, string] | null => {
    if (!isText(body.reference_id, 255)) return [400, 'API_VALIDATION_ERROR', 'Should have required property "reference_id" (1 to 255 characters)'];
    if (typeof body.channel_code !== 'string' || body.channel_code === '') return [400, 'API_VALIDATION_ERROR', 'Should have required property "channel_code"'];
    if (!/^PH_[A-Z0-9_]{2,}$/.test(body.channel_code)) return [400, 'CHANNEL_CODE_NOT_SUPPORTED', '"channel_code" is not supported'];
    const props = (body.channel_properties && typeof body.channel_properties === 'object' ? body.channel_properties : null) as Record<string, unknown> | null;
    if (!props) return [400, 'API_VALIDATION_ERROR', 'Should have required property "channel_properties"'];
    if (!isText(props.account_holder_name, 100)) return [400, 'API_VALIDATION_ERROR', '"channel_properties.account_holder_name" should be 1 to 100 characters'];
    if (!isText(props.account_number, 100) || !/^\d+$/.test(props.account_number)) return [400, 'API_VALIDATION_ERROR', '"channel_properties.account_number" should be 1 to 100 digits'];
    if (typeof body.amount !== 'number' || !Number.isFinite(body.amount) || body.amount <= 0) return [400, 'API_VALIDATION_ERROR', '"amount" should be a number above 0'];
    if (Math.round(body.amount * 100) / 100 !== body.amount) return [400, 'API_VALIDATION_ERROR', '"amount" should have 2 decimal places or less'];
    if (body.currency !== 'PHP') return [400, 'API_VALIDATION_ERROR', '"currency" should be PHP'];
    if (body.description !== undefined && !isText(body.description, 100)) return [400, 'API_VALIDATION_ERROR', '"description" should be 1 to 100 characters'];
    if (options.maxAmount !== undefined && body.amount > options.maxAmount) return [400, 'MAXIMUM_TRANSFER_LIMIT_ERROR', '"amount" is more than the maximum amount supported for the channel'];
    return null;
  };

  const create = async (req: IncomingMessage, res: ServerResponse, delayMs: number) => {
    calls.create++;
    const key = req.headers['idempotency-key'];
    if (typeof key !== 'string' || key.length < 1 || key.length > 100) return refuse(res, 400, 'API_VALIDATION_ERROR', 'Should have required header "Idempotency-key" (1 to 100 characters)', delayMs);
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(await readBody(req));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return refuse(res, 400, 'INVALID_JSON_FORMAT', 'The request body is not a JSON object', delayMs);
    }
    const seen = byKey.get(key);
    if (seen) {
      if (seen.body !== canonical(body)) return refuse(res, 400, 'DUPLICATE_ERROR', 'A payout with this idempotency key already exists. If you meant to execute a different request, please use another idempotency key', delayMs);
      return send(res, 200, seen.firstAnswer, delayMs);
    }
    const refusal = check(body);
    if (refusal) return refuse(res, refusal[0], refusal[1], refusal[2], delayMs);
    const props = body.channel_properties as { account_holder_name: string; account_number: string };
    const now = new Date();
    const payout: StandinPayout = {
      id: `disb-${randomBytes(12).toString('hex')}`,
      reference_id: body.reference_id as string,
      channel_code: body.channel_code as string,
      channel_properties: { account_holder_name: props.account_holder_name, account_number: props.account_number },
      amount: body.amount as number,
      currency: 'PHP',
      ...(typeof body.description === 'string' ? { description: body.description } : {}),
      status: 'ACCEPTED',
      created: now.toISOString(),
      updated: now.toISOString(),
      estimated_arrival_time: new Date(now.getTime() + 15 * 60_000).toISOString(),
      business_id: businessId,
    };
    const firstAnswer = structuredClone(payout);
    made.push(payout);
    if (!payouts.has(payout.reference_id)) payouts.set(payout.reference_id, payout);
    byKey.set(key, { body: canonical(body), payout, firstAnswer });
    if (options.autoComplete) settle(payout, outcomes.get(props.account_number) ?? { status: 'SUCCEEDED' });
    return send(res, 200, firstAnswer, delayMs);
  };

  const transactionOf = (p: StandinPayout) => ({
    id: `txn_${p.id.slice(5)}`,
    product_id: p.id,
    type: 'DISBURSEMENT',
    status: TRANSACTION_STATUS[p.status],
    channel_category: 'BANK',
    channel_code: p.channel_code,
    reference_id: p.reference_id,
    account_identifier: p.channel_properties.account_number,
    currency: p.currency,
    amount: p.amount,
    cashflow: 'MONEY_OUT',
    settlement_status: null,
    estimated_settlement_time: null,
    business_id: businessId,
    fee: { xendit_fee: STANDIN_XENDIT_FEE, value_added_tax: STANDIN_VAT, xendit_withholding_tax: 0, third_party_withholding_tax: 0, status: 'COMPLETED' },
    created: p.created,
    updated: p.updated,
  });

  function transactions(query: URLSearchParams): [number, unknown] {
    const limit = Number(query.get('limit') ?? 10);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return [400, { error_code: 'API_VALIDATION_ERROR', error_message: '"limit" must be a whole number from 1 to 50' }];
    const gte = query.get('created[gte]');
    const lte = query.get('created[lte]');
    if ((gte && Number.isNaN(Date.parse(gte))) || (lte && Number.isNaN(Date.parse(lte)))) return [400, { error_code: 'API_VALIDATION_ERROR', error_message: '"created" must be ISO 8601 date-times' }];
    const types = query.getAll('types');
    const statuses = query.getAll('statuses');
    const currency = query.get('currency');
    const all = made
      .map(transactionOf)
      .filter(
        (t) =>
          (types.length === 0 || types.includes(t.type)) &&
          (statuses.length === 0 || statuses.includes(t.status)) &&
          (!currency || t.currency === currency) &&
          (!gte || Date.parse(t.created) >= Date.parse(gte)) &&
          (!lte || Date.parse(t.created) <= Date.parse(lte)),
      )
      .sort((a, b) => Date.parse(b.created) - Date.parse(a.created) || (a.id < b.id ? 1 : -1));
    const afterId = query.get('after_id');
    const from = afterId ? all.findIndex((t) => t.id === afterId) + 1 : 0;
    const data = all.slice(from, from + limit);
    const hasMore = from + limit < all.length;
    const next = new URLSearchParams(query);
    if (data.length > 0) next.set('after_id', data.at(-1)!.id);
    return [200, { has_more: hasMore, data, links: hasMore ? [{ href: `/transactions?${next.toString()}`, method: 'GET', rel: 'next' }] : [] }];
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://standin');
      if (req.headers.authorization !== expectedAuth) return refuse(res, 401, 'INVALID_API_KEY', 'API key format is invalid');
      const delayMs = delays.shift() ?? 0;
      const failWith = failures.shift();
      if (failWith !== undefined) {
        if (req.method === 'POST') calls.create++;
        else calls.status++;
        await readBody(req).catch(() => '');
        return refuse(res, failWith, 'SERVER_ERROR', 'Error connecting to our server. Retry safely using Idempotency-key header when available', delayMs);
      }
      if (req.method === 'POST' && url.pathname === '/v2/payouts') return create(req, res, delayMs);
      if (req.method === 'GET' && url.pathname === '/v2/payouts') {
        calls.status++;
        const ref = url.searchParams.get('reference_id');
        if (!ref) return refuse(res, 400, 'API_VALIDATION_ERROR', 'Should have required property "reference_id"', delayMs);
        return send(res, 200, made.filter((p) => p.reference_id === ref), delayMs);
      }
      if (req.method === 'GET' && url.pathname === '/transactions') {
        calls.status++;
        const [status, body] = transactions(url.searchParams);
        return send(res, status, body, delayMs);
      }
      const one = /^\/v2\/payouts\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        calls.status++;
        const p = made.find((x) => x.id === decodeURIComponent(one[1]!));
        if (!p) return refuse(res, 404, 'DATA_NOT_FOUND', 'Could not find payout with the corresponding ID. Please try again with a valid Id', delayMs);
        return send(res, 200, p, delayMs);
      }
      return refuse(res, 404, 'NOT_FOUND', 'Not found');
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const mustFind = (reference: string) => {
    const p = payouts.get(reference);
    if (!p) throw new Error(`the stand-in has no payout under ${reference}`);
    return p;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secretKey,
    callbackToken,
    payouts,
    made,
    calls,
    delayNext(n, ms) {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    failNext(n, status) {
      for (let i = 0; i < n; i++) failures.push(status);
    },
    setOutcome(accountNumber, outcome) {
      outcomes.set(accountNumber, outcome);
    },
    complete(reference, status, failureCode) {
      const p = mustFind(reference);
      settle(p, status ? { status, failureCode } : (outcomes.get(p.channel_properties.account_number) ?? { status: 'SUCCEEDED' }));
      return p;
    },
    async notify(url, reference, opts = {}) {
      const p = mustFind(reference);
      const event = opts.event ?? EVENTS[p.status];
      if (!event) throw new Error(`Xendit sends no webhook for a payout ${p.status}`);
      const token = opts.token === undefined ? callbackToken : opts.token;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token !== null ? { 'x-callback-token': token } : {}) },
        body: JSON.stringify({ event, business_id: businessId, created: new Date().toISOString(), data: p }),
      });
      return { status: res.status, body: await res.text() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
