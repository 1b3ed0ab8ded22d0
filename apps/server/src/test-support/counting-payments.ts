/**
 * A test app whose payment provider is the local sandbox wrapped to count every call, and to let a
 * test hold a call (a gate) or make it fail: what "exactly one provider call" is measured with.
 */
import type { Config } from '../config.ts';
import type { PaymentProvider } from '../providers/payments/payment-provider.ts';
import { createSandboxPaymentProvider } from '../providers/payments/sandbox.ts';
import { createDevOutboxSms } from '../providers/sms/dev-outbox.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Method = 'createPayCode' | 'startCardCharge' | 'sendCardCode' | 'confirmCardCharge' | 'cardChargeStatus' | 'findCardChargeByReference' | 'createCheckout' | 'voidTransaction';

export interface CountingPayments {
  /** Calls made so far, by method. */
  calls: Record<Method, number>;
  /** Runs before each call (with its arguments); a test may hold it (await a promise) or throw to make the call fail. */
  before: (method: Method, args: readonly unknown[]) => Promise<void>;
  /**
   * Runs after a call the sandbox completed, before its answer reaches the server: a test may hold
   * it for ever or throw, as when the server stops right after the provider took the money.
   */
  after: (method: Method) => Promise<void>;
}

export async function createCountingTestApp(overrides: Partial<Config> = {}): Promise<{ t: TestApp; payments: CountingPayments; provider: PaymentProvider }> {
  // The sandbox needs the app's database, made with the app: it is set right after.
  const ref: { inner?: PaymentProvider } = {};
  const payments: CountingPayments = {
    calls: { createPayCode: 0, startCardCharge: 0, sendCardCode: 0, confirmCardCharge: 0, cardChargeStatus: 0, findCardChargeByReference: 0, createCheckout: 0, voidTransaction: 0 },
    before: async () => undefined,
    after: async () => undefined,
  };
  const sandbox = () => {
    if (!ref.inner) throw new Error('the sandbox provider is not ready');
    return ref.inner;
  };
  async function counted<T>(method: Method, run: (p: PaymentProvider) => Promise<T>, ...args: unknown[]): Promise<T> {
    payments.calls[method]++;
    await payments.before(method, args);
    const answer = await run(sandbox());
    await payments.after(method);
    return answer;
  }
  const provider: PaymentProvider = {
    name: 'sandbox (counted)',
    createPayCode: (request) => counted('createPayCode', (p) => p.createPayCode(request)),
    transactionStatus: (txnId) => sandbox().transactionStatus(txnId),
    verifyNotification: (notification) => sandbox().verifyNotification(notification),
    displayOf: (code, kind) => sandbox().displayOf(code, kind),
    startCardCharge: (request) => counted('startCardCharge', (p) => p.startCardCharge(request)),
    sendCardCode: (chargeId) => counted('sendCardCode', (p) => p.sendCardCode(chargeId), chargeId),
    confirmCardCharge: (chargeId, code) => counted('confirmCardCharge', (p) => p.confirmCardCharge(chargeId, code), chargeId),
    cardChargeStatus: (chargeId) => counted('cardChargeStatus', (p) => p.cardChargeStatus(chargeId)),
    findCardChargeByReference: (reference) => counted('findCardChargeByReference', (p) => p.findCardChargeByReference(reference)),
    createCheckout: (request) => counted('createCheckout', (p) => p.createCheckout(request)),
    voidTransaction: (txnId) => counted('voidTransaction', (p) => p.voidTransaction!(txnId), txnId),
    recordCounterPayment: (t) => sandbox().recordCounterPayment!(t),
  };
  // Sessions outlive the clock moves of the tests.
  const t = await createTestApp({ SESSION_TTL_DAYS: 3650, ...overrides }, undefined, { payments: provider });
  ref.inner = createSandboxPaymentProvider({ db: t.db, clock: t.clock, sms: createDevOutboxSms(t.db, t.clock), appName: t.config.APP_EN_NAME });
  return { t, payments, provider };
}
