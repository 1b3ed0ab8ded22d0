import { describe, expect, it } from 'vitest';
import { groupDigits } from './grouping.ts';

describe('groupDigits', () => {
  it.each([
    [1234567, '1.234.567'],
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1.000'],
    [100000, '100.000'],
    [-1234, '-1.234'],
    [-999, '-999'],
    [Number.MAX_SAFE_INTEGER, '9.007.199.254.740.991'],
    ['1234567', '1.234.567'],
    ['0001234', '1.234'],
    ['-0', '0'],
    ['+5000', '5.000'],
    ['12345678901234567890', '12.345.678.901.234.567.890'],
  ])('%s → %s', (value, shown) => {
    expect(groupDigits(value)).toBe(shown);
  });

  it('leaves what is not a whole number as it is', () => {
    expect(groupDigits(1234.5)).toBe('1234.5');
    expect(groupDigits('12.5')).toBe('12.5');
    expect(groupDigits('abc')).toBe('abc');
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits('')).toBe('');
    expect(groupDigits(null)).toBe('');
    expect(groupDigits(undefined)).toBe('');
  });
});
