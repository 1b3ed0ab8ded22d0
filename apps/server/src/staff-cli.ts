/**
 * `npm run staff -- <command>`: staff accounts from the command line, for the first admin of a real
 * deployment (docs/backoffice.md, "The first admin"). Uses the server's configuration (DATABASE_URL,
 * or the embedded database in DATA_DIR, which must not be in use by a running server).
 *
 *   add   --email a@lender.ph --role admin [--role finance] [--name "Ada Cruz"]   prints a temporary password
 *   reset --email a@lender.ph [--second-factor]                                    prints a new temporary password
 *   list
 */
import { parseArgs } from 'node:util';
import { createStaffCall, type StaffRole } from '@cashloan/contract';
import { loadConfig } from './config.ts';
import { openDb, type Db } from './platform/db/client.ts';
import { createStaff, findStaffByEmail, listStaffRows, resetStaff } from './staff/accounts/service.ts';
import { endAllSessions } from './staff/session/service.ts';

const USAGE = `Usage:
  npm run staff -- add --email <email> --role <agent|finance|admin> [--role …] [--name <name>]
  npm run staff -- reset --email <email> [--second-factor]
  npm run staff -- list`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** Embedded PGlite is one process's: writing to it beside a running server would damage it. */
async function refuseBesideRunningServer(db: Db, url: string): Promise<void> {
  if (db.kind !== 'pglite') return;
  const running = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );
  if (running) {
    await db.close();
    fail(`A server is running on this embedded database (${url}). Stop it first, then run the command again (or use PostgreSQL through DATABASE_URL).`);
  }
}

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string', multiple: true }, name: { type: 'string' }, 'second-factor': { type: 'boolean' } },
  });
  const command = positionals[0];
  if (command !== 'add' && command !== 'reset' && command !== 'list') fail(command ? `Unknown command: ${command}` : 'Name a command.');
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
  await refuseBesideRunningServer(db, `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`);
  try {
    const now = new Date();
    if (command === 'list') {
      for (const s of await listStaffRows(db)) {
        process.stdout.write(`${s.id}\t${s.email}\t${s.roles.join(',')}\t${s.disabledAt ? 'disabled' : 'active'}\t${s.totpSecretSealed ? 'second factor' : ''}\n`);
      }
      return;
    }
    if (command === 'add') {
      // The back office's own rules for a new account (the contract's schema names the bad field).
      const parsed = createStaffCall.input.safeParse({ email: values.email, name: values.name ?? values.email?.split('@')[0], roles: values.role ?? [] });
      if (!parsed.success) fail(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
      const { account, temporaryPassword } = await createStaff(db, { ...parsed.data, roles: parsed.data.roles as StaffRole[] }, now);
      process.stdout.write(
        `Created ${account.email} (${account.roles.join(', ')}).\nTemporary password: ${temporaryPassword}\n` +
          `Sign in at /backoffice; the password must be changed at the first sign-in${account.roles.some((r) => r !== 'agent') ? ', then the second factor set up' : ''}.\n`,
      );
      return;
    }
    const staff = values.email ? await findStaffByEmail(db, values.email.trim().toLowerCase()) : null;
    if (!staff) fail(values.email ? `No staff account ${values.email}.` : '--email is required.');
    const { temporaryPassword } = await db.transaction(async (tx) => {
      const reset = await resetStaff(tx, staff.id, { secondFactor: values['second-factor'] === true }, now);
      await endAllSessions(tx, staff.id, now);
      return reset;
    });
    process.stdout.write(`Reset ${staff.email}: its sessions ended.\nTemporary password: ${temporaryPassword}\n`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    await db.close();
  }
}

await main();
