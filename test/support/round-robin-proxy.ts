/**
 * A small TCP load balancer for the multi-process test: each new client connection goes to the next
 * backend port in turn (connection-level round robin, so a keep-alive connection stays on one
 * process). A backend that refuses the connection (its process is down or restarting) is skipped and
 * the next one tried, as a load balancer with passive health checks does; only when every backend
 * refuses is the client's connection closed. Bytes the client sends before the backend connection is
 * up are held and sent once it is.
 */
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

export interface RoundRobinProxy {
  port: number;
  url: string;
  /** Connections handed to each backend (by port), and connections no backend took. */
  stats: { perBackend: Map<number, number>; refusedByAll: number; skipped: number };
  close(): Promise<void>;
}

export async function startRoundRobinProxy(backends: readonly number[]): Promise<RoundRobinProxy> {
  let next = 0;
  const stats = { perBackend: new Map<number, number>(backends.map((p) => [p, 0])), refusedByAll: 0, skipped: 0 };
  const open = new Set<Socket>();

  const server: Server = createServer({ allowHalfOpen: true }, (client: Socket) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const held: Buffer[] = [];
    let clientEnded = false;
    let upstream: Socket | null = null;
    const onData = (chunk: Buffer) => held.push(chunk);
    const onEnd = () => {
      clientEnded = true;
    };
    client.on('data', onData);
    client.on('end', onEnd);
    client.on('error', () => upstream?.destroy());

    const tryBackend = (tried: number) => {
      if (client.destroyed) return;
      if (tried >= backends.length) {
        stats.refusedByAll++;
        client.destroy();
        return;
      }
      const port = backends[next++ % backends.length]!;
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      let connected = false;
      socket.once('connect', () => {
        connected = true;
        upstream = socket;
        stats.perBackend.set(port, (stats.perBackend.get(port) ?? 0) + 1);
        client.off('data', onData);
        client.off('end', onEnd);
        for (const chunk of held) socket.write(chunk);
        if (clientEnded) socket.end();
        else client.on('end', () => socket.end());
        client.on('data', (chunk: Buffer) => socket.write(chunk));
        socket.on('data', (chunk: Buffer) => client.write(chunk));
        socket.on('end', () => client.end());
        // The backend died under the connection: the client sees it die too (no answer).
        socket.on('close', (hadError) => (hadError ? client.destroy() : undefined));
        client.on('close', () => socket.destroy());
      });
      socket.on('error', () => {
        if (connected) return client.destroy();
        // Refused (or failed before connecting): the next backend, as a passive health check would.
        stats.skipped++;
        socket.destroy();
        tryBackend(tried + 1);
      });
    };
    tryBackend(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

// ---- a proxy that drops connections (the idempotency run) ------------------------------------------

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
 * answered but before a byte of the answer reaches the client, or half-way through the answer (the
 * proxy of test/security/idempotency-proxy.test.ts, as a helper). The client must ask for
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
