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
