/**
 * The staff API's data-protection desk (issue 39, docs/privacy.md): the borrowers' requests to correct
 * or erase their data, each with the borrower's data as they would download it from "My data", and the
 * officer's answer, written with its audit entry in one transaction.
 */
import type { FastifyInstance } from 'fastify';
import { decidePrivacyRequestCall, privacyRequestCall, privacyRequestsCall, type PrivacyRequestRow } from '@cashloan/contract';
import { findBorrowers } from '../../domain/borrowers/service.ts';
import type { Queryable } from '../../platform/db/client.ts';
import { notFound } from '../../platform/http/api-error.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { isoDateToDay, lenderDay } from '../../loan-terms/calendar.ts';
import type { PersonalDataSection } from '../../platform/personal-data.ts';
import { collectPersonalData, exportJson } from '../../modules/my-data/export.ts';
import { decideRequest, findStaffRequest, listRequests, type StaffRequestRow } from '../../modules/my-data/service.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';

async function rowsOf(db: Queryable, rows: readonly StaffRequestRow[], now: Date): Promise<PrivacyRequestRow[]> {
  const names = new Map((await findBorrowers(db, [...new Set(rows.map((r) => r.borrowerId))])).map((b) => [b.id, b.name]));
  return rows.map((r) => ({
    id: r.id,
    refNo: r.refNo,
    borrowerId: r.borrowerId,
    borrowerName: names.get(r.borrowerId) ?? '',
    kind: r.kind,
    field: r.field,
    value: r.value,
    imageUrl: r.imageUrl,
    state: r.state,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
    answerBy: r.answerBy,
    daysLeft: isoDateToDay(r.answerBy) - lenderDay(now),
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
  }));
}

/** `sections`: every part of what the lender holds about a borrower, the list "My data" exports (modules/index.ts). */
export function registerPrivacyCalls(app: FastifyInstance, deps: StaffDeps, sections: readonly PersonalDataSection[]): void {
  const staff = staffCalls(deps);

  mountCall(app, staff, privacyRequestsCall, async ({ input, now }) => {
    const { rows, total } = await listRequests(deps.db, { state: input.state, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
    return { items: await rowsOf(deps.db, rows, now), total };
  });

  mountCall(app, staff, privacyRequestCall, async ({ input, now }) => {
    const request = await findStaffRequest(deps.db, input.id);
    if (!request) throw notFound(`Request ${input.id} does not exist.`);
    const [borrower] = await findBorrowers(deps.db, [request.borrowerId]);
    const data = await collectPersonalData(deps.db, { id: borrower!.id, mobilePhone: borrower!.mobilePhone, name: borrower!.name }, sections, now);
    return { request: (await rowsOf(deps.db, [request], now))[0]!, data: exportJson(data) };
  });

  // Approving an erasure runs it in the same transaction as its audit entry (nothing half-erased);
  // its photos and the SMS provider's copies are removed once that has committed.
  mountCall(app, staff, decidePrivacyRequestCall, async (ctx) => {
    let afterCommit = async () => {};
    const answer = await ctx.write(async (tx) => {
      const decision = await decideRequest(tx, { deps, sections }, { id: ctx.input.id, decision: ctx.input.decision, reason: ctx.input.reason, staffId: ctx.current.staff.id, now: ctx.now });
      const { before, after } = decision;
      afterCommit = decision.afterCommit;
      const [row] = await rowsOf(tx, [after], ctx.now);
      return {
        answer: row!,
        audit: {
          targetType: 'data-request',
          targetId: after.refNo,
          before: { state: before.state },
          after: { state: after.state, decision: ctx.input.decision, reason: after.reason, ...(after.erased ? { erased: after.erased } : {}) },
        },
      };
    });
    await afterCommit();
    // Logged for a restore from a backup older than the erasure (docs/deploy.md, "Backups"): ids only.
    if (answer.kind === 'erasure' && answer.state === 'done') app.log.info({ borrowerId: answer.borrowerId, refNo: answer.refNo }, 'erasure done');
    return answer;
  });
}
