/** What every server module receives from app.ts: nothing is reached for globally. */
import type { Db } from './platform/db/client.ts';
import type { Clock } from './platform/clock/clock.ts';
import type { Config } from './config.ts';
import type { ImageStorage } from './providers/storage/storage.ts';
import type { ReencodeQueue } from './providers/storage/reencode-queue.ts';
import type { SmsProvider } from './providers/sms/sms.ts';
import type { PaymentProvider } from './providers/payments/payment-provider.ts';
import type { CardData } from './providers/card-data/card-data.ts';
import type { PayoutProviders } from './providers/payouts/choose.ts';

export interface AppDeps {
  db: Db;
  clock: Clock;
  config: Config & { validateAnswers?: boolean };
  /** Where uploaded images are kept (local disk by default; an object store in production). */
  storage: ImageStorage;
  /** Where uploaded images wait to be re-encoded: a bounded line, full means 503 (one per process). */
  reencodeQueue: ReencodeQueue;
  /** Where text messages go (the dev outbox by default; an SMS gateway in production). */
  sms: SmsProvider;
  /** Who moves the money: pay codes, card charges, hosted checkout (the local sandbox by default). */
  payments: PaymentProvider;
  /** Who sends the loan money out: one provider per currency (the local sandbox by default). */
  payouts: PayoutProviders;
  /** Hashes and encrypts card and account numbers with the configured keys (providers/card-data). */
  cardData: CardData;
}
