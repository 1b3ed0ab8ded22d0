import { describe, expect, it } from 'vitest';
import { majorUnits, moneyText, moneyTextIn } from './money-text.ts';

describe('money as the screens show it', () => {
  it('writes minor units as major units with 2 decimals', () => {
    expect(majorUnits(560_500)).toBe('5605.00');
    expect(majorUnits(5)).toBe('0.05');
    expect(majorUnits(-250)).toBe('-2.50');
  });

  it('puts the sign before the currency symbol, pesos unless told otherwise', () => {
    expect(moneyText(560_500)).toBe('₱5,605.00');
    expect(moneyText(-250, '₹')).toBe('-₹2.50');
    expect(moneyTextIn('₹')(100_000)).toBe('₹1,000.00');
  });

  it('groups pesos by thousands and rupees in lakhs (Intl.NumberFormat, en-PH and en-IN)', () => {
    expect(moneyText(828_650)).toBe('₱8,286.50');
    expect(moneyText(12_345_600, '₹')).toBe('₹1,23,456.00');
    expect(moneyText(1_234_567_890, '₹')).toBe('₹1,23,45,678.90');
    expect(moneyText(99_999)).toBe('₱999.99');
  });
});
