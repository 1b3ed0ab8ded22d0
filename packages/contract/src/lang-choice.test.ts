import { describe, expect, it } from 'vitest';
import { fillText } from './i18n.ts';
import { langOf, langOfAcceptLanguage, pageLangOf } from './lang-choice.ts';

describe('which language a request is in', () => {
  it('reads a lang value: ours by its primary subtag, tl as Filipino, anything else (no string included) as none', () => {
    expect(langOf('fil')).toBe('fil');
    expect(langOf('FIL-ph')).toBe('fil');
    expect(langOf('tl')).toBe('fil');
    expect(langOf('hi_IN')).toBe('hi');
    expect(langOf('en-GB')).toBe('en');
    expect(langOf('es')).toBeUndefined();
    expect(langOf('')).toBeUndefined();
    expect(langOf(undefined)).toBeUndefined();
    // A query parameter given twice, or a host's answer of another type.
    expect(langOf(['hi', 'fil'])).toBeUndefined();
    expect(langOf(3)).toBeUndefined();
  });

  it('reads the pseudo-locale only where the server allows it (never in production), and never from Accept-Language', () => {
    expect(langOf('qps')).toBeUndefined();
    expect(langOf('qps-ploc', { pseudo: true })).toBe('qps');
    expect(pageLangOf('qps', 'hi')).toBe('hi');
    expect(pageLangOf('qps', 'hi', { pseudo: true })).toBe('qps');
    expect(pageLangOf(undefined, 'qps', { pseudo: true })).toBe('en');
  });

  it('takes the best of ours from Accept-Language by q-value, then order; q=0 refuses one', () => {
    expect(langOfAcceptLanguage('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(langOfAcceptLanguage('en-US,en;q=0.9,fil;q=0.95')).toBe('en');
    expect(langOfAcceptLanguage('ja,fil;q=0.5,hi;q=0.7')).toBe('hi');
    expect(langOfAcceptLanguage('fil;q=0,hi;q=0.1')).toBe('hi');
    expect(langOfAcceptLanguage('ja,de')).toBeUndefined();
    expect(langOfAcceptLanguage('fil;q=abc')).toBeUndefined();
    expect(langOfAcceptLanguage(undefined)).toBeUndefined();
  });

  it("a page's: its lang parameter first, else Accept-Language, else English", () => {
    expect(pageLangOf('en', 'hi')).toBe('en');
    expect(pageLangOf(undefined, 'hi')).toBe('hi');
    expect(pageLangOf('xx', 'fil')).toBe('fil');
    expect(pageLangOf(undefined, undefined)).toBe('en');
  });
});

describe("a text's places", () => {
  it('are filled by name; a place without a value stays as written', () => {
    expect(fillText('{amount} on {date}', { amount: '₹1,23,456.00', date: '2027-01-05' })).toBe('₹1,23,456.00 on 2027-01-05');
    expect(fillText('Call {phone}', {})).toBe('Call {phone}');
    expect(fillText('No places')).toBe('No places');
  });
});
