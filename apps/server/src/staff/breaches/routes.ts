/**
 * The staff API's breach register (issue 39, docs/privacy.md "Breach register"), for the
 * data-protection officer and admins: record a breach, count the borrowers its query chooses, notify
 * them (the notices claimed with their audit entry in one transaction, the SMS sent once it is
 * committed, and what the gateway answered audited as a step of its own), and export the report for
 * the NPC / Data Protection Board, audited too.
 */
import type { FastifyInstance } from 'fastify';
import { exportBreachReportCall, getBreachCall, listBreachesCall, notifyBreachCall, previewAffectedCall, recordBreachCall, type BreachRow } from '@cashloan/contract';
import type { Queryable } from '../../platform/db/client.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { breachCountdown } from '../../loan-terms/data-rights.ts';
import {
  claimNotices,
  countAffectedBorrowers,
  listBreaches,
  loadBreach,
  noticeCounts,
  queryText,
  recordBreach,
  sendNotices,
  storedQuery,
  type BreachRecord,
} from '../../domain/breaches/breaches.ts';
import { breachReportText, exportBreachReport } from '../../domain/breaches/report.ts';
import { staffCalls, type StaffDeps } from '../http/mount.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function breachRows(db: Queryable, breaches: readonly BreachRecord[], now: Date): Promise<BreachRow[]> {
  const counts = await noticeCounts(
    db,
    breaches.map((b) => b.id),
  );
  return breaches.map((b) => {
    const countdown = breachCountdown(b.discoveredAt, now);
    return {
      id: b.id,
      refNo: b.refNo,
      whatHappened: b.whatHappened,
      dataInvolved: b.dataInvolved,
      measuresTaken: b.measuresTaken,
      borrowerCanDo: b.borrowerCanDo,
      contact: b.contact,
      details: b.details,
      discoveredAt: b.discoveredAt.toISOString(),
      recordedBy: b.recordedBy,
      createdAt: b.createdAt.toISOString(),
      query: b.query,
      queryText: queryText(b.query),
      deadlineAt: countdown.deadlineAt.toISOString(),
      hoursLeft: countdown.hoursLeft,
      overdue: countdown.overdue,
      notifiedAt: iso(b.notifiedAt),
      reportedAt: iso(b.reportedAt),
      notices: counts.get(b.id) ?? { total: 0, smsSent: 0, smsFailed: 0, smsPending: 0 },
    };
  });
}
const breachRow = async (db: Queryable, breach: BreachRecord, now: Date) => (await breachRows(db, [breach], now))[0]!;

export function registerBreachCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);

  mountCall(app, staff, listBreachesCall, async ({ input, now }) => {
    const { rows, total } = await listBreaches(deps.db, { offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
    return { items: await breachRows(deps.db, rows, now), total };
  });

  mountCall(app, staff, previewAffectedCall, async ({ input }) => {
    const query = storedQuery(input);
    return { count: await countAffectedBorrowers(deps.db, query), queryText: queryText(query) };
  });

  mountCall(app, staff, getBreachCall, async ({ input, now }) => {
    const breach = await loadBreach(deps.db, input.id);
    return { breach: await breachRow(deps.db, breach, now), affectedNow: await countAffectedBorrowers(deps.db, breach.query) };
  });

  mountCall(app, staff, recordBreachCall, async (ctx) =>
    ctx.write(async (tx) => {
      const { query, discoveredAt, ...words } = ctx.input;
      const breach = await recordBreach(tx, { ...words, discoveredAt: new Date(discoveredAt), query, staffId: ctx.current.staff.id, now: ctx.now });
      return {
        answer: await breachRow(tx, breach, ctx.now),
        audit: { targetType: 'breach', targetId: breach.refNo, before: null, after: { ...words, discoveredAt: breach.discoveredAt.toISOString(), query: breach.query } },
      };
    }),
  );

  mountCall(app, staff, notifyBreachCall, async (ctx) => {
    const claimed = await ctx.write(async (tx) => {
      const done = await claimNotices(tx, ctx.input.id, ctx.now);
      return {
        answer: done,
        audit: { targetType: 'breach', targetId: done.breach.refNo, before: null, after: { noticesAdded: done.added, smsToSend: done.toSend.length, notifiedAt: iso(done.breach.notifiedAt) } },
      };
    });
    // The gateway is handed the SMS once the notices are committed (the database is not held while it answers).
    const { sent, failed } = await sendNotices(deps, claimed);
    if (claimed.toSend.length > 0) {
      ctx.auditAs('breach.notify-sms');
      await ctx.audit({ targetType: 'breach', targetId: claimed.breach.refNo, before: null, after: { smsSent: sent, smsFailed: failed } });
    }
    const breach = await loadBreach(deps.db, claimed.breach.id);
    return { added: claimed.added, smsSent: sent, smsFailed: failed, breach: await breachRow(deps.db, breach, deps.clock.now()) };
  });

  mountCall(app, staff, exportBreachReportCall, async (ctx) =>
    ctx.write(async (tx) => {
      const { breach, report } = await exportBreachReport(tx, { breachId: ctx.input.id, controller: deps.config.COMPANY_CORPORATE_NAME, now: ctx.now });
      const json = ctx.input.format === 'json';
      return {
        answer: {
          fileName: `breach-report-${breach.refNo}.${json ? 'json' : 'txt'}`,
          content: json ? `${JSON.stringify(report, null, 2)}\n` : breachReportText(report),
          reportedAt: report.notification.reportedAt,
        },
        audit: {
          targetType: 'breach',
          targetId: breach.refNo,
          before: null,
          after: { format: ctx.input.format, reportedAt: report.notification.reportedAt, personsAffected: report.personsAffected.count },
        },
      };
    }),
  );
}
