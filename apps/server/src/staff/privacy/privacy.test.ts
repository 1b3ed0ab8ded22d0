/**
 * The data-protection officer's desk (issue 39): the borrowers' requests, the nearest answer date
 * first; one request with the borrower's data as they would download it; a refusal needs a reason the
 * borrower then reads on "My data"; an approved name correction is applied; an erasure is approved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRequestRoute, myDataRoute, type MyData, type PrivacyRequestRow } from '@cashloan/contract';
import { createHarness, type Harness } from '../../test-support/repayment-harness.ts';
import { signedInStaff, type TestStaff } from '../../test-support/staff.ts';
import { findBorrower } from '../../domain/borrowers/service.ts';

let h: Harness;
let dpo: TestStaff;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.close());

const data = <T>(res: { statusCode: number; body: string; json(): { data: unknown } }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

describe('data requests for the data-protection officer', () => {
  it('lists, shows the data, refuses with a reason the borrower reads, applies a name correction and approves an erasure', async () => {
    const ana = await h.t.newBorrower({ name: 'Ana Reyez' });
    const ben = await h.t.newBorrower({ name: 'Ben Cruz' });
    const correction = (await h.call(dataRequestRoute, ana.session, { kind: 'correction', field: 'name', value: 'Ana Reyes' })).body.data as { refNo: string };
    await h.advance(86_400_000);
    const erasure = (await h.call(dataRequestRoute, ben.session, { kind: 'erasure' })).body.data as { refNo: string };
    const phone = (await h.call(dataRequestRoute, ben.session, { kind: 'correction', field: 'mobilePhone', value: '09171234567' })).body.data as { refNo: string };
    // Signed in after the clock moved (a session ends within hours).
    dpo = await signedInStaff(h.t, ['dpo']);

    const open = data<{ items: PrivacyRequestRow[]; total: number }>(await dpo.call('GET', '/privacy/requests'));
    expect(open.items.map((r) => [r.refNo, r.borrowerName, r.daysLeft])).toEqual([
      [correction.refNo, 'Ana Reyez', 29],
      [erasure.refNo, 'Ben Cruz', 30],
      [phone.refNo, 'Ben Cruz', 30],
    ]);

    const one = data<{ request: PrivacyRequestRow; data: { fileName: string; content: string } }>(await dpo.call('GET', `/privacy/requests/${open.items[2]!.id}`));
    const exported = JSON.parse(one.data.content) as { borrowerId: number; parts: Array<{ key: string; rows: Array<Record<string, unknown>> }> };
    expect(exported.borrowerId).toBe(ben.borrowerId);
    expect(exported.parts.find((p) => p.key === 'profile')!.rows[0]).toMatchObject({ name: 'Ben Cruz' });

    const noReason = await dpo.call('POST', `/privacy/requests/${open.items[2]!.id}/decide`, { decision: 'refuse' });
    expect(noReason.json()).toMatchObject({ code: 400, message: 'reason: a refusal needs a reason the borrower reads' });
    const refusal = data<PrivacyRequestRow>(await dpo.call('POST', `/privacy/requests/${open.items[2]!.id}/decide`, { decision: 'refuse', reason: 'Your phone number is your sign-in: change it in the app under Account.' }));
    expect(refusal).toMatchObject({ state: 'refused', decidedBy: 'Test dpo' });
    const seen = (await h.call(myDataRoute, ben.session, {})).body.data as MyData;
    expect(seen.requests.find((r) => r.refNo === phone.refNo)).toMatchObject({ state: 'refused', stateTitle: 'Refused', reason: 'Your phone number is your sign-in: change it in the app under Account.' });

    expect(data<PrivacyRequestRow>(await dpo.call('POST', `/privacy/requests/${open.items[0]!.id}/decide`, { decision: 'approve' }))).toMatchObject({ state: 'done', reason: 'Your name is corrected.' });
    expect((await findBorrower(h.t.db, { id: ana.borrowerId }))!.name).toBe('Ana Reyes');
    // Ben has no loan: approving his erasure carries it out at once (erase.test.ts has the whole run).
    expect(data<PrivacyRequestRow>(await dpo.call('POST', `/privacy/requests/${open.items[1]!.id}/decide`, { decision: 'approve' }))).toMatchObject({ state: 'done', reason: 'Your data is erased.' });

    // An answered request is not answered twice; each answer is audited.
    const again = await dpo.call('POST', `/privacy/requests/${open.items[1]!.id}/decide`, { decision: 'refuse', reason: 'x' });
    expect(again.json()).toMatchObject({ code: 409, message: `Request ${erasure.refNo} is done, not open: it has its answer already.` });
    const audit = await h.t.db.query<{ outcome: string }>(`SELECT outcome FROM staff_audit WHERE action = 'privacy.decide' ORDER BY id`);
    expect(audit.rows.map((r) => r.outcome)).toEqual(['refused', 'done', 'done', 'done', 'refused']);
    expect(data<{ total: number }>(await dpo.call('GET', '/privacy/requests')).total).toBe(0);
    expect(data<{ total: number }>(await dpo.call('GET', '/privacy/requests?state=all')).total).toBe(3);
  });
});
