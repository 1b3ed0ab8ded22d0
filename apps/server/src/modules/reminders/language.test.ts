/**
 * The SMS in the borrower's language (issue 41; docs/i18n.md, "SMS"): a reminder is written in the
 * language the loan was confirmed in, its cost in parts counted (Hindi goes as UCS-2), India's
 * grievance officer line found by the contact guard in either language, and SMS_IN_ENGLISH keeps a
 * market's messages in English. The complaint acknowledgement follows the language it was filed in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { problemSaveRoute, type Market } from '@cashloan/contract';
import { FIL } from '@cashloan/contract/texts/fil';
import { HI } from '@cashloan/contract/texts/hi';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { loadConfig } from '../../config.ts';
import { loadOrder, moveOrder } from '../../domain/orders/service.ts';
import { lenderDay, lenderDayStartsAt } from '../../loan-terms/calendar.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';
import { smsCost } from '../../providers/sms/parts.ts';
import { runReminderPass } from './job.ts';

let h: Harness | null = null;
afterEach(async () => {
  await h?.t.close();
  h = null;
});

/** A loan confirmed in `lang` (India's in rupees), paid out, with the clock at 13:00 Manila on its due day. */
async function confirmedIn(harness: Harness, lang: string, market: Market) {
  const { session } = await harness.t.newBorrower({ name: 'Ravi Kumar' });
  const productId = harness.productIds[1]!;
  const asked = { ...session, lang, real: market === 'IN' ? '1' : '0' };
  const orderId = await harness.confirmLoan(asked, productId, { amount: '1000000', periods: '120' });
  await moveOrder(harness.t.db, orderId, ORDER_STATUS.disbursing, harness.t.clock.now());
  await moveOrder(harness.t.db, orderId, ORDER_STATUS.repaying, harness.t.clock.now());
  return { session, asked, order: (await loadOrder(harness.t.db, orderId))! };
}

async function remindOnDueDay(harness: Harness, dueAt: Date) {
  const at = new Date(lenderDayStartsAt(lenderDay(dueAt)).getTime() + 13 * 3_600_000);
  await harness.advance(at.getTime() - harness.t.clock.now().getTime());
  const pass = await runReminderPass({ db: harness.t.db, clock: harness.t.clock, sms: harness.t.sms, config: harness.t.config });
  expect(pass.failed).toBe(0);
  return pass;
}

describe('SMS in the borrower language', () => {
  it('a reminder in Hindi (UCS-2: its parts counted) names the grievance officer in Hindi, and the guard lets it go; one in Filipino stays GSM-7', async () => {
    h = await createHarness();
    const hindi = await confirmedIn(h, 'hi', 'IN');
    const filipino = await confirmedIn(h, 'fil', 'PH');
    const english = await confirmedIn(h, 'en', 'IN');
    await remindOnDueDay(h, hindi.order.plan[0]!.dueAt);

    const [hindiText] = await h.outbox(hindi.session.mobilePhone);
    expect(hindiText).toContain(HI.server!['Amount due: {amount}.']!.replace('{amount}', 'INR 11,800.00').slice(0, 10));
    expect(hindiText).toContain(HI.server!['Reply STOP to stop these reminders.']);
    expect(hindiText).toContain(HI.server!['Grievance officer: {officer}.']!.split('{officer}')[0]);
    expect(hindiText).toContain(hindi.order.orderNo);
    expect(hindiText).not.toMatch(/Amount due|reminder|Grievance officer/);
    const [englishText] = await h.outbox(english.session.mobilePhone);
    expect(englishText).toContain('Grievance officer: ');
    // The cost: Hindi goes as UCS-2, about three times the parts of the same reminder in English.
    expect(smsCost(hindiText!)).toMatchObject({ encoding: 'UCS-2' });
    expect(smsCost(englishText!)).toMatchObject({ encoding: 'GSM-7' });
    expect(smsCost(hindiText!).parts).toBeGreaterThanOrEqual(2 * smsCost(englishText!).parts);

    await remindOnDueDay(h, filipino.order.plan[0]!.dueAt);
    const [filipinoText] = await h.outbox(filipino.session.mobilePhone);
    expect(filipinoText).toContain(FIL.server!['If you have paid already, please ignore this message.']);
    expect(smsCost(filipinoText!).encoding).toBe('GSM-7');
  });

  it('SMS_IN_ENGLISH names markets, and a wrong one is refused at start with what was wrong', () => {
    expect(loadConfig({ SMS_IN_ENGLISH: ' in, ph ' }).SMS_IN_ENGLISH).toEqual(['IN', 'PH']);
    expect(loadConfig({}).SMS_IN_ENGLISH).toEqual([]);
    expect(() => loadConfig({ SMS_IN_ENGLISH: 'PH,India' })).toThrow(/SMS_IN_ENGLISH: must list markets among PH, IN \(comma-separated\); not "INDIA"/);
  });

  it("SMS_IN_ENGLISH keeps a market's reminders in English whatever the loan was confirmed in", async () => {
    h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650, SMS_IN_ENGLISH: ['IN'] }));
    const hindi = await confirmedIn(h, 'hi', 'IN');
    await remindOnDueDay(h, hindi.order.plan[0]!.dueAt);
    const [text] = await h.outbox(hindi.session.mobilePhone);
    expect(text).toMatch(/^\w+: a reminder that the payment for your loan /);
    expect(text).toContain('Grievance officer: ');
  });

  it('a complaint filed in Hindi is acknowledged in Hindi', async () => {
    h = await createHarness();
    const { session } = await h.t.newBorrower();
    const filed = await h.call(problemSaveRoute, { ...session, lang: 'hi', real: '1' }, { problemType: '5', problemDetail: 'The app closes.', problemImage: '' });
    expect(filed.body.code).toBe('00');
    const [text] = await h.outbox(session.mobilePhone);
    expect(text).toContain(HI.server!['Please quote this reference if you contact us about it.']);
  });
});
