import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LENDER_HOLIDAYS } from '../config.ts';
import { addBusinessDays, businessDaysBetween, businessDaysDeadline, holidayCalendar, isBusinessDay, NO_HOLIDAYS, weekdayOf } from './business-days.ts';
import { endOfLenderDay, isoDateToDay, lenderDay } from './calendar.ts';

const PH = holidayCalendar(DEFAULT_LENDER_HOLIDAYS.split(','));
const filing = fc.date({ min: new Date('2025-06-01'), max: new Date('2028-06-01'), noInvalidDate: true });
const count = fc.integer({ min: 1, max: 15 });
/** Any holiday list: some days of 2025–2028, weekdays or not. */
const holidays = fc.uniqueArray(fc.integer({ min: isoDateToDay('2025-06-01'), max: isoDateToDay('2028-12-31') }), { maxLength: 80 }).map((days) => new Set(days));

describe('business days on the lender calendar', () => {
  it('knows weekends and holidays', () => {
    expect(weekdayOf(isoDateToDay('2026-11-27'))).toBe(5); // a Friday
    expect(isBusinessDay(isoDateToDay('2026-11-27'), PH)).toBe(true);
    expect(isBusinessDay(isoDateToDay('2026-11-28'), PH)).toBe(false); // Saturday
    expect(isBusinessDay(isoDateToDay('2026-11-30'), PH)).toBe(false); // Bonifacio Day
    expect(isBusinessDay(isoDateToDay('2026-11-30'), NO_HOLIDAYS)).toBe(true);
  });

  it('the deadline is a business day, strictly after the filing day, exactly N business days counted, at the end of its day', () => {
    fc.assert(
      fc.property(filing, count, fc.oneof(fc.constant(PH), holidays), (filed, n, hols) => {
        const due = businessDaysDeadline(filed, n, hols);
        const dueDay = lenderDay(due);
        expect(isBusinessDay(dueDay, hols)).toBe(true);
        expect(weekdayOf(dueDay)).not.toBe(0);
        expect(weekdayOf(dueDay)).not.toBe(6);
        expect(hols.has(dueDay)).toBe(false);
        expect(dueDay).toBeGreaterThan(lenderDay(filed));
        expect(businessDaysBetween(lenderDay(filed), dueDay, hols)).toBe(n);
        // The day before the deadline still had only n − 1 business days.
        expect(businessDaysBetween(lenderDay(filed), dueDay - 1, hols)).toBe(n - 1);
        expect(due.getTime()).toBe(endOfLenderDay(due).getTime());
      }),
      { numRuns: 400 },
    );
  });

  it('is monotonic in the filing time, and in N', () => {
    fc.assert(
      fc.property(filing, filing, count, fc.oneof(fc.constant(PH), holidays), (a, b, n, hols) => {
        const [early, late] = a.getTime() <= b.getTime() ? [a, b] : [b, a];
        expect(businessDaysDeadline(early, n, hols).getTime()).toBeLessThanOrEqual(businessDaysDeadline(late, n, hols).getTime());
        expect(addBusinessDays(lenderDay(early), n, hols)).toBeLessThan(addBusinessDays(lenderDay(early), n + 1, hols));
      }),
      { numRuns: 400 },
    );
  });
});
