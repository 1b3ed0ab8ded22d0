/**
 * The landing in the dev back office (docs/ops.md): the answer of a sid's captcha image (tests and
 * demos sign up through it), the visit and click counts marketers watch, and the registrations with
 * their attribution. Mounted inside /ops, which checks the token.
 */
import type { FastifyInstance } from 'fastify';
import { opsCaptchaParams, opsLandingStatsQuery, opsRegistrationsQuery } from '@cashloan/contract';
import type { AppDeps } from '../../deps.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { opsAnswer, parseInput } from '../../platform/http/validation.ts';
import { borrowerIdsWithPhone, findBorrowers } from '../../domain/borrowers/service.ts';
import { findCaptcha, listRegistrations, listTrackCounts } from './store.ts';

export function registerPromotionOps(ops: FastifyInstance, deps: Pick<AppDeps, 'db'>): void {
  const { db } = deps;

  ops.get('/captchas/:sid', async (request) => {
    const { sid } = parseInput(opsCaptchaParams, request.params);
    const captcha = await findCaptcha(db, sid);
    if (!captcha) throw notFound(`Captcha ${sid} does not exist`);
    return opsAnswer(captcha);
  });

  ops.get('/landing-stats', async (request) => {
    const filter = parseInput(opsLandingStatsQuery, request.query);
    return opsAnswer({ items: await listTrackCounts(db, filter) });
  });

  ops.get('/registrations', async (request) => {
    const { phone } = parseInput(opsRegistrationsQuery, request.query);
    const registrations = await listRegistrations(db, phone === undefined ? undefined : await borrowerIdsWithPhone(db, phone), 50);
    const borrowers = new Map((await findBorrowers(db, [...new Set(registrations.map((r) => r.borrowerId))])).map((b) => [b.id, b]));
    const items = registrations.map(({ borrowerId, ...registration }) => {
      const borrower = borrowers.get(borrowerId)!;
      return { borrowerId, userId: borrower.userId, mobilePhone: borrower.mobilePhone, merchantNumber: borrower.merchantNumber, ...registration };
    });
    return opsAnswer({ items });
  });
}
