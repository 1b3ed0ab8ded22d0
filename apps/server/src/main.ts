/**
 * Starts the server: config → database and migrations → card numbers protected → demo seed →
 * listen; closes gracefully.
 * The database opens and migrates first, while the rest of the server's modules load: only config
 * and the database client are imported before that starts.
 */
import { loadConfig } from './config.ts';
import { openDb } from './platform/db/client.ts';

const config = loadConfig();
const opening = openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: true });
// Awaited below; marked handled so a failure surfaces there, after the imports, not as unhandled.
opening.catch(() => undefined);

const [
  { default: closeWithGrace },
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
  import('./platform/clock/clock.ts'),
  import('./app.ts'),
  import('./seed/demo.ts'),
  import('./providers/storage/choose.ts'),
  import('./providers/storage/reencode-queue.ts'),
  import('./providers/sms/dev-outbox.ts'),
  import('./providers/payments/sandbox.ts'),
  import('./providers/payments/dragonpay.ts'),
  import('./modules/complaints/orphan-sweep.ts'),
  import('./modules/repayment/recovery.ts'),
  import('./modules/repayment/provider-notifications.ts'),
  import('./modules/reminders/job.ts'),
  import('./providers/card-data/card-data.ts'),
  import('./providers/card-data/keys.ts'),
  import('./domain/bank-cards/protect-at-start.ts'),
  import('./seed/demo-staff.ts'),
  import('./modules/loan-confirmation/caps-at-start.ts'),
]);

const db = await opening;
const cardData = createCardData(cardDataKeysFor(config));
// Before anything is served: rows of older versions lose their clear numbers, old-key ones are re-encrypted.
const cardNumbers = await protectCardNumbers(db, cardData);
const clock = await createDbClock(db);
const storage = storageModule.createImageStorage(config, db);
const sms = smsModule.createDevOutboxSms(db, clock);
// The local sandbox moves no money; a deployment that takes real payments hands in its provider here.
const sandboxPayments = paymentsModule.createSandboxPaymentProvider({ db, clock, sms, appName: config.APP_EN_NAME });
// PAYMENT_PROVIDER=dragonpay: pay codes are Dragonpay references, confirmed by its postback; cards stay with the sandbox.
const payments =
  config.PAYMENT_PROVIDER === 'dragonpay'
    ? dragonpayModule.createDragonpayPaymentProvider(
        { merchantId: config.DRAGONPAY_MERCHANT_ID!, password: config.DRAGONPAY_PASSWORD!, baseUrl: config.DRAGONPAY_BASE_URL, timeoutMs: config.DRAGONPAY_TIMEOUT_MS, email: config.SERVICE_EMAIL },
        sandboxPayments,
      )
    : sandboxPayments;
const reencodeQueue = queueModule.createReencodeQueue();
const app = await buildApp({ db, clock, config, storage, reencodeQueue, sms, payments, cardData });
if (cardNumbers.converted > 0 || cardNumbers.reencrypted > 0 || cardNumbers.droppedClearColumn) app.log.info({ cardNumbers }, 'card numbers protected');
// Uploads no complaint uses (and files a crash left without a row): swept now and hourly.
const stopSweeps = sweepModule.startOrphanSweeps({ db, storage, clock }, app.log);
// Card confirmations a crash left half-done: booked or released by the provider's answer, now and every minute.
const stopRecovery = recoveryModule.startCardRecovery({ db, clock, payments }, app.log);
// Provider notifications stored but not settled (the provider did not answer, or the process stopped): tried again every 30 s.
const stopSettling = notificationsModule.createNotificationSettler({ db, clock, payments }, app.log).start();
// SMS payment reminders (docs/records.md): a pass now and every 5 minutes; each reminder is a claimed row, so once only.
const stopReminders = config.PAYMENT_REMINDERS ? remindersModule.startPaymentReminders({ db, clock, sms, config }, app.log) : async () => undefined;

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after error');
  await stopSweeps();
  await stopRecovery();
  await stopSettling();
  await stopReminders();
  await app.close();
  await db.close();
});

const seeded = config.SEED_DEMO ? await seedDemo(db, clock.now(), config, cardData, sandboxPayments) : null;
// Never in production, never beside real staff: seedDemoStaff checks both.
const demoStaff = config.SEED_DEMO ? await seedDemoStaff({ db, cardData }, config, clock.now()) : null;
// Unusable market rules stop the start; a product whose terms break a legal cap is logged once (and withheld).
await checkCapsAtStart(db, clock.now(), app.log);
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
lines.push(`Staff back office on ${base}/backoffice`);
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
process.stdout.write([...lines, ''].join('\n') + '\n');
