import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isQuietHour, nextAllowedMoment } from './contact-hours.ts';

// Manila is UTC+8: 22:00 local is 14:00Z, 06:00 local is 22:00Z (of the day before, in UTC).
const manila = (local: string) => new Date(`${local}+08:00`);
const moment = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('quiet hours in the Philippines (no SMS between 22:00 and 06:00 Manila time)', () => {
  it('knows the edges', () => {
    expect(isQuietHour(manila('2026-11-27T21:59:59.999'))).toBe(false);
    expect(isQuietHour(manila('2026-11-27T22:00:00'))).toBe(true);
    expect(isQuietHour(manila('2026-11-28T00:00:00'))).toBe(true);
    expect(isQuietHour(manila('2026-11-28T05:59:59.999'))).toBe(true);
    expect(isQuietHour(manila('2026-11-28T06:00:00'))).toBe(false);
    expect(isQuietHour(manila('2026-11-28T12:00:00'))).toBe(false);
  });

  it('waits for 06:00 of the right morning', () => {
    expect(nextAllowedMoment(manila('2026-11-27T22:00:00'))).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextAllowedMoment(manila('2026-11-27T23:30:00'))).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextAllowedMoment(manila('2026-11-28T02:00:00'))).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextAllowedMoment(manila('2026-11-28T05:59:00'))).toEqual(manila('2026-11-28T06:00:00'));
    const noon = manila('2026-11-28T12:00:00');
    expect(nextAllowedMoment(noon)).toEqual(noon);
  });

  it('never answers a quiet moment, never an earlier one, at most 8 hours later, and is idempotent', () => {
    fc.assert(
      fc.property(moment, (at) => {
        const next = nextAllowedMoment(at);
        expect(isQuietHour(next)).toBe(false);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(8 * 3_600_000);
        expect(nextAllowedMoment(next)).toEqual(next);
        // Outside the quiet hours nothing waits.
        if (!isQuietHour(at)) expect(next).toEqual(at);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves no allowed moment between `at` and the answer (the earliest one)', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: 1, max: 8 * 60 }), (at, minutes) => {
        const next = nextAllowedMoment(at);
        const between = new Date(at.getTime() + minutes * 60_000);
        if (between < next) expect(isQuietHour(between)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
