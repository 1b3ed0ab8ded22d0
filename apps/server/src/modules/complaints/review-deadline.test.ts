import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lenderDay } from '../../loan-terms/calendar.ts';
import { REVIEW_WEEKDAYS, pastReview, reviewDueAt } from './review-deadline.ts';

/** Manila local time as an instant. */
const manila = (iso: string) => new Date(`${iso}+08:00`);

describe('the promised review of a complaint (3 weekdays)', () => {
  it('counts weekdays only, and ends at midnight Manila time', () => {
    // Monday 23 Nov 2026, 10:00 → Thursday 26 Nov, end of day.
    expect(reviewDueAt(manila('2026-11-23T10:00:00')).toISOString()).toBe(manila('2026-11-26T23:59:59.999').toISOString());
    // Thursday → Tuesday (the weekend skipped).
    expect(reviewDueAt(manila('2026-11-26T23:30:00')).toISOString()).toBe(manila('2026-12-01T23:59:59.999').toISOString());
    // Saturday and Sunday → Wednesday.
    expect(reviewDueAt(manila('2026-11-28T09:00:00')).toISOString()).toBe(manila('2026-12-02T23:59:59.999').toISOString());
    expect(reviewDueAt(manila('2026-11-29T00:00:00')).toISOString()).toBe(manila('2026-12-02T23:59:59.999').toISOString());
  });

  it('is 3 to 5 calendar days after filing, never on a weekend, and past only while unanswered', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }), (filed) => {
        const due = reviewDueAt(filed);
        const days = lenderDay(due) - lenderDay(filed);
        expect(days).toBeGreaterThanOrEqual(REVIEW_WEEKDAYS);
        expect(days).toBeLessThanOrEqual(REVIEW_WEEKDAYS + 2);
        const dayOfWeek = (((lenderDay(due) + 4) % 7) + 7) % 7;
        expect([0, 6]).not.toContain(dayOfWeek);
        expect(pastReview(filed, null, new Date(due.getTime() + 1))).toBe(true);
        expect(pastReview(filed, null, due)).toBe(false);
        expect(pastReview(filed, filed, new Date(due.getTime() + 1))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
