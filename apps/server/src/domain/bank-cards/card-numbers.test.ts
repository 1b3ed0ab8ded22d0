import { describe, expect, it } from 'vitest';
import { lastFourOnly } from './card-numbers.ts';

describe('lastFourOnly', () => {
  it('leaves the masks written today as they are', () => {
    for (const masked of ['**** **** 7890', '*** **** 4567', '**** **** **** 4821', '*** ****']) expect(lastFourOnly(masked)).toBe(masked);
  });

  it('hides every digit but the last 4 of anything that kept more', () => {
    expect(lastFourOnly('0012 3456 7890')).toBe('**** **** 7890');
    expect(lastFourOnly('4000-1234-1234-4821')).toBe('****-****-****-4821');
    expect(lastFourOnly('123')).toBe('123');
  });
});
