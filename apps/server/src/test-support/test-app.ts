/** A real app on a fresh in-memory PGlite database, for server tests (app.inject, no port). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SessionParams } from '@cashloan/contract';
import { testConfig, type Config } from '../config.ts';
import { openDb, type Db } from '../platform/db/client.ts';
import { migrate } from '../platform/db/migrate.ts';
import { createFixedClock, type Clock } from '../platform/clock/clock.ts';
import { buildApp } from '../app.ts';
import type { Lifecycle } from '../platform/http/health.ts';
import { createBorrowerWithSession, type NewBorrower } from '../domain/borrowers/service.ts';
import { createLocalDiskStorage } from '../providers/storage/local-disk.ts';
import type { ImageStorage } from '../providers/storage/storage.ts';
import { createReencodeQueue, type ReencodeQueue } from '../providers/storage/reencode-queue.ts';
import { createDevOutboxSms } from '../providers/sms/dev-outbox.ts';
import type { SmsProvider } from '../providers/sms/sms.ts';
import { createSandboxPaymentProvider } from '../providers/payments/sandbox.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { payoutProviders, payoutProvidersFor, type PayoutProviders } from '../providers/payouts/choose.ts';
import type { PayoutProvider } from '../providers/payouts/payout-provider.ts';
import { createCardData, type CardData } from '../providers/card-data/card-data.ts';
import { cardDataKeysFor } from '../providers/card-data/keys.ts';
import { protectCardNumbers } from '../domain/bank-cards/protect-at-start.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: Clock;
  config: Config;
  storage: ImageStorage;
  /** The SMS provider the app was built with. */
  sms: SmsProvider;
  /** The payment provider the app was built with. */
  payments: PaymentProvider;
  /** The payout providers the app was built with (the sandboxes unless the test gave its own). */
  payouts: PayoutProviders;
  /** This app's card-data keys (random per test app unless the config overrides name some). */
  cardData: CardData;
  /** What main.ts marks at SIGTERM (GET /readyz answers 503 while shuttingDown). */
  lifecycle: Lifecycle;
  newBorrower(input?: Partial<NewBorrower>): Promise<{ borrowerId: number; session: SessionParams }>;
  close(): Promise<void>;
}

let phoneCounter = 9170000000;

/**
 * A fresh, empty database: in-memory PGlite, or a schema of its own on the PostgreSQL named by
 * TEST_DATABASE_URL (dropped again on close).
 */
export async function openTestDb(): Promise<Db> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDb({});
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const db = await openDb({ databaseUrl: url, schema });
  return {
    ...db,
    close: async () => {
      await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await db.close();
    },
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  start = new Date('2026-11-01T02:00:00Z'),
  /** A storage of the test's own; by default images go to a temporary directory removed on close. */
  /** An SMS provider of the test's own; by default the dev outbox (sms_outbox). */
  /** A payment provider of the test's own; by default the local sandbox. */
  /** A log destination of the test's own (log lines are written nowhere by default). */
  /**
   * A database of the test's own (one PostgreSQL that two apps share, as two server processes would;
   * rows of an older version; PGlite on disk); closed with the app.
   */
  /** A re-encode queue of the test's own (a small one, to fill); by default one of the usual size. */
  options: {
    storage?: ImageStorage;
    sms?: SmsProvider;
    payments?: PaymentProvider;
    /** A payment provider built on the sandbox (the Dragonpay adapter keeps the sandbox's cards). */
    paymentsOnSandbox?: (sandbox: PaymentProvider) => PaymentProvider;
    /** Payout providers of the test's own (one per currency); by default the sandboxes. */
    payouts?: PayoutProvider[];
    logStream?: { write(line: string): void };
    db?: Db;
    reencodeQueue?: ReencodeQueue;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await openTestDb());
  await migrate(db);
  const clock = createFixedClock(start);
  const config = testConfig(overrides);
  // What main.ts does right after the migrations.
  const cardData = createCardData(cardDataKeysFor(config));
  await protectCardNumbers(db, cardData);
  const uploadsDir = options.storage ? null : mkdtempSync(join(tmpdir(), 'cashloan-test-uploads-'));
  const storage = options.storage ?? createLocalDiskStorage(uploadsDir!);
  const sms = options.sms ?? createDevOutboxSms(db, clock);
  const sandbox = () => createSandboxPaymentProvider({ db, clock, sms, appName: config.APP_EN_NAME });
  const payments = options.payments ?? (options.paymentsOnSandbox ? options.paymentsOnSandbox(sandbox()) : sandbox());
  const payouts = options.payouts ? payoutProviders(options.payouts) : payoutProvidersFor(config, { db, clock });
  const reencodeQueue = options.reencodeQueue ?? createReencodeQueue();
  const lifecycle: Lifecycle = { shuttingDown: false };
  const app = await buildApp({ db, clock, config: { ...config, validateAnswers: true }, storage, reencodeQueue, sms, payments, payouts, cardData }, { logStream: options.logStream, lifecycle });
  return {
    app,
    lifecycle,
    db,
    clock,
    config,
    storage,
    sms,
    payments,
    payouts,
    cardData,
    newBorrower: (input = {}) =>
      createBorrowerWithSession(db, { mobilePhone: String(phoneCounter++), ...input }, clock.now(), config.SESSION_TTL_DAYS),
    close: async () => {
      await app.close();
      await db.close();
      if (uploadsDir) rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/** Form-encodes a payload the way the browser clients do. */
export function form(payload: Record<string, string | number>): string {
  return new URLSearchParams(Object.entries(payload).map(([k, v]): [string, string] => [k, String(v)])).toString();
}
export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
export function query(params: Record<string, string>): string {
  return new URLSearchParams(params).toString();
}
