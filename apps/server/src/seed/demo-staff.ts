/**
 * Demo staff for `npm start` (dev only): an agent, two finance officers (one approves, the other releases), an admin, a
 * collections lead, a collector and a data-protection officer, made when the
 * database has no staff at all and never with NODE_ENV=production. Their passwords are drawn at
 * random and printed once by the start that makes them; finance and admin start with a TOTP secret,
 * printed with them (add it to an authenticator app, or ask /ops/staff/totp-code for the code).
 */
import { SECOND_FACTOR_ROLES, type StaffRole } from '@cashloan/contract';
import type { Config } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../platform/db/client.ts';
import { createStaff, hashPassword, hasStaff, temporaryPassword } from '../staff/accounts/service.ts';
import { newTotpSecret, sealTotpSecret } from '../staff/session/service.ts';

export const DEMO_STAFF: ReadonlyArray<{ role: StaffRole; email: string; name: string }> = [
  { role: 'agent', email: 'agent@demo.test', name: 'Ana Santos (agent)' },
  { role: 'finance', email: 'finance@demo.test', name: 'Felipe Reyes (finance)' },
  // A second finance user: the one who did not approve an order releases its payout (maker-checker).
  { role: 'finance', email: 'finance2@demo.test', name: 'Fatima Lim (finance)' },
  { role: 'admin', email: 'admin@demo.test', name: 'Andrea Cruz (admin)' },
  // The collections desk (docs/collections.md): the lead assigns the overdue queue, the collector works it.
  { role: 'collections_lead', email: 'lead@demo.test', name: 'Liza Bautista (collections lead)' },
  { role: 'collector', email: 'collector@demo.test', name: 'Carlo Mendoza' },
  // The data-protection officer (docs/privacy.md): answers the borrowers' requests to correct or erase their data.
  { role: 'dpo', email: 'dpo@demo.test', name: 'Dina Ramos (data protection)' },
];

export interface DemoStaffAccount {
  role: StaffRole;
  email: string;
  password: string;
  totpSecret: string | null;
}

/** One demo staff member drawn: the account printed, and what is written beside it (the name, the password's hash). */
export interface DemoStaffDrawn {
  account: DemoStaffAccount;
  name: string;
  passwordHash: string;
}

/**
 * Draws the demo staff's passwords and second-factor secrets and hashes the passwords, all at once
 * on libuv's pool (scrypt: about 0.25 s each, one after another the longest step of a fresh start),
 * so the server can write the demo data meanwhile. Null in production or beside staff already there.
 */
export async function drawDemoStaff(db: Queryable, config: Pick<Config, 'NODE_ENV'>): Promise<DemoStaffDrawn[] | null> {
  if (config.NODE_ENV === 'production' || (await hasStaff(db))) return null;
  return Promise.all(
    DEMO_STAFF.map(async (demo) => {
      const password = temporaryPassword();
      const totpSecret = SECOND_FACTOR_ROLES.includes(demo.role) ? newTotpSecret() : null;
      return { account: { role: demo.role, email: demo.email, password, totpSecret }, name: demo.name, passwordHash: await hashPassword(password) };
    }),
  );
}

/**
 * Writes the demo staff drawn (drawDemoStaff, or drawn here) and answers them; null when there were
 * staff already or this is production.
 */
export async function seedDemoStaff(
  deps: Pick<AppDeps, 'db' | 'cardData'>,
  config: Pick<Config, 'NODE_ENV'>,
  now: Date,
  drawn?: DemoStaffDrawn[] | null,
): Promise<DemoStaffAccount[] | null> {
  const staff = drawn === undefined ? await drawDemoStaff(deps.db, config) : drawn;
  if (staff === null || config.NODE_ENV === 'production') return null;
  return deps.db.transaction(async (tx) => {
    // Another process may have made staff since they were drawn.
    if (await hasStaff(tx)) return null;
    for (const { account, name, passwordHash } of staff) {
      const { totpSecret } = account;
      await createStaff(
        tx,
        {
          email: account.email,
          name,
          roles: [account.role],
          password: { hash: passwordHash },
          ...(totpSecret ? { totpSecretSealed: (id: number) => sealTotpSecret(deps, id, totpSecret) } : {}),
        },
        now,
      );
    }
    return staff.map(({ account }) => account);
  });
}
