import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAnswerOf, settingsCall } from '@cashloan/contract';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { signedInStaff } from '../../test-support/staff.ts';
import { seedCatalog } from '../../seed/demo.ts';

type Settings = StaffAnswerOf<typeof settingsCall>;

let t: TestApp;
let productIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  productIds = await seedCatalog(t.db);
});
afterAll(() => t.close());

describe('GET /settings', () => {
  it('shows an admin every product and payment channel, active or not', async () => {
    // Taken off sale and switched off: still listed, marked inactive.
    await t.db.query('UPDATE products SET active = false WHERE id = $1', [productIds[3]]);
    await t.db.query(`UPDATE payment_channels SET active = false WHERE channel_number = '90010'`);
    const admin = await signedInStaff(t, ['admin']);
    const res = await admin.call('GET', '/settings');
    expect(res.statusCode).toBe(200);
    const data: Settings = res.json().data;
    expect(data.products.map((p) => [p.name, p.active])).toEqual([
      ['PesoNow Cash', true],
      ['PesoNow Plus', true],
      ['PesoNow Installment', true],
      ['PesoNow Salary Loan', false],
    ]);
    expect(data.products[0]).toEqual({
      id: productIds[0],
      name: 'PesoNow Cash',
      active: true,
      amountMinor: 500_000,
      termDays: 91,
      periods: 1,
      interestBp: 910,
      serviceFeeBp: 300,
      rolloverFeeBp: 1_500,
    });
    expect(data.paymentChannels).toContainEqual({ channelNumber: '90006', name: 'Online Banking', kind: 'code', active: true });
    expect(data.paymentChannels).toContainEqual({ channelNumber: '90010', name: 'Cebuana Lhuillier', kind: 'code', active: false });
    // The channels of the server's own: card, checkout, and the two finance posts payments on.
    expect(data.paymentChannels.map((c) => c.kind)).toEqual(expect.arrayContaining(['card', 'checkout', 'posted']));
  });

  it("states the loan-terms rules with the figures the server computes with", async () => {
    const admin = await signedInStaff(t, ['admin']);
    const rules = new Map(((await admin.call('GET', '/settings')).json().data as Settings).loanTerms.map((r) => [r.name, r.value]));
    expect(rules.get('Loan term')).toBe('91 to 365 calendar days');
    expect(rules.get('Overdue interest, days 1 to 30')).toBe('5.00% of the overdue amount a day');
    expect(rules.get('Overdue interest, days 31 to 90')).toBe('4.00% of the overdue amount a day');
    expect(rules.get('Overdue interest, from day 91')).toBe('2.00% of the overdue amount a day');
    expect(rules.get('Late penalty, first loan')).toBe('₱1,000.00, charged once from the first overdue day');
    expect(rules.get('Late penalty, repeat borrower')).toBe('₱800.00, charged once from the first overdue day');
    expect(rules.get('Early repayment opens')).toBe('after 1/2 of the term, and not before day 7 from disbursement (a 91-day loan on day 46, a 365-day loan on day 183)');
    expect(rules.get('Shown as due (174)')).toBe('from 3 days before the due date through the due date');
    expect(rules.get("Lender's calendar")).toMatch(/^UTC\+08:00: /);
    expect(rules.get('Rollover (extension)')).toContain('one instalment period');
    for (const [name, value] of rules) expect(value, name).not.toBe('');
  });

  it('is for admins only: an agent or finance gets 403', async () => {
    for (const roles of [['agent'], ['finance']] as const) {
      const staff = await signedInStaff(t, [...roles]);
      const res = await staff.call('GET', '/settings');
      expect(res.statusCode, roles[0]).toBe(403);
    }
  });
});
