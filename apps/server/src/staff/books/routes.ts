/**
 * The staff API's books (finance; docs/books.md): the trial balance, the journal and its CSV; the
 * providers' reports imported (uploaded, or fetched through the provider's adapter) and matched, the
 * items resolved, and the day-end. Each write and its audit entry are one transaction.
 */
import type { FastifyInstance } from 'fastify';
import {
  closeDayCall,
  exportJournalCall,
  fetchReportCall,
  getReportCall,
  importReportCall,
  journalCall,
  reconciliationCall,
  resolveItemCall,
  trialBalanceCall,
  type ProviderReport,
  type StaffCall,
} from '@cashloan/contract';
import { orderNumbersOf } from '../../domain/orders/service.ts';
import { closeDay, findReport, importReport, itemsOf, latestReports, resolveItem } from '../../domain/books/reconciliation.ts';
import { journalCsv, journalPage, trialBalance } from '../../domain/books/reports.ts';
import { ApiError, notFound, refused } from '../../platform/http/api-error.ts';
import { mountCall } from '../../platform/http/mount.ts';
import { staffCalls, type StaffCallContext, type StaffDeps } from '../http/mount.ts';
import { itemViews, journalViews, providerNamed, providersOfBooks, providersView, reportView } from './service.ts';

export function registerBooksCalls(app: FastifyInstance, deps: StaffDeps): void {
  const staff = staffCalls(deps);
  const provider = (name: string) => {
    const found = providerNamed(deps, name);
    if (!found) throw new ApiError(400, `Unknown provider "${name}": this server reconciles ${providersOfBooks(deps).map((p) => p.provider).join(', ')}. Nothing was imported.`, 400);
    return found;
  };

  mountCall(app, staff, trialBalanceCall, async ({ input }) => {
    const { rows, totals } = await trialBalance(deps.db, input);
    return { from: input.from, to: input.to, currency: input.currency, rows, totals };
  });

  mountCall(app, staff, journalCall, async ({ input }) => {
    const { rows, total } = await journalPage(deps.db, { from: input.from, to: input.to, offset: (input.page - 1) * input.pageSize, limit: input.pageSize });
    return { items: await journalViews(deps.db, rows), total };
  });

  mountCall(app, staff, exportJournalCall, async ({ input }) => ({
    fileName: `journal-${input.from}-to-${input.to}.csv`,
    content: await journalCsv(deps.db, input, (ids) => orderNumbersOf(deps.db, ids)),
  }));

  mountCall(app, staff, reconciliationCall, async () => ({ providers: await providersView(deps), reports: (await latestReports(deps.db, 30)).map(reportView) }));

  const imported = (ctx: Pick<StaffCallContext<StaffCall>, 'now' | 'current' | 'write'>, name: string, fileName: string, content: string, day?: string): Promise<ProviderReport> =>
    ctx.write(async (tx) => {
      const report = await importReport(tx, { provider: provider(name), day, fileName, content, staff: ctx.current.staff, now: ctx.now });
      return {
        answer: reportView(report),
        audit: { targetType: 'provider-report', targetId: report.id, before: null, after: { provider: report.provider, day: report.reportDay, fileName, lines: report.lineCount, matched: report.matched, open: report.open } },
      };
    });

  mountCall(app, staff, importReportCall, async (ctx) => imported(ctx, ctx.input.provider, ctx.input.fileName, ctx.input.content));

  mountCall(app, staff, fetchReportCall, async (ctx) => {
    const found = provider(ctx.input.provider);
    if (!found.fetch) throw refused(`${found.provider} offers no report through its API: upload its report file instead.`);
    const content = await found.fetch(ctx.input.day);
    return imported(ctx, found.provider, `${found.provider}-${ctx.input.day}.csv`, content, ctx.input.day);
  });

  mountCall(app, staff, getReportCall, async ({ input }) => {
    const report = await findReport(deps.db, { id: input.id });
    if (!report) throw notFound(`Report ${input.id} does not exist.`);
    return { report: reportView(report), items: await itemViews(deps.db, await itemsOf(deps.db, report.id)) };
  });

  mountCall(app, staff, resolveItemCall, async (ctx) =>
    ctx.write(async (tx) => {
      const { item, report, before } = await resolveItem(tx, { itemId: ctx.input.id, action: ctx.input.action, note: ctx.input.note, staff: ctx.current.staff, now: ctx.now });
      const [view] = await itemViews(tx, [item]);
      return {
        answer: { report: reportView(report), item: view! },
        audit: {
          targetType: 'reconciliation-item',
          targetId: item.id,
          before: { state: before.state, resolution: null },
          after: { state: item.state, reference: item.reference, resolution: item.resolution, note: item.resolutionNote, entryId: item.resolutionEntryId },
        },
      };
    }),
  );

  mountCall(app, staff, closeDayCall, async (ctx) =>
    ctx.write(async (tx) => {
      await closeDay(tx, { provider: provider(ctx.input.provider), day: ctx.input.day, staff: ctx.current.staff, now: ctx.now });
      return {
        answer: { provider: ctx.input.provider, day: ctx.input.day, closedAt: ctx.now.toISOString() },
        audit: { targetType: 'book-day', targetId: `${ctx.input.provider}:${ctx.input.day}`, before: { closed: false }, after: { closed: true } },
      };
    }),
  );
}
