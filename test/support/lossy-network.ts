/**
 * A lossy network for the idempotency runs (test/security/idempotency-proxy.test.ts in one process,
 * test/security/multi-process.test.ts across three): a TCP proxy that drops a share of connections at
 * chosen points, a seeded random so a run's drops repeat, and a POST on a connection of its own.
 */
import { request as httpRequest } from 'node:http';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/** mulberry32: a small seeded generator, so a run's drops can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

export type Fate = 'pass' | 'beforeRequest' | 'midRequest' | 'afterAnswer' | 'midAnswer';
const DROPS: Fate[] = ['beforeRequest', 'midRequest', 'afterAnswer', 'midAnswer'];

export interface LossyProxy {
  port: number;
  fates: Record<Fate, number>;
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of `target` that decides each connection's fate when it opens: `dropRate` of
 * them are dropped before the request reaches the server, half-way through it, after the server
 * answered but before a byte of the answer reaches the client, or half-way through the answer. The client must ask for
 * `connection: close`, so the server's end of the answer is the end of the connection.
 */
export async function startLossyProxy(target: number, random: () => number, dropRate: number): Promise<LossyProxy> {
  const fates: Record<Fate, number> = { pass: 0, beforeRequest: 0, midRequest: 0, afterAnswer: 0, midAnswer: 0 };
  const open = new Set<Socket>();
  const server: Server = createServer((client: Socket) => {
    const fate: Fate = random() < dropRate ? DROPS[Math.floor(random() * DROPS.length)]! : 'pass';
    fates[fate]++;
    const upstream = connect(target, '127.0.0.1');
    open.add(client).add(upstream);
    client.on('close', () => open.delete(client));
    upstream.on('close', () => open.delete(upstream));
    const kill = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    let forwarded = false;
    client.on('data', (chunk: Buffer) => {
      if (fate === 'beforeRequest') return kill();
      if (fate === 'midRequest' && !forwarded) {
        // Part of the request, cut at a random byte, never the whole of it.
        forwarded = true;
        upstream.write(chunk.subarray(0, Math.max(1, Math.floor(random() * (chunk.length - 1)))), () => setTimeout(kill, 5));
        return;
      }
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    const answer: Buffer[] = [];
    upstream.on('data', (chunk: Buffer) => {
      if (fate === 'afterAnswer' || fate === 'midAnswer') answer.push(chunk);
      else client.write(chunk);
    });
    upstream.on('end', () => {
      if (fate === 'afterAnswer') return kill();
      if (fate === 'midAnswer') {
        const all = Buffer.concat(answer);
        client.write(all.subarray(0, Math.max(1, Math.floor(random() * (all.length - 1)))), () => kill());
        return;
      }
      client.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    fates,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Answer {
  status: number;
  body: string;
  replayed: boolean;
}
/** One POST with an Idempotency-Key on a connection of its own (asking the server to close it after the answer); rejects when the connection drops. */
export function postOnce(port: number, path: string, key: string, body: string, timeoutMs = 15_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': key,
          connection: 'close',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('aborted', () => reject(new Error('answer cut')));
        res.on('end', () => {
          if (!res.complete) return reject(new Error('answer cut'));
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), replayed: res.headers['idempotent-replayed'] === 'true' });
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.end(body);
  });
}

/** Connections made, dropped, and answered "still in progress", over a run of attempts. */
export interface AttemptTotals {
  requests: number;
  drops: number;
  busy: number;
}

/**
 * `attempts` attempts of one POST with one Idempotency-Key through `port`, each retried through
 * drops (and, like any client of an Idempotency-Key API, after the "still in progress" answer,
 * `duplicateMessage`) until an answer gets through; more than `maxTries` tries fails the attempt.
 */
export async function retriedAttempts(options: {
  port: number;
  path: string;
  body: string;
  key: string;
  attempts: number;
  maxTries: number;
  duplicateMessage: string;
  totals: AttemptTotals;
  timeoutMs?: number;
}): Promise<Answer[]> {
  const { totals } = options;
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    for (let tries = 0; ; tries++) {
      if (tries > options.maxTries) throw new Error(`attempt ${attempt} of ${options.path.split('?')[0]} never got an answer through`);
      totals.requests++;
      let answer: Answer;
      try {
        answer = await postOnce(options.port, options.path, options.key, options.body, options.timeoutMs);
      } catch {
        totals.drops++;
        continue;
      }
      if (!answer.replayed && (JSON.parse(answer.body) as { message?: string }).message === options.duplicateMessage) {
        totals.busy++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      answers.push(answer);
      break;
    }
  }
  return answers;
}
