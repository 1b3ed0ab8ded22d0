import { afterEach, describe, expect, it } from 'vitest';
import {
  showsRecords,
  BANK_TIP_KEY,
  actionsFor,
  bankTipRecorded,
  loadPopups,
  needsRolloverPrompt,
  recordBankTip,
  redirectTarget,
  repayTarget,
} from './order-rules.ts';

const labels = (status: number, isDelay: '0' | '1' = '0') => actionsFor({ orderStatus: status, isDelay }).map((a) => a.label);

describe('the buttons of each status', () => {
  it('shows Repayment on 170, Borrow Again on 200 and nothing on 21, 110, 151 or an unknown status', () => {
    expect(labels(170)).toEqual(['Repayment']);
    expect(labels(170, '1')).toEqual(['Repayment']);
    expect(labels(200)).toEqual(['Borrow Again']);
    for (const status of [21, 110, 151, 999]) expect(labels(status, '1')).toEqual([]);
  });

  it("shows REPAY and Rollover Repayment ('Short of money?') on 174 and 180 with isDelay '1', otherwise one Repayment", () => {
    for (const status of [174, 180]) {
      expect(actionsFor({ orderStatus: status, isDelay: '1' })).toEqual([
        { kind: 'repay', label: 'REPAY' },
        { kind: 'rollover', label: 'Rollover Repayment', caption: 'Short of money?' },
      ]);
      expect(labels(status, '0')).toEqual(['Repayment']);
    }
  });
});

describe('the redirect rule', () => {
  it('redirects any status but 21 that has a playeduL', () => {
    expect(redirectTarget({ orderStatus: 170, playeduL: 'https://partner.example/order' })).toBe('https://partner.example/order');
    expect(redirectTarget({ orderStatus: 151, playeduL: ' /beSeats ' })).toBe('/beSeats');
    expect(redirectTarget({ orderStatus: 21, playeduL: 'https://partner.example/order' })).toBeNull();
    expect(redirectTarget({ orderStatus: 180, playeduL: '  ' })).toBeNull();
  });
});

describe('where Repayment goes', () => {
  it("uses the order's h5Url, else the repayment-by-period screen", () => {
    expect(repayTarget({ h5Url: 'https://pay.example/r' })).toBe('https://pay.example/r');
    expect(repayTarget({ h5Url: '' })).toBe('/allowedAlso');
  });
});

describe('the popups on load', () => {
  const none = { cardNeedPop: 0, KindTipsMsg: '', isScore: '0' as const };

  it('shows none when the server asks for none', () => {
    expect(loadPopups(none, false)).toEqual([]);
  });

  it('queues the bank-card dialog, Kind tips and the rating in that order', () => {
    expect(loadPopups({ cardNeedPop: 1, KindTipsMsg: 'Tip', isScore: '1' }, false)).toEqual(['bankCard', 'kindTips', 'rating']);
    expect(loadPopups({ ...none, isScore: '1' }, false)).toEqual(['rating']);
    expect(loadPopups({ ...none, cardNeedPop: 2 }, false)).toEqual([]);
  });

  it('leaves Kind tips out once the bank tip is recorded, or when the message is blank', () => {
    expect(loadPopups({ ...none, KindTipsMsg: 'Tip' }, true)).toEqual([]);
    expect(loadPopups({ ...none, KindTipsMsg: '   ' }, false)).toEqual([]);
  });

  it('asks before a rollover only when the server sends a rollover message', () => {
    expect(needsRolloverPrompt({ reyMsg: 'Extend your due date' })).toBe(true);
    expect(needsRolloverPrompt({ reyMsg: '' })).toBe(false);
  });
});

describe('the bank tip record', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept in the session storage once the borrower goes to repay', () => {
    expect(bankTipRecorded()).toBe(false);
    recordBankTip();
    expect(sessionStorage.getItem(BANK_TIP_KEY)).toBe('1');
    expect(bankTipRecorded()).toBe(true);
  });
});

describe('the records links (issue 22)', () => {
  it('show for a disbursed order only: repaying, due, overdue, settled', () => {
    expect([21, 110, 151, 170, 174, 180, 200].filter((orderStatus) => showsRecords({ orderStatus }))).toEqual([170, 174, 180, 200]);
  });
});
