/** The payment provider's settings are checked at start: a Dragonpay account needs its id and password. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

describe('PAYMENT_PROVIDER', () => {
  it('is the sandbox unless set', () => {
    expect(loadConfig({}).PAYMENT_PROVIDER).toBe('sandbox');
  });

  it('refuses dragonpay without the merchant id and password, naming both', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'dragonpay' })).toThrow(
      /DRAGONPAY_MERCHANT_ID: is required when PAYMENT_PROVIDER=dragonpay.*DRAGONPAY_PASSWORD: is required when PAYMENT_PROVIDER=dragonpay/,
    );
  });

  it('takes a Dragonpay account, trimming the base URL, and refuses a base URL that is not http(s)', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'LENDER', DRAGONPAY_PASSWORD: 'secret', DRAGONPAY_BASE_URL: 'https://gw.dragonpay.ph/' });
    expect(config).toMatchObject({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_BASE_URL: 'https://gw.dragonpay.ph', DRAGONPAY_TIMEOUT_MS: 10_000 });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'dragonpay', DRAGONPAY_MERCHANT_ID: 'L', DRAGONPAY_PASSWORD: 's', DRAGONPAY_BASE_URL: 'ftp://x' })).toThrow(/DRAGONPAY_BASE_URL: must be an http\(s\) URL/);
  });

  it('refuses an unknown provider', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
