/** The portfolio's health through the staff API (issue 38): the collections lead, admins and finance read it; an agent or a collector is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { signedInStaff } from '../../test-support/staff.ts';
import { ORDER_STATUS } from '../../loan-terms/status.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness(await createTestApp({ SESSION_TTL_DAYS: 3650 }));
});
afterAll(() => h.t.close());

describe('GET /collections/portfolio', () => {
  it("answers the collections lead, and refuses an agent and a collector", async () => {
    const { borrowerId } = await h.t.newBorrower();
    const overdue = await h.order(borrowerId, ORDER_STATUS.overdue, { dueInDays: -40 });

    const lead = await signedInStaff(h.t, ['collections_lead']);
    const res = await lead.call('GET', '/collections/portfolio?currency=PHP');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ currency: 'PHP', asOf: h.t.clock.now().toISOString(), outstandingPrincipalMinor: overdue.principalMinor });
    expect(data.par).toEqual([
      { days: 1, pastDuePrincipalMinor: overdue.principalMinor, ratio: 1 },
      { days: 30, pastDuePrincipalMinor: overdue.principalMinor, ratio: 1 },
      { days: 60, pastDuePrincipalMinor: 0, ratio: 0 },
      { days: 90, pastDuePrincipalMinor: 0, ratio: 0 },
    ]);
    expect(data.rollRates).toHaveLength(12);
    expect(data.collectedThisMonth.map((c: { bucket: string }) => c.bucket)).toEqual(['1-7', '8-30', '31-60', '61-90', '91+']);
    // The currency defaults to pesos; an unknown one is refused naming the field.
    expect((await lead.call('GET', '/collections/portfolio')).json().data.currency).toBe('PHP');
    const wrong = await lead.call('GET', '/collections/portfolio?currency=USD');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('currency must be PHP or INR');

    for (const roles of [['agent'], ['collector']] as const) {
      const refused = await (await signedInStaff(h.t, [...roles])).call('GET', '/collections/portfolio');
      expect(refused.statusCode, refused.body).toBe(403);
    }
  });
});
