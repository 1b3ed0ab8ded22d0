/** Starts the server: config → database → migrations → demo seed → listen; closes gracefully. */
import { join } from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config.ts';
import { openDb } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { createDbClock } from './clock/clock.ts';
import { buildApp } from './app.ts';
import { seedDemo, demoLinks } from './db/seed.ts';
import { createLocalDiskStorage } from './providers/storage/local-disk.ts';
import { createDevOutboxSms } from './providers/sms/dev-outbox.ts';
import { createSandboxPaymentProvider } from './providers/payments/sandbox.ts';

const config = loadConfig();
const db = await openDb({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrate(db);
const clock = await createDbClock(db);
const storage = createLocalDiskStorage(join(config.DATA_DIR, 'uploads'));
const sms = createDevOutboxSms(db, clock);
// The local sandbox moves no money; a deployment that takes real payments hands in its provider here.
const payments = createSandboxPaymentProvider({ db, clock, sms, appName: config.APP_EN_NAME });
const app = await buildApp({ db, clock, config, storage, sms, payments });

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'shutting down after error');
  await app.close();
  await db.close();
});

const seeded = config.SEED_DEMO ? await seedDemo(db, clock.now(), config) : null;
const address = await app.listen({ port: config.PORT, host: config.HOST });
const base = config.PUBLIC_URL ?? `http://localhost:${new URL(address).port}`;
const demo = seeded ?? (config.SEED_DEMO ? await demoLinks(db, config) : null);
if (demo) {
  const lines = [
    '',
    `Borrower app on ${base}  (database: ${db.kind}${db.kind === 'pglite' ? ` in ${config.DATA_DIR}` : ''})`,
    `  Developer preview with a demo session: ${base}${demo.previewPath}`,
    ...demo.orders.map((o) => `  Order in status ${o.status} (${o.meaning}): ${base}${o.path}`),
    config.OPS_TOKEN ? `  Ops API: ${base}/ops  (Authorization: Bearer ${config.OPS_TOKEN})` : '  Ops API disabled (set OPS_TOKEN)',
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
