// `npm start`: runs the lender API server, which also serves the built web app. Outside production
// the dev back office (/ops) gets a random token for this start only (printed by the server); set
// OPS_TOKEN yourself (32 characters or more) to keep one, and never with NODE_ENV=production.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const env = { ...process.env };
if (env.NODE_ENV !== 'production' && !env.OPS_TOKEN) env.OPS_TOKEN = randomBytes(24).toString('base64url');
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
