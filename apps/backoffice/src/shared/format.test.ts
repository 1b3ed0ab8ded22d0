import { describe, expect, it } from 'vitest';
import { addDays, formatBasisPoints, formatDateTime, formatMoney, lenderDayEnd, marketDay, orderStatusTitle, pesosToMinor } from './format.ts';

describe('format', () => {
  it('writes minor units as pesos with 2 decimals', () => {
    expect(formatMoney(560500)).toBe('₱5,605.00');
    expect(formatMoney(5)).toBe('₱0.05');
    expect(formatMoney(0)).toBe('₱0.00');
  });

  it('writes rupees with their symbol and Indian grouping, and keeps the sign', () => {
    expect(formatMoney(12345600, 'INR')).toBe('₹1,23,456.00');
    expect(formatMoney(-560500, 'PHP')).toBe('-₱5,605.00');
    expect(formatMoney(-5, 'INR')).toBe('-₹0.05');
  });

  it("names a currency's market day (Manila for pesos, Kolkata for rupees) and moves days across months", () => {
    const at = new Date('2025-02-28T17:00:00Z');
    expect(marketDay('PHP', at)).toBe('2025-03-01');
    expect(marketDay('INR', at)).toBe('2025-02-28');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-12-26', 6)).toBe('2025-01-01');
  });

  it('turns typed pesos into whole centavos', () => {
    expect(pesosToMinor(0.3)).toBe(30);
    expect(pesosToMinor(5605)).toBe(560500);
    expect(pesosToMinor(12.345)).toBe(1235);
  });

  it("writes times in the lender's zone (Manila, UTC+8) as yyyy-mm-dd hh:mm", () => {
    expect(formatDateTime('2025-03-01T16:30:00Z')).toBe('2025-03-02 00:30');
    expect(formatDateTime('2025-03-01T01:05:00+08:00')).toBe('2025-03-01 01:05');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('names order statuses with their code and meaning', () => {
    expect(orderStatusTitle(21)).toBe('21 In review');
    expect(orderStatusTitle(180)).toBe('180 Overdue');
    expect(orderStatusTitle(999)).toBe('999 Unknown status');
  });

  it('ends a lender day at its last instant in Manila time', () => {
    expect(new Date(lenderDayEnd('2025-03-01')).toISOString()).toBe('2025-03-01T15:59:59.999Z');
    expect(formatBasisPoints(150)).toBe('1.50 %');
  });
});
