import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, lenderTimeZone, pageMarket, toEpochMs } from './date.ts';

function visit(search: string) {
  window.history.replaceState(null, '', `/allIt${search}`);
}

afterEach(() => {
  visit('');
  sessionStorage.clear();
});

describe('formatDate', () => {
  it('shows a Date on the Manila calendar (UTC+8)', () => {
    const instant = new Date(Date.UTC(2024, 2, 9, 16, 0, 0)); // 2024-03-10 00:00 in Manila
    expect(formatDate(instant)).toBe('2024-03-10');
    expect(formatDateTime(instant)).toBe('2024-03-10 00:00:00');
    expect(formatDate(new Date(Date.UTC(2024, 2, 9, 15, 59, 59)))).toBe('2024-03-09');
  });

  it('takes epoch milliseconds as a number or a digit string', () => {
    const ms = Date.UTC(2023, 11, 31, 20, 5, 9); // 2024-01-01 04:05:09 Manila
    expect(formatDate(ms)).toBe('2024-01-01');
    expect(formatDate(String(ms), { withTime: true })).toBe('2024-01-01 04:05:09');
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
  });

  it('reads an ISO string with Z or an offset as that exact instant', () => {
    expect(formatDateTime('2024-03-09T16:00:00Z')).toBe('2024-03-10 00:00:00');
    expect(formatDateTime('2024-03-09T16:00:00.123Z')).toBe('2024-03-10 00:00:00');
    expect(formatDateTime('2024-03-10T05:30:00+05:30')).toBe('2024-03-10 08:00:00');
    expect(formatDateTime('2024-03-10T00:00:00-0100')).toBe('2024-03-10 09:00:00');
    expect(formatDateTime('2024-03-10 00:00:00+08')).toBe('2024-03-10 00:00:00');
  });

  it('reads a string without a zone as Manila wall time, whatever the phone zone', () => {
    expect(formatDate('2024-03-10')).toBe('2024-03-10');
    expect(formatDateTime('2024-03-10')).toBe('2024-03-10 00:00:00');
    expect(formatDateTime('2024-03-10 23:59:59')).toBe('2024-03-10 23:59:59');
    expect(formatDateTime('2024-03-10T07:08')).toBe('2024-03-10 07:08:00');
    expect(formatDateTime('2024/3/5 7:08:09')).toBe('2024-03-05 07:08:09');
    expect(toEpochMs('2024-03-10 00:00:00')).toBe(Date.UTC(2024, 2, 9, 16));
  });

  it('crosses month, year and leap-day edges correctly', () => {
    expect(formatDate('2024-02-29T20:00:00Z')).toBe('2024-03-01');
    expect(formatDate('2023-12-31T16:00:00Z')).toBe('2024-01-01');
    expect(formatDate('2024-02-29')).toBe('2024-02-29');
  });

  it('shows nothing for a value that is not a date', () => {
    for (const value of [null, undefined, '', 'yesterday', '2024-13-01', '2023-02-29', '2024-04-31', '2024-03-10 24:00:00', '10/03/2024', Number.NaN, new Date('nope'), 1e20]) {
      expect(formatDate(value)).toBe('');
    }
  });

  it('gives the same answer whatever time zone the phone is set to', () => {
    const before = process.env.TZ;
    const shown: string[] = [];
    try {
      for (const zone of ['UTC', 'Asia/Kolkata', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        shown.push(formatDateTime(new Date(Date.UTC(2024, 2, 9, 16, 30))) + ' | ' + formatDateTime('2024-03-10 00:30:00'));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
    expect(new Set(shown)).toEqual(new Set(['2024-03-10 00:30:00 | 2024-03-10 00:30:00']));
  });

  it('names the zone it uses: Manila for a peso page', () => {
    expect(lenderTimeZone()).toBe('Asia/Manila');
    expect(lenderTimeZone('PH')).toBe('Asia/Manila');
    expect(lenderTimeZone('IN')).toBe('Asia/Kolkata');
  });
});

describe('dates on the calendar of the page market', () => {
  // 2024-03-09T18:30:00Z is midnight in Kolkata (UTC+05:30) and 02:30 in Manila (UTC+08:00).
  const kolkataMidnight = '2024-03-09T18:30:00Z';

  it('follows real exactly as the currency does: real=1 is India, anything else the Philippines', () => {
    visit('?real=1');
    expect(pageMarket()).toBe('IN');
    expect(lenderTimeZone()).toBe('Asia/Kolkata');
    visit('?real=0');
    expect(pageMarket()).toBe('PH');
    visit('');
    expect(pageMarket()).toBe('PH');
    sessionStorage.setItem('carriedPageParams', JSON.stringify({ real: '1' }));
    expect(pageMarket()).toBe('IN');
    expect(pageMarket('0')).toBe('PH');
  });

  it('shows the same instant on each calendar', () => {
    expect(formatDateTime(kolkataMidnight, 'IN')).toBe('2024-03-10 00:00:00');
    expect(formatDateTime(kolkataMidnight, 'PH')).toBe('2024-03-10 02:30:00');
    // 23:00 Manila is 20:30 the same day in Kolkata; 01:00 Manila is 22:30 the day before there.
    expect(formatDateTime('2024-03-10T15:00:00Z', 'PH')).toBe('2024-03-10 23:00:00');
    expect(formatDateTime('2024-03-10T15:00:00Z', 'IN')).toBe('2024-03-10 20:30:00');
    expect(formatDate('2024-03-09T17:00:00Z', { market: 'PH' })).toBe('2024-03-10');
    expect(formatDate('2024-03-09T17:00:00Z', { market: 'IN' })).toBe('2024-03-09');
    expect(formatDate(new Date(Date.UTC(2024, 2, 9, 18, 29, 59)), { market: 'IN' })).toBe('2024-03-09');
    expect(formatDateTime(0, 'IN')).toBe('1970-01-01 05:30:00');
  });

  it('uses the page market when none is named', () => {
    visit('?real=1');
    expect(formatDateTime(kolkataMidnight)).toBe('2024-03-10 00:00:00');
    expect(formatDate('2024-03-09T17:00:00Z')).toBe('2024-03-09');
    visit('?real=0');
    expect(formatDateTime(kolkataMidnight)).toBe('2024-03-10 02:30:00');
    expect(formatDate('2024-03-09T17:00:00Z')).toBe('2024-03-10');
  });

  it("reads a string without a zone as the market's wall time", () => {
    // A date-only string is that calendar day in either market, and midnight there.
    expect(formatDate('2024-03-10', { market: 'IN' })).toBe('2024-03-10');
    expect(formatDate('2024-03-10', { market: 'PH' })).toBe('2024-03-10');
    expect(toEpochMs('2024-03-10', 'IN')).toBe(Date.parse(kolkataMidnight));
    expect(toEpochMs('2024-03-10', 'PH')).toBe(Date.UTC(2024, 2, 9, 16));
    expect(formatDateTime('2024-03-10 23:59:59', 'IN')).toBe('2024-03-10 23:59:59');
    visit('?real=1');
    expect(formatDateTime('2024-03-10')).toBe('2024-03-10 00:00:00');
    expect(toEpochMs('2024-03-10 05:30:00')).toBe(Date.UTC(2024, 2, 10));
    // An explicit zone is still that exact instant.
    expect(formatDateTime('2024-03-10T00:00:00+08:00')).toBe('2024-03-09 21:30:00');
  });

  it('gives the same Kolkata answer whatever time zone the phone is set to', () => {
    const before = process.env.TZ;
    const shown: string[] = [];
    try {
      for (const zone of ['UTC', 'Asia/Manila', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
        process.env.TZ = zone;
        shown.push(formatDateTime(new Date(kolkataMidnight), 'IN') + ' | ' + formatDateTime('2024-03-10 00:30:00', 'IN'));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
    expect(new Set(shown)).toEqual(new Set(['2024-03-10 00:00:00 | 2024-03-10 00:30:00']));
  });
});
