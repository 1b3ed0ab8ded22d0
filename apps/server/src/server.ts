/**
 * One server process (main.ts starts it, or forks several): under the advisory lock 'start' (one
 * process at a time: the first migrates and seeds, the others find it done) migrations, card numbers
 * protected, demo seed → providers → app → periodic jobs (jobs.ts) → listen, and the start banner.
 * SIGTERM: GET /readyz answers 503 at once, requests are served for SHUTDOWN_DRAIN_MS more, then the
 * jobs stop, Fastify closes (requests under way finish), the database closes, exit 0.
 */
import cluster from 'node:cluster';
import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppDeps } from './deps.ts';
import { buildApp } from './app.ts';
import { periodicJobs } from './jobs.ts';
import type { Db } from './platform/db/client.ts';
import { migrate } from './platform/db/migrate.ts';
import { createDbClock, type Clock } from './platform/clock/clock.ts';
import { startScheduler, type Scheduler } from './platform/jobs/scheduler.ts';
import { createImageStorage } from './providers/storage/choose.ts';
import { createReencodeQueue } from './providers/storage/reencode-queue.ts';
import { createDevOutboxSms } from './providers/sms/dev-outbox.ts';
import { createSandboxPaymentProvider } from './providers/payments/sandbox.ts';
import { createDragonpayPaymentProvider } from './providers/payments/dragonpay.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import { payoutProvidersFor } from './providers/payouts/choose.ts';
import { createCardData } from './providers/card-data/card-data.ts';
import { cardDataKeysFor } from './providers/card-data/keys.ts';
import { protectCardNumbers } from './domain/bank-cards/protect-at-start.ts';
import { checkCapsAtStart } from './modules/loan-confirmation/caps-at-start.ts';
import { seedDemo } from './seed/demo.ts';
import { openAllOrders } from './domain/books/journal.ts';
import { drawDemoStaff, seedDemoStaff } from './seed/demo-staff.ts';

/** The advisory lock the start-up writes run under (migrations, card numbers, demo seed). */
const START_LOCK = 'start';

/** What a worker tells the primary once it listens. */
export interface BannerMessage {
  type: 'banner';
  lines: string[];
  /** This worker seeded the demo data or staff (its banner has their links and passwords). */
  seeded: boolean;
}

type StartWrites = Awaited<ReturnType<typeof startWrites>>;

export async function startServer(config: Config, opening: Promise<Db>): Promise<void> {
  const db = await opening;
  const cardData = createCardData(cardDataKeysFor(config));
  const started = await db.withSessionLock(START_LOCK, () => startWrites(config, db, cardData));
  const { clock, sms, sandboxPayments } = started;
  const deps: AppDeps = {
    db,
    clock,
    config,
    storage: createImageStorage(config, db),
    reencodeQueue: createReencodeQueue(),
    sms,
    payments: paymentProviderFor(config, sandboxPayments),
    payouts: payoutProvidersFor(config, { db, clock }),
    cardData,
  };
  const lifecycle = { shuttingDown: false };
  const app = await buildApp(deps, { lifecycle });
  const { cardNumbers } = started;
  if (cardNumbers.converted > 0 || cardNumbers.reencrypted > 0 || cardNumbers.droppedClearColumn) app.log.info({ cardNumbers }, 'card numbers protected');
  // Each process checks every JOB_CHECK_MS; a due job runs on one process.
  const scheduler = startScheduler({ db, clock, jobs: periodicJobs(deps, app.log), checkMs: config.JOB_CHECK_MS, log: app.log });
  closeOnSignals(config, { app, scheduler, clock, db, lifecycle });

  // Unusable market rules stop the start; a product whose terms break a legal cap is logged once (and withheld).
  await checkCapsAtStart(db, clock.now(), app.log);
  if (config.NODE_ENV === 'production' && config.BACKOFFICE_ORIGIN === undefined) {
    app.log.warn("BACKOFFICE_ORIGIN is not set: the staff back office shares the borrower app's origin, so a script run in the H5 could call the staff API (docs/deploy.md, \"The back office's host\")");
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  const lines = bannerLines(config, db, address, started);
  if (cluster.isWorker) process.send?.({ type: 'banner', lines, seeded: started.seeded !== null || started.demoStaff !== null } satisfies BannerMessage);
  else process.stdout.write([...lines, ''].join('\n') + '\n');
}

/** What one process at a time does at start: migrations, card numbers, the server clock, the demo data. */
async function startWrites(config: Config, db: Db, cardData: ReturnType<typeof createCardData>) {
  if (db.kind === 'postgres') await migrate(db);
  // Before anything is served: rows of older versions lose their clear numbers, old-key ones are re-encrypted.
  const cardNumbers = await protectCardNumbers(db, cardData);
  // Only the /ops clock calls move the clock (never in production): with them on, and other processes
  // on the same database, the offset is read again.
  const refreshMs = db.kind === 'postgres' && config.OPS_TOKEN !== undefined ? 500 : undefined;
  const clock = await createDbClock(db, Date.now, { refreshMs });
  const sms = createDevOutboxSms(db, clock);
  // The local sandbox moves no money; a deployment that takes real payments hands in its provider here.
  const sandboxPayments = createSandboxPaymentProvider({ db, clock, sms, appName: config.APP_EN_NAME });
  // Never in production, never beside real staff: drawDemoStaff checks both. Their passwords are
  // hashed off the event loop while the demo data is written.
  const demoStaffDrawn = config.SEED_DEMO ? drawDemoStaff(db, config) : null;
  demoStaffDrawn?.catch(() => undefined);
  const seeded = config.SEED_DEMO ? await seedDemo(db, clock.now(), config, cardData, sandboxPayments) : null;
  const demoStaff = demoStaffDrawn ? await seedDemoStaff({ db, cardData }, config, clock.now(), await demoStaffDrawn) : null;
  // The books open every order paid out before them, or outside a payout provider (the demo): once each.
  await openAllOrders(db, clock.now());
  return { cardNumbers, clock, sms, sandboxPayments, seeded, demoStaff };
}

/** PAYMENT_PROVIDER=dragonpay: pay codes are Dragonpay references, confirmed by its postback; cards stay with the sandbox. */
function paymentProviderFor(config: Config, sandbox: PaymentProvider): PaymentProvider {
  if (config.PAYMENT_PROVIDER !== 'dragonpay') return sandbox;
  return createDragonpayPaymentProvider(
    { merchantId: config.DRAGONPAY_MERCHANT_ID!, password: config.DRAGONPAY_PASSWORD!, baseUrl: config.DRAGONPAY_BASE_URL, timeoutMs: config.DRAGONPAY_TIMEOUT_MS, email: config.SERVICE_EMAIL },
    sandbox,
  );
}

/**
 * SIGTERM: drain, then close; SIGINT and the other signals close-with-grace hears: close (a worker
 * ignores SIGINT: the primary forwards it as SIGTERM).
 */
function closeOnSignals(config: Config, running: { app: FastifyInstance; scheduler: Scheduler; clock: Clock; db: Db; lifecycle: { shuttingDown: boolean } }): void {
  const { app, scheduler, clock, db, lifecycle } = running;
  closeWithGrace({ delay: config.SHUTDOWN_DRAIN_MS + 15_000, skip: cluster.isWorker ? ['SIGINT'] : [] }, async ({ err, signal }) => {
    lifecycle.shuttingDown = true;
    if (err) app.log.error({ err }, 'shutting down after error');
    // SIGINT (a terminal's Ctrl-C) closes at once; SIGTERM (an orchestrator, the WORKERS primary) drains first.
    else if (signal === 'SIGTERM') {
      app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'shutting down: /readyz answers 503; still serving while the load balancer drains');
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
    }
    await scheduler.stop();
    await app.close();
    clock.stop?.();
    await db.close();
  });
  if (cluster.isWorker) process.on('SIGINT', () => undefined);
}

/** The start banner: where the app listens, and (a start that seeded them) the demo links and staff passwords. */
function bannerLines(config: Config, db: Db, address: string, started: Pick<StartWrites, 'seeded' | 'demoStaff'>): string[] {
  const { seeded, demoStaff } = started;
  // The address it listens on (127.0.0.1 by default), or localhost when it listens on every interface.
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const base = config.PUBLIC_URL ?? `http://${shownHost}:${new URL(address).port}`;
  const lines = ['', `Borrower app on ${base}  (database: ${db.kind}${db.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''})`];
  // A demo session is printed once, by the start that seeds it, and never in production; /ops gives new ones.
  if (seeded && config.NODE_ENV !== 'production') {
    lines.push(`  Developer preview with a demo session: ${base}${seeded.previewPath}`, ...seeded.orders.map((o) => `  Order in status ${o.status} (${o.meaning}): ${base}${o.path}`));
  } else if (config.SEED_DEMO && config.NODE_ENV !== 'production') {
    lines.push('  Demo data was seeded on an earlier start; GET /ops/demo-links answers its links with a new demo session');
  }
  lines.push(`Staff back office on ${config.BACKOFFICE_ORIGIN ?? base}/backoffice`);
  if (demoStaff) {
    // Printed by this start only: the passwords are kept nowhere but as their hashes.
    lines.push('  Demo staff (dev only; the passwords are shown this once):');
    for (const s of demoStaff) {
      lines.push(`    ${s.role.padEnd(16)} ${s.email.padEnd(19)} password ${s.password}${s.totpSecret ? `   TOTP secret ${s.totpSecret}` : ''}`);
    }
    lines.push('    (finance, admin and dpo: add the TOTP secret to an authenticator app, or GET /ops/staff/totp-code?email=… with the ops token)');
  } else if (config.SEED_DEMO && config.NODE_ENV !== 'production') {
    lines.push('  Staff accounts exist already; `npm run staff -- reset --email agent@demo.test` prints a new password for a demo one');
  }
  if (config.OPS_TOKEN) lines.push(`  Ops API (dev only): ${base}/ops  (Authorization: Bearer ${config.OPS_TOKEN}; a new token each npm start unless OPS_TOKEN is set)`);
  return lines;
}
