import { afterEach, describe, expect, it } from 'vitest';
import { PESO_SYMBOL, RUPEE_SYMBOL, currencySymbol, formatMinor, formatMoney } from './money.ts';

function visit(search: string) {
  window.history.replaceState(null, '', `/allIt${search}`);
}

afterEach(() => visit(''));

describe('currencySymbol', () => {
  it('is the rupee only when the page parameter real equals 1', () => {
    visit('?real=1');
    expect(currencySymbol()).toBe('₹');
    visit('?real=0');
    expect(currencySymbol()).toBe('₱');
    visit('');
    expect(currencySymbol()).toBe('₱');
  });

  it('takes an explicit value over the page', () => {
    visit('?real=1');
    expect(currencySymbol('0')).toBe(PESO_SYMBOL);
    expect(currencySymbol(' 1 ')).toBe(RUPEE_SYMBOL);
    expect(currencySymbol(null)).toBe(PESO_SYMBOL);
    expect(currencySymbol('true')).toBe(PESO_SYMBOL);
  });

  it('remembers real=1 carried from an earlier page of the session', () => {
    sessionStorage.setItem('carriedPageParams', JSON.stringify({ real: '1' }));
    visit('?orderId=9');
    expect(currencySymbol()).toBe('₹');
  });
});

describe('formatMinor', () => {
  it.each([
    [1999, '19.99'],
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [10, '0.10'],
    [123456789, '1234567.89'],
    [-5, '-0.05'],
    [-250, '-2.50'],
    [-0, '0.00'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%s minor units → %s', (value, shown) => {
    expect(formatMinor(value)).toBe(shown);
  });

  it('has no float drift where value / 100 would have it', () => {
    // 1.1 * 100 style drift: 110/100 and 29/100 are not exact binary fractions.
    for (let minor = 0; minor < 5000; minor += 1) {
      const expected = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
      expect(formatMinor(minor)).toBe(expected);
    }
  });

  it('reads integer strings as text, whatever their length', () => {
    expect(formatMinor('1999')).toBe('19.99');
    expect(formatMinor(' 007 ')).toBe('0.07');
    expect(formatMinor('-00050')).toBe('-0.50');
    expect(formatMinor('+150')).toBe('1.50');
    expect(formatMinor('-0')).toBe('0.00');
    expect(formatMinor('123456789012345678901234')).toBe('1234567890123456789012.34');
  });

  it('rounds a fractional minor amount half up', () => {
    expect(formatMinor(1999.4)).toBe('19.99');
    expect(formatMinor(1999.5)).toBe('20.00');
    expect(formatMinor('1999.00')).toBe('19.99');
    expect(formatMinor(-2.5)).toBe('-0.02');
  });

  it('shows nothing for a value that is not an amount', () => {
    for (const value of [null, undefined, '', ' ', 'abc', '12a', '1e3x', Number.NaN, Number.POSITIVE_INFINITY, 1e300]) {
      expect(formatMinor(value)).toBe('');
    }
  });
});

describe('formatMoney', () => {
  it('prefixes the symbol, the sign before it', () => {
    expect(formatMoney(1999, '₱')).toBe('₱19.99');
    expect(formatMoney(-250, '₱')).toBe('-₱2.50');
    expect(formatMoney(5, '₹')).toBe('₹0.05');
    expect(formatMoney(undefined, '₱')).toBe('');
  });

  it('uses the page currency by default', () => {
    visit('?real=1');
    expect(formatMoney(100000)).toBe('₹1,000.00');
    visit('?real=2');
    expect(formatMoney(100000)).toBe('₱1,000.00');
  });

  it('groups pesos by thousands and rupees in lakhs and crores', () => {
    expect(formatMoney(828650, '₱')).toBe('₱8,286.50');
    expect(formatMoney(123456789, '₱')).toBe('₱1,234,567.89');
    expect(formatMoney(12345600, '₹')).toBe('₹1,23,456.00');
    expect(formatMoney(1234567890, '₹')).toBe('₹1,23,45,678.90');
    expect(formatMoney(-123456, '₹')).toBe('-₹1,234.56');
    expect(formatMoney(99999, '₱')).toBe('₱999.99');
    expect(formatMoney(0, '₱')).toBe('₱0.00');
    expect(formatMoney('-0', '₹')).toBe('₹0.00');
  });

  it('keeps every digit of an amount beyond a float', () => {
    expect(formatMoney('123456789012345678901234', '₱')).toBe('₱1,234,567,890,123,456,789,012.34');
    expect(formatMoney(Number.MAX_SAFE_INTEGER, '₹')).toBe('₹9,00,71,99,25,47,409.91');
  });
});
