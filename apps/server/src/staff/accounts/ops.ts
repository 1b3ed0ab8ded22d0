/**
 * Staff in the dev back office (/ops, docs/ops.md): an account made in one call for a test or a demo,
 * and the TOTP code an authenticator app would show now for an account's secret (tests cannot scan a
 * QR code). Mounted inside /ops, which checks the token and is never on in production.
 */
import type { FastifyInstance } from 'fastify';
import { opsNewStaff, opsStaffEmailQuery } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { sealTotpSecret, totpCodeAt, totpSecretOf } from '../session/service.ts';
import { accountView, createStaff, findStaffByEmail } from './service.ts';

export function registerStaffOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db' | 'clock' | 'cardData'>): void {
  ops.post('/staff', async (request) => {
    const { totpSecret, ...input } = parseInput(opsNewStaff, request.body);
    const created = await createStaff(
      deps.db,
      { ...input, ...(totpSecret ? { totpSecretSealed: (id: number) => sealTotpSecret(deps, id, totpSecret) } : {}) },
      deps.clock.now(),
    );
    return opsAnswer({ account: accountView(created.account), temporaryPassword: created.temporaryPassword });
  });

  ops.get('/staff/totp-code', async (request) => {
    const { email } = parseInput(opsStaffEmailQuery, request.query);
    const staff = await findStaffByEmail(deps.db, email);
    const secret = staff ? totpSecretOf(deps, staff) : null;
    if (!staff || !secret) throw notFound(`No staff account ${email} with a second factor`);
    const now = deps.clock.now();
    return opsAnswer({ code: totpCodeAt(secret, now), at: now.toISOString() });
  });
}
