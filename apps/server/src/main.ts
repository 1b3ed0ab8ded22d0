/**
 * Starts the server. WORKERS=1 (the default): this process is the server. WORKERS>1 (PostgreSQL
 * only): this process is a node:cluster primary that forks that many workers, each a server
 * listening on the same PORT; it restarts a worker that dies, forwards SIGTERM/SIGINT to them and
 * exits when they have, and prints the start banner once.
 *
 * A server: config → database → under the advisory lock 'start' (one process at a time: the first
 * migrates and seeds, the others find it done) migrations, card numbers protected, demo seed → app
 * → periodic jobs → listen. SIGTERM: GET /readyz answers 503 at once, requests are served for
 * SHUTDOWN_DRAIN_MS more, then the jobs stop, Fastify closes (requests under way finish), the
 * database closes, exit 0.
 * The database opens (and PGlite migrates) first, while the rest of the server's modules load:
 * only config and the database client are imported before that starts.
 */
import cluster, { type Worker } from 'node:cluster';
import { availableParallelism } from 'node:os';
import { loadConfig, workerCount, type Config } from './config.ts';
import { openDb } from './platform/db/client.ts';

/** The advisory lock the start-up writes run under (migrations, card numbers, demo seed). */
const START_LOCK = 'start';
/** Workers that die before they listen this many times in a row: the primary gives up. */
const MAX_START_FAILURES = 5;

/** What a worker tells the primary once it listens. */
interface BannerMessage {
  type: 'banner';
  lines: string[];
  /** This worker seeded the demo data or staff (its banner has their links and passwords). */
  seeded: boolean;
}

const config = loadConfig();
const workers = workerCount(config, availableParallelism());
if (workers > 1 && cluster.isPrimary) await runPrimary(config, workers);
else await runServer(config);

function logLine(level: 'info' | 'error', msg: string, fields: Record<string, unknown> = {}): void {
  process.stdout.write(`${JSON.stringify({ level: level === 'info' ? 30 : 50, time: Date.now(), pid: process.pid, msg, ...fields })}\n`);
}

async function runPrimary(config: Config, count: number): Promise<void> {
  const { installPrimaryMetrics } = await import('./platform/metrics/cluster.ts');
  installPrimaryMetrics();
  const live = new Set<Worker>();
  const banners: BannerMessage[] = [];
  let bannerShown = false;
  let stopping = false;
  let startFailures = 0;

  const showBanner = (banner: BannerMessage) => {
    bannerShown = true;
    process.stdout.write([...banner.lines, `  (${count} worker processes)`, ''].join('\n') + '\n');
  };
  const stopAll = (exitCode: number) => {
    stopping = true;
    process.exitCode = exitCode;
    for (const worker of live) worker.process.kill('SIGTERM');
    if (live.size === 0) process.exit(exitCode);
    // A worker that does not end after its drain and close: the primary does not wait forever.
    setTimeout(() => process.exit(exitCode || 1), config.SHUTDOWN_DRAIN_MS + 30_000).unref();
  };
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    let listening = false;
    worker.on('listening', () => {
      listening = true;
      startFailures = 0;
    });
    worker.on('message', (message: BannerMessage) => {
      if (message?.type !== 'banner' || bannerShown) return;
      banners.push(message);
      // The banner with the demo links (one worker seeded them), or any once every worker has started.
      if (message.seeded) showBanner(message);
      else if (banners.length >= count) showBanner(banners[0]!);
    });
    worker.on('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit(process.exitCode ?? 0);
        return;
      }
      if (!listening) startFailures++;
      if (startFailures >= MAX_START_FAILURES) {
        logLine('error', `workers died at start ${startFailures} times in a row; giving up (see the errors above)`, { code, signal });
        stopAll(1);
        return;
      }
      const backoffMs = listening ? 1_000 : Math.min(30_000, 500 * 2 ** startFailures);
      logLine('error', `worker ${worker.process.pid} died (${signal ?? `exit code ${code}`}); starting another in ${backoffMs} ms`);
      setTimeout(() => {
        if (!stopping) fork();
      }, backoffMs);
    });
  };
  for (let i = 0; i < count; i++) fork();
  // Each worker gets SIGTERM (a terminal's Ctrl-C reaches them too, as SIGINT, which they ignore).
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    logLine('info', `${signal}: stopping ${live.size} workers`);
    stopAll(0);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

async function runServer(config: Config): Promise<void> {
  const opening = openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: config.DATABASE_URL === undefined });
  // Awaited below; marked handled so a failure surfaces there, after the imports, not as unhandled.
  opening.catch(() => undefined);

  const [
    { default: closeWithGrace },
    { migrate },
    { startScheduler },
    { createDbClock },
    { buildApp },
    { seedDemo },
    storageModule,
    queueModule,
    smsModule,
    paymentsModule,
    dragonpayModule,
    sweepModule,
    recoveryModule,
    notificationsModule,
    remindersModule,
    { createCardData },
    { cardDataKeysFor },
    { protectCardNumbers },
    { seedDemoStaff },
    { checkCapsAtStart },
  ] = await Promise.all([
    import('close-with-grace'),
    import('./platform/db/migrate.ts'),
    import('./platform/jobs/scheduler.ts'),
    import('./platform/clock/clock.ts'),
    import('./app.ts'),
    import('./seed/demo.ts'),
    import('./providers/storage/choose.ts'),
    import('./providers/storage/reencode-queue.ts'),
    import('./providers/sms/dev-outbox.ts'),
    import('./providers/payments/sandbox.ts'),
    import('./providers/payments/dragonpay.ts'),
    import('./modules/complaints/orphan-sweep.ts'),
    import('./modules/card-repayment/recovery.ts'),
    import('./modules/provider-notifications/service.ts'),
    import('./modules/reminders/job.ts'),
    import('./providers/card-data/card-data.ts'),
    import('./providers/card-data/keys.ts'),
    import('./domain/bank-cards/protect-at-start.ts'),
    import('./seed/demo-staff.ts'),
    import('./modules/loan-confirmation/caps-at-start.ts'),
  ]);

  const db = await opening;
  const cardData = createCardData(cardDataKeysFor(config));
  // Only the /ops clock calls move the clock (never in production): with them on, and other processes
  // on the same database, the offset is read again.
  const clockRefreshMs = db.kind === 'postgres' && config.OPS_TOKEN !== undefined ? 500 : undefined;
  const storage = storageModule.createImageStorage(config, db);
  // One process at a time (the others wait): the first to start migrates and seeds, the others find it done.
  const started = await db.withSessionLock(START_LOCK, async () => {
    if (db.kind === 'postgres') await migrate(db);
    // Before anything is served: rows of older versions lose their clear numbers, old-key ones are re-encrypted.
    const cardNumbers = await protectCardNumbers(db, cardData);
    const clock = await createDbClock(db, Date.now, { refreshMs: clockRefreshMs });
    const sms = smsModule.createDevOutboxSms(db, clock);
    // The local sandbox moves no money; a deployment that takes real payments hands in its provider here.
    const sandboxPayments = paymentsModule.createSandboxPaymentProvider({ db, clock, sms, appName: config.APP_EN_NAME });
    const seeded = config.SEED_DEMO ? await seedDemo(db, clock.now(), config, cardData, sandboxPayments) : null;
    // Never in production, never beside real staff: seedDemoStaff checks both.
    const demoStaff = config.SEED_DEMO ? await seedDemoStaff({ db, cardData }, config, clock.now()) : null;
    return { cardNumbers, clock, sms, sandboxPayments, seeded, demoStaff };
  });
  const { cardNumbers, clock, sms, sandboxPayments, seeded, demoStaff } = started;
  // PAYMENT_PROVIDER=dragonpay: pay codes are Dragonpay references, confirmed by its postback; cards stay with the sandbox.
  const payments =
    config.PAYMENT_PROVIDER === 'dragonpay'
      ? dragonpayModule.createDragonpayPaymentProvider(
          { merchantId: config.DRAGONPAY_MERCHANT_ID!, password: config.DRAGONPAY_PASSWORD!, baseUrl: config.DRAGONPAY_BASE_URL, timeoutMs: config.DRAGONPAY_TIMEOUT_MS, email: config.SERVICE_EMAIL },
          sandboxPayments,
        )
      : sandboxPayments;
  const reencodeQueue = queueModule.createReencodeQueue();
  const lifecycle = { shuttingDown: false };
  const app = await buildApp({ db, clock, config, storage, reencodeQueue, sms, payments, cardData }, { lifecycle });
  if (cardNumbers.converted > 0 || cardNumbers.reencrypted > 0 || cardNumbers.droppedClearColumn) app.log.info({ cardNumbers }, 'card numbers protected');
  // Periodic jobs (platform/jobs/scheduler.ts): each process checks every JOB_CHECK_MS; a due job runs on one process.
  const jobs = [
    // Uploads no complaint uses (and files a crash left without a row): hourly.
    sweepModule.orphanSweepJob({ db, storage, clock }, app.log),
    // Card confirmations a crash left half-done: booked or released by the provider's answer, every minute.
    recoveryModule.cardRecoveryJob({ db, clock, payments }, app.log),
    // Provider notifications stored but not settled (the provider did not answer, or the process stopped): every 30 s.
    notificationsModule.notificationSettlingJob({ db, clock, payments }),
    // SMS payment reminders (docs/records.md): every 5 minutes; each reminder is a claimed row, so once only.
    ...(config.PAYMENT_REMINDERS ? [remindersModule.paymentRemindersJob({ db, clock, sms, config }, app.log)] : []),
  ];
  const scheduler = startScheduler({ db, clock, jobs, checkMs: config.JOB_CHECK_MS, log: app.log });

  // SIGTERM: drain, then close; SIGINT and the other signals close-with-grace hears: close (a worker ignores SIGINT: the primary forwards it as SIGTERM).
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

  // Unusable market rules stop the start; a product whose terms break a legal cap is logged once (and withheld).
  await checkCapsAtStart(db, clock.now(), app.log);
  if (config.NODE_ENV === 'production' && config.BACKOFFICE_ORIGIN === undefined) {
    app.log.warn("BACKOFFICE_ORIGIN is not set: the staff back office shares the borrower app's origin, so a script run in the H5 could call the staff API (docs/deploy.md, \"The back office's host\")");
  }
  const address = await app.listen({ port: config.PORT, host: config.HOST });
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
      lines.push(`    ${s.role.padEnd(8)} ${s.email.padEnd(18)} password ${s.password}${s.totpSecret ? `   TOTP secret ${s.totpSecret}` : ''}`);
    }
    lines.push('    (finance and admin: add the TOTP secret to an authenticator app, or GET /ops/staff/totp-code?email=… with the ops token)');
  } else if (config.SEED_DEMO && config.NODE_ENV !== 'production') {
    lines.push('  Staff accounts exist already; `npm run staff -- reset --email agent@demo.test` prints a new password for a demo one');
  }
  if (config.OPS_TOKEN) lines.push(`  Ops API (dev only): ${base}/ops  (Authorization: Bearer ${config.OPS_TOKEN}; a new token each npm start unless OPS_TOKEN is set)`);
  if (cluster.isWorker) process.send?.({ type: 'banner', lines, seeded: seeded !== null || demoStaff !== null } satisfies BannerMessage);
  else process.stdout.write([...lines, ''].join('\n') + '\n');
}
