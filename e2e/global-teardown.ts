/** Stops the server global-setup started (only that process, by its id) and removes its database. */
import { rmSync } from 'node:fs';
import { serverHandle } from './global-setup.ts';

const STOP_GRACE_MS = 15_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const handle = serverHandle.__e2eServer;
  const pid = handle?.child.pid ?? (process.env.E2E_SERVER_PID ? Number(process.env.E2E_SERVER_PID) : undefined);
  const dataDir = handle?.dataDir ?? process.env.E2E_DATA_DIR;
  if (pid !== undefined && alive(pid)) {
    // SIGTERM lets the server close the database cleanly (close-with-grace).
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + STOP_GRACE_MS;
    while (alive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (dataDir?.includes('cashloan-e2e-')) rmSync(dataDir, { recursive: true, force: true });
  serverHandle.__e2eServer = undefined;
}
