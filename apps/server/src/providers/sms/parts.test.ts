import { describe, expect, it } from 'vitest';
import { smsCost } from './parts.ts';

describe('what an SMS costs, in parts', () => {
  it('GSM-7: 160 in one part, 153 a part once split; the extension characters count twice', () => {
    expect(smsCost('a'.repeat(160))).toEqual({ encoding: 'GSM-7', length: 160, parts: 1 });
    expect(smsCost('a'.repeat(161))).toEqual({ encoding: 'GSM-7', length: 161, parts: 2 });
    expect(smsCost('a'.repeat(306)).parts).toBe(2);
    expect(smsCost('a'.repeat(307)).parts).toBe(3);
    expect(smsCost('[]'.repeat(40))).toEqual({ encoding: 'GSM-7', length: 160, parts: 1 });
    // Filipino needs nothing beyond it (ñ is in it).
    expect(smsCost('Paalala: ang bayad sa Parañaque ay PHP 1,000.00.').encoding).toBe('GSM-7');
  });

  it('UCS-2 for a text with one character outside GSM-7 (Devanagari, ₱): 70 in one part, 67 a part once split', () => {
    expect(smsCost('क'.repeat(70))).toEqual({ encoding: 'UCS-2', length: 70, parts: 1 });
    expect(smsCost('क'.repeat(71))).toEqual({ encoding: 'UCS-2', length: 71, parts: 2 });
    expect(smsCost(`${'a'.repeat(134)}₱`)).toEqual({ encoding: 'UCS-2', length: 135, parts: 3 });
  });
});
