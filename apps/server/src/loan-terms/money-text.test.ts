import { describe, expect, it } from 'vitest';
import { majorUnits, moneyText, moneyTextIn } from './money-text.ts';

describe('money as the screens show it', () => {
  it('writes minor units as major units with 2 decimals', () => {
    expect(majorUnits(560_500)).toBe('5605.00');
    expect(majorUnits(5)).toBe('0.05');
    expect(majorUnits(-250)).toBe('-2.50');
  });

  it('puts the sign before the currency symbol, pesos unless told otherwise', () => {
    expect(moneyText(560_500)).toBe('₱5605.00');
    expect(moneyText(-250, '₹')).toBe('-₹2.50');
    expect(moneyTextIn('₹')(100_000)).toBe('₹1000.00');
  });
});
