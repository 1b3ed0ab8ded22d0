/**
 * What bench/books/run.mjs times: one provider report of BENCH_BOOKS_LINES (10,000) lines imported and
 * matched against a journal holding a payment entry for each, on a fresh PGlite (or DATABASE_URL's
 * PostgreSQL, in a schema of its own). The entries are written by the books room's own writer
 * (bookEntry), as a day of payments would have written them; only the import is timed.
 */
import { performance } from 'node:perf_hooks';
import { openTestDb } from '../../apps/server/src/test-support/test-app.ts';
import { migrate } from '../../apps/server/src/platform/db/migrate.ts';
import { ACCOUNTS, cashAccount } from '../../apps/server/src/domain/books/accounts.ts';
import { bookDayOf, bookEntry } from '../../apps/server/src/domain/books/journal.ts';
import { importReport } from '../../apps/server/src/domain/books/reconciliation.ts';
import { reportCsv } from '../../apps/server/src/providers/reports/report-csv.ts';

export interface BooksFigures {
  lines: number;
  database: 'pglite' | 'postgres';
  bookSeconds: number;
  importRuns: number[];
  matched: number;
  open: number;
}

export async function measure(lines: number, runs: number): Promise<BooksFigures> {
  const db = await openTestDb();
  try {
    await migrate(db);
    const day = new Date('2026-11-27T04:00:00Z');
    const cash = cashAccount('sandbox');
    const t0 = performance.now();
    const references: string[] = [];
    // `runs` providers' worth of payments, so each run imports a report of its own against a journal of the same size.
    for (let r = 0; r < runs; r++) {
      await db.transaction(async (tx) => {
        for (let i = 0; i < lines; i++) {
          const reference = `code:R${r}-${String(i).padStart(6, '0')}`;
          if (r === 0) references.push(reference);
          await bookEntry(tx, {
            kind: 'payment',
            currency: 'PHP',
            provider: `sandbox`,
            providerRef: reference,
            memo: `bench payment ${i}`,
            now: new Date(day.getTime() + r * 86_400_000),
            legs: [
              { account: cash, debit: 560_500 },
              { account: ACCOUNTS.loansReceivable, credit: 500_000 },
              { account: ACCOUNTS.interestReceivable, credit: 60_500 },
              { account: ACCOUNTS.providerFees, debit: 1000 },
              { account: cash, credit: 1000 },
            ],
          });
        }
      });
    }
    const bookSeconds = (performance.now() - t0) / 1000;
    const importRuns: number[] = [];
    let last = { matched: 0, open: 0 };
    for (let r = 0; r < runs; r++) {
      const thisDay = bookDayOf(new Date(day.getTime() + r * 86_400_000), 'PHP');
      const csv = reportCsv(
        'sandbox',
        thisDay,
        Array.from({ length: lines }, (_, i) => ({ reference: `code:R${r}-${String(i).padStart(6, '0')}`, type: 'collection' as const, currency: 'PHP' as const, amountMinor: 560_500, feeMinor: 1000 })),
      );
      const started = performance.now();
      const report = await db.transaction((tx) =>
        importReport(tx, { provider: { provider: 'sandbox', flow: 'collections', currency: 'PHP' }, fileName: `bench-${thisDay}.csv`, content: csv, staff: { id: null, name: 'bench' }, now: new Date('2026-12-31T00:00:00Z') }),
      );
      importRuns.push((performance.now() - started) / 1000);
      last = { matched: report.matched, open: report.open };
    }
    return { lines, database: db.kind, bookSeconds, importRuns, ...last };
  } finally {
    await db.close();
  }
}
