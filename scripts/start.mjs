// `npm start`: runs the lender API server, which also serves the built web app, with a dev ops token.
import { spawn } from 'node:child_process';

const env = { ...process.env };
// A dev token so the demo back office works out of the box; set OPS_TOKEN yourself anywhere real.
env.OPS_TOKEN ??= 'dev-ops-token';
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
