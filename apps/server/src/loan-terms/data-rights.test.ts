import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BREACH_NOTICE_HOURS, breachCountdown, withinBreachDeadline } from './data-rights.ts';

const HOUR_MS = 3_600_000;
// 10:00 in Manila on 2026-11-29.
const FOUND = new Date('2026-11-29T02:00:00Z');
const at = (hours: number) => new Date(FOUND.getTime() + hours * HOUR_MS);

/** Any instant within a few years of now, to the millisecond. */
const instant = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) }).map((ms) => new Date(ms));
/** A time after discovery, up to a week and a half on. */
const elapsedMs = fc.integer({ min: 0, max: 250 * HOUR_MS });

describe('the breach countdown (72 hours from discovery)', () => {
  it('counts down from 72 whole hours, is 0 in the last hour and overdue only after the deadline', () => {
    expect(breachCountdown(FOUND, FOUND)).toEqual({ deadlineAt: new Date('2026-12-02T02:00:00Z'), hoursLeft: 72, overdue: false });
    expect(breachCountdown(FOUND, at(1.5)).hoursLeft).toBe(70);
    expect(breachCountdown(FOUND, at(71.99))).toMatchObject({ hoursLeft: 0, overdue: false });
    expect(breachCountdown(FOUND, at(72))).toMatchObject({ hoursLeft: 0, overdue: false });
    expect(breachCountdown(FOUND, new Date(at(72).getTime() + 1))).toMatchObject({ hoursLeft: -1, overdue: true });
    expect(breachCountdown(FOUND, at(80))).toMatchObject({ hoursLeft: -8, overdue: true });
    expect(withinBreachDeadline(FOUND, at(72))).toBe(true);
    expect(withinBreachDeadline(FOUND, at(72.01))).toBe(false);
  });

  it('puts the deadline exactly BREACH_NOTICE_HOURS after discovery, whenever it was found', () => {
    fc.assert(
      fc.property(instant, elapsedMs, (found, elapsed) => {
        const { deadlineAt } = breachCountdown(found, new Date(found.getTime() + elapsed));
        expect(deadlineAt.getTime() - found.getTime()).toBe(BREACH_NOTICE_HOURS * HOUR_MS);
      }),
    );
  });

  it('is overdue exactly when the hours left are negative, and never has more than 72 left after discovery', () => {
    fc.assert(
      fc.property(instant, elapsedMs, (found, elapsed) => {
        const { hoursLeft, overdue, deadlineAt } = breachCountdown(found, new Date(found.getTime() + elapsed));
        expect(overdue).toBe(hoursLeft < 0);
        expect(overdue).toBe(found.getTime() + elapsed > deadlineAt.getTime());
        expect(hoursLeft).toBeLessThanOrEqual(BREACH_NOTICE_HOURS);
        expect(withinBreachDeadline(found, new Date(found.getTime() + elapsed))).toBe(!overdue);
      }),
    );
  });

  it('loses one hour for every hour that passes, and never gains one', () => {
    fc.assert(
      fc.property(instant, elapsedMs, fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: HOUR_MS * 5 }), (found, elapsed, hours, more) => {
        const now = found.getTime() + elapsed;
        const left = breachCountdown(found, new Date(now)).hoursLeft;
        expect(breachCountdown(found, new Date(now + hours * HOUR_MS)).hoursLeft).toBe(left - hours);
        expect(breachCountdown(found, new Date(now + more)).hoursLeft).toBeLessThanOrEqual(left);
      }),
    );
  });
});
