/**
 * A local stand-in for Dragonpay's Payment Switch, speaking the protocol the adapter
 * (apps/server/src/providers/payments/dragonpay.ts) speaks: the collection API with HTTP Basic
 * auth (`POST /api/collect/v1/{txnid}/post`, `GET /api/collect/v1/txnid/{txnid}`), the merchant
 * request that voids a transaction (`GET /MerchantRequest.aspx?op=VOID&merchantid&merchantpwd&txnid`,
 * answered in plain text: `0` voided; the stand-in's own refusals -1 unknown txnid, -2 wrong merchant
 * id or password, -3 paid already) and signed postbacks to the merchant's URL. A voided transaction
 * can no longer be paid here. Tests play the provider with it: a payment made, notified once, twice or
 * out of order, a status query that disagrees with the notification, a provider that does not answer
 * in time. `npm run provider:standin` runs it on its own for a demo (docs/ops.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './read-body.ts';

export interface StandinTransaction {
  txnId: string;
  refNo: string;
  amountMinor: number;
  status: string;
  description: string;
}

export interface DragonpayStandin {
  baseUrl: string;
  merchantId: string;
  password: string;
  transactions: Map<string, StandinTransaction>;
  /** Calls received, by kind. */
  calls: { post: number; status: number; void: number };
  /** The next `n` calls are received (and acted on) but answered only after `ms` (longer than the client waits: a time-out). */
  delayNext(n: number, ms: number): void;
  /**
   * Sets what the status query answers for a transaction (the truth), e.g. S with the amount paid;
   * false (nothing changed) for a voided transaction, which can no longer be paid.
   */
  settle(txnId: string, status: string, amountMinor?: number): boolean;
  /**
   * Posts a notification to `url` as Dragonpay does (form fields, digest signed with the password
   * unless `sign` says otherwise); resolves with the HTTP status and the body answered.
   */
  notify(url: string, n: { txnid: string; refno: string; status: string; message?: string }, sign?: { password?: string; digest?: string }): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export const standinDigest = (txnid: string, refno: string, status: string, message: string, password: string) =>
  createHash('sha1').update(`${txnid}:${refno}:${status}:${message}:${password}`).digest('hex');

export async function startDragonpayStandin(
  options: {
    merchantId?: string;
    password?: string;
    port?: number;
    /** For a demo: enables `POST /_standin/pay/{refno}?status=S`, which sets the status and posts the signed notification here. */
    postbackUrl?: string;
  } = {},
): Promise<DragonpayStandin> {
  const merchantId = options.merchantId ?? 'STANDIN';
  const password = options.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const transactions = new Map<string, StandinTransaction>();
  const calls = { post: 0, status: 0, void: 0 };
  const delays: number[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${merchantId}:${password}`).toString('base64')}`;

  const send = async (res: ServerResponse, status: number, body: unknown, delayMs: number) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const sendText = async (res: ServerResponse, text: string, delayMs: number) => {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    if (res.destroyed) return;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(text);
  };

  /** The merchant request `op=VOID`: credentials in the query, as Dragonpay's merchant requests take them. */
  const voidRequest = (query: URLSearchParams): string => {
    calls.void++;
    if (query.get('op') !== 'VOID' || query.get('merchantid') !== merchantId || query.get('merchantpwd') !== password) return '-2';
    const t = transactions.get(query.get('txnid') ?? '');
    if (!t) return '-1';
    if (t.status === 'S') return '-3';
    t.status = 'V';
    return '0';
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const delayMs = delays.shift() ?? 0;
      const requestUrl = new URL(req.url ?? '/', 'http://standin');
      if (req.method === 'GET' && requestUrl.pathname === '/MerchantRequest.aspx') return sendText(res, voidRequest(requestUrl.searchParams), delayMs);
      const pay = /^\/_standin\/pay\/([^/?]+)/.exec(req.url ?? '');
      if (req.method === 'POST' && pay && options.postbackUrl) {
        // The demo's "the borrower paid at the counter": no auth, on the stand-in only.
        const refNo = decodeURIComponent(pay[1]!);
        const t = [...transactions.values()].find((x) => x.refNo === refNo);
        if (!t) return send(res, 404, { Message: `No transaction with refno ${refNo}` }, 0);
        if (t.status === 'V') return send(res, 409, { Message: `Transaction ${refNo} was voided: it can no longer be paid` }, 0);
        t.status = requestUrl.searchParams.get('status') ?? 'S';
        const message = 'Paid at the stand-in counter';
        const answer = await fetch(options.postbackUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ txnid: t.txnId, refno: t.refNo, status: t.status, message, digest: standinDigest(t.txnId, t.refNo, t.status, message, password) }).toString(),
        }).then(async (r) => `${r.status} ${await r.text()}`, (err: Error) => `no answer: ${err.message}`);
        return send(res, 200, { txnId: t.txnId, refNo, status: t.status, postback: answer }, 0);
      }
      if (req.headers.authorization !== expectedAuth) return send(res, 401, { Message: 'Unauthorized' }, 0);
      const post = /^\/api\/collect\/v1\/([^/]+)\/post$/.exec(requestUrl.pathname);
      const status = /^\/api\/collect\/v1\/txnid\/([^/]+)$/.exec(requestUrl.pathname);
      if (req.method === 'POST' && post) {
        calls.post++;
        const txnId = decodeURIComponent(post[1]!);
        const body = JSON.parse((await readBody(req)) || '{}') as { Amount?: number; Description?: string };
        if (transactions.has(txnId)) return send(res, 422, { RefNo: '', Status: 'F', Message: `Duplicate transaction id ${txnId}` }, delayMs);
        if (typeof body.Amount !== 'number' || body.Amount <= 0) return send(res, 422, { RefNo: '', Status: 'F', Message: 'Invalid amount' }, delayMs);
        const refNo = randomBytes(4).toString('hex').toUpperCase();
        transactions.set(txnId, { txnId, refNo, amountMinor: Math.round(body.Amount * 100), status: 'P', description: body.Description ?? '' });
        return send(res, 200, { RefNo: refNo, Status: 'S', Message: '', Url: `https://standin.invalid/Pay.aspx?refno=${refNo}` }, delayMs);
      }
      if (req.method === 'GET' && status) {
        calls.status++;
        const t = transactions.get(decodeURIComponent(status[1]!));
        if (!t) return send(res, 404, { Message: 'Transaction not found' }, delayMs);
        return send(res, 200, { TxnId: t.txnId, RefNo: t.refNo, Amount: t.amountMinor / 100, Currency: 'PHP', Description: t.description, Status: t.status, MerchantId: merchantId }, delayMs);
      }
      return send(res, 404, { Message: 'Not found' }, 0);
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    merchantId,
    password,
    transactions,
    calls,
    delayNext(n, ms) {
      for (let i = 0; i < n; i++) delays.push(ms);
    },
    settle(txnId, newStatus, amountMinor) {
      const t = transactions.get(txnId);
      if (!t) throw new Error(`the stand-in has no transaction ${txnId}`);
      if (t.status === 'V') return false;
      t.status = newStatus;
      if (amountMinor !== undefined) t.amountMinor = amountMinor;
      return true;
    },
    async notify(url, n, sign = {}) {
      const message = n.message ?? '';
      const digest = sign.digest ?? standinDigest(n.txnid, n.refno, n.status, message, sign.password ?? password);
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ txnid: n.txnid, refno: n.refno, status: n.status, message, digest }).toString(),
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
