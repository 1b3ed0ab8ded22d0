// `npm start`: runs the lender API server, which also serves the built web app, from its compiled
// JavaScript (apps/server/dist, made by `npm run build` through scripts/build-server.mjs; no tsx). Outside production
// the dev back office (/ops) gets a random token for this start only (printed by the server); set
// OPS_TOKEN yourself (32 characters or more) to keep one, and never with NODE_ENV=production.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

const ENTRY = 'apps/server/dist/main.js';
if (!existsSync(ENTRY)) {
  process.stderr.write(`${ENTRY} is missing: build the server first (npm run build, or node scripts/build-server.mjs)\n`);
  process.exit(1);
}

const env = { ...process.env };
if (env.NODE_ENV !== 'production' && !env.OPS_TOKEN) env.OPS_TOKEN = randomBytes(24).toString('base64url');
const child = spawn(process.execPath, ['--enable-source-maps', ENTRY], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
