import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holidayCalendar, NO_HOLIDAYS } from '../../loan-terms/business-days.ts';
import { lenderDay } from '../../loan-terms/calendar.ts';
import { DEFAULT_LENDER_HOLIDAYS } from '../../config.ts';
import { REVIEW_WEEKDAYS, complaintState, pastReview, reviewDueAt } from './review-deadline.ts';

/** Manila local time as an instant. */
const manila = (iso: string) => new Date(`${iso}+08:00`);
const PH = holidayCalendar(DEFAULT_LENDER_HOLIDAYS.split(','));

describe('the promised review of a complaint (3 business days)', () => {
  it('counts weekdays only without holidays, and ends at midnight Manila time', () => {
    // Monday 23 Nov 2026, 10:00 → Thursday 26 Nov, end of day.
    expect(reviewDueAt(manila('2026-11-23T10:00:00'), NO_HOLIDAYS).toISOString()).toBe(manila('2026-11-26T23:59:59.999').toISOString());
    // Thursday → Tuesday (the weekend skipped).
    expect(reviewDueAt(manila('2026-11-26T23:30:00'), NO_HOLIDAYS).toISOString()).toBe(manila('2026-12-01T23:59:59.999').toISOString());
    // Saturday and Sunday → Wednesday.
    expect(reviewDueAt(manila('2026-11-28T09:00:00'), NO_HOLIDAYS).toISOString()).toBe(manila('2026-12-02T23:59:59.999').toISOString());
    expect(reviewDueAt(manila('2026-11-29T00:00:00'), NO_HOLIDAYS).toISOString()).toBe(manila('2026-12-02T23:59:59.999').toISOString());
  });

  it('skips the lender holidays: Bonifacio Day, Christmas and Rizal Day', () => {
    // Thursday 26 Nov 2026 → Fri 27, (Mon 30 Nov Bonifacio Day), Tue 1, Wed 2 Dec.
    expect(reviewDueAt(manila('2026-11-26T12:00:00'), PH).toISOString()).toBe(manila('2026-12-02T23:59:59.999').toISOString());
    // Wednesday 23 Dec 2026 → Thu 24, (Fri 25 Christmas), Mon 28, Tue 29 (Wed 30 Rizal Day).
    expect(reviewDueAt(manila('2026-12-23T12:00:00'), PH).toISOString()).toBe(manila('2026-12-29T23:59:59.999').toISOString());
    // Tuesday 29 Dec 2026 → (30 Rizal Day) Thu 31, (Fri 1 Jan New Year), Mon 4, Tue 5 Jan 2027.
    expect(reviewDueAt(manila('2026-12-29T12:00:00'), PH).toISOString()).toBe(manila('2027-01-05T23:59:59.999').toISOString());
  });

  it('is received until the first business day after filing starts, then in review, then answered', () => {
    const filed = manila('2026-11-27T15:00:00'); // a Friday; Monday 30 Nov is a holiday
    expect(complaintState(filed, null, manila('2026-11-29T23:59:59'), PH)).toBe('received');
    expect(complaintState(filed, null, manila('2026-11-30T12:00:00'), PH)).toBe('received');
    expect(complaintState(filed, null, manila('2026-12-01T00:00:00'), PH)).toBe('inReview');
    expect(complaintState(filed, manila('2026-12-01T09:00:00'), manila('2026-12-01T10:00:00'), PH)).toBe('answered');
  });

  it('is 3 to 5 calendar days after filing without holidays, never on a weekend, and past only while unanswered', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), (filed) => {
        const due = reviewDueAt(filed, NO_HOLIDAYS);
        const days = lenderDay(due) - lenderDay(filed);
        expect(days).toBeGreaterThanOrEqual(REVIEW_WEEKDAYS);
        expect(days).toBeLessThanOrEqual(REVIEW_WEEKDAYS + 2);
        const dayOfWeek = (((lenderDay(due) + 4) % 7) + 7) % 7;
        expect([0, 6]).not.toContain(dayOfWeek);
        expect(pastReview(filed, null, new Date(due.getTime() + 1), PH)).toBe(reviewDueAt(filed, PH).getTime() < due.getTime() + 1);
        expect(pastReview(filed, null, due, NO_HOLIDAYS)).toBe(false);
        expect(pastReview(filed, null, new Date(due.getTime() + 1), NO_HOLIDAYS)).toBe(true);
        expect(pastReview(filed, filed, new Date(due.getTime() + 1), NO_HOLIDAYS)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
