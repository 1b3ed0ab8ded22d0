import { describe, expect, it } from 'vitest';
import type { RepaymentPlanInfo, RolloverInfo } from '@cashloan/contract/repayment';
import { REPAYMENT_INFO_KEY, loadRepaymentCode, saveRepaymentInfo } from './repayment-store.ts';

const defDetail = {
  payCode: '730122564410',
  logo: '/logos/channel-gcash.svg',
  title: 'GCash',
  payNotice: { 'GCash app': [{ name: 'Bills payment', steps: ['Open GCash', 'Tap Bills'] }] },
};
const shared = { productName: 'PesoNow Cash', productLogo: '', repayDate: '2026-11-03', noticeMsg: '', repayList: [], defDetail, isShowReyTop: 1 };
const plan: RepaymentPlanInfo = { ...shared, repayAmount: 560_500, detail: [] };
const rollover: RolloverInfo = { ...shared, delayInfo: { delayAmount: 75_000, title: 'Extend' }, repayPlan: [] };

describe('the stored repayment info', () => {
  it('gives back the code, channel, total and grouped instructions of a plan repayment', () => {
    saveRepaymentInfo({ kind: 'plan', orderId: '41', info: plan });
    expect(loadRepaymentCode('41')).toEqual({
      kind: 'plan',
      orderId: '41',
      logo: '/logos/channel-gcash.svg',
      title: 'GCash',
      payCode: '730122564410',
      totalMinor: 560_500,
      groups: [{ title: 'GCash app', items: [{ name: 'Bills payment', steps: ['Open GCash', 'Tap Bills'] }] }],
    });
  });

  it("totals a rollover with its delay amount, not the loan's", () => {
    saveRepaymentInfo({ kind: 'rollover', orderId: '41', info: rollover });
    expect(loadRepaymentCode()).toMatchObject({ kind: 'rollover', totalMinor: 75_000 });
  });

  it('reads nothing from a missing, corrupt, incomplete or other-order record', () => {
    expect(loadRepaymentCode()).toBeNull();
    localStorage.setItem(REPAYMENT_INFO_KEY, '{not json');
    expect(loadRepaymentCode()).toBeNull();
    localStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify({ version: 1, kind: 'plan', orderId: '41', info: { ...plan, repayAmount: '5605.00' } }));
    expect(loadRepaymentCode()).toBeNull();
    localStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify({ version: 1, kind: 'plan', orderId: '41', info: { ...plan, defDetail: { ...defDetail, payNotice: { x: [{ name: 1 }] } } } }));
    expect(loadRepaymentCode()).toBeNull();
    localStorage.setItem(REPAYMENT_INFO_KEY, JSON.stringify({ version: 1, kind: 'rollover', orderId: '41', info: plan }));
    expect(loadRepaymentCode()).toBeNull();
    saveRepaymentInfo({ kind: 'plan', orderId: '41', info: plan });
    expect(loadRepaymentCode('42')).toBeNull();
  });
});
