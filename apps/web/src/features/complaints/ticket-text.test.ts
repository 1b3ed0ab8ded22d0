import { describe, expect, it } from 'vitest';
import { isWebAddress, readableDate } from './ticket-text.ts';

describe('ticket text', () => {
  it('writes dates as people read them, and leaves anything else as it came', () => {
    expect(readableDate('2026-12-02')).toBe('2 Dec 2026');
    expect(readableDate('2027-01-15')).toBe('15 Jan 2027');
    expect(readableDate('2026-13-02')).toBe('2026-13-02');
    expect(readableDate('soon')).toBe('soon');
  });
  it("writes the month in the page's language, the day and year as digits", () => {
    document.documentElement.lang = 'hi';
    const script = Object.assign(document.createElement('script'), { type: 'application/json', id: 'texts', textContent: JSON.stringify({ routes: ['/allWhich'], texts: { Dec: 'दिस॰' } }) });
    document.head.append(script);
    try {
      expect(readableDate('2026-12-02')).toBe('2 दिस॰ 2026');
    } finally {
      document.documentElement.lang = 'en';
      script.remove();
    }
  });
  it('links only https addresses', () => {
    expect(isWebAddress('https://www.sec.gov.ph')).toBe(true);
    expect(isWebAddress('javascript:alert(1)')).toBe(false);
    expect(isWebAddress('http://example.com')).toBe(false);
  });
});
