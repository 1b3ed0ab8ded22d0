import { describe, expect, it } from 'vitest';
import { REMINDER_KINDS, latestSendableKind, sendableFrom } from './schedule.ts';
import { NEVER_IN_A_REMINDER, reminderText } from './text.ts';
import { withinContactHours } from '../../loan-terms/contact-guard.ts';
import { isoDateToDay } from '../../loan-terms/calendar.ts';


describe('reminder texts', () => {
  const facts = { brand: 'PesoNow', orderNo: 'PN261101048213', amountDueMinor: 560_500, dueOn: '2027-01-31' };

  it.each(REMINDER_KINDS)('%s: the brand, the order, the amount, the due date, how to pay and STOP, in neutral words', (kind) => {
    const text = reminderText(kind, facts);
    expect(text.startsWith('PesoNow: ')).toBe(true);
    expect(text).toContain('PN261101048213');
    expect(text).toContain('Amount due: PHP 5,605.00.');
    expect(text).toContain('2027-01-31');
    expect(text).toContain('open the app and tap Repayment, or pay at a partner outlet with a pay code');
    expect(text).toContain('Reply STOP to stop these reminders.');
    for (const word of NEVER_IN_A_REMINDER) expect(text.toLowerCase()).not.toContain(word);
    expect(text.includes('overdue')).toBe(kind.startsWith('overdue'));
    // GSM 7-bit characters only (none of the extension table's), and two SMS parts at most (153 characters each).
    expect(text).toMatch(/^[ -Z_a-z!?.,:;'"()@#%&*+\-/=<>]+$/);
    expect(text.length).toBeLessThanOrEqual(2 * 153);
  });
});

describe('reminder schedule', () => {
  const dueDay = isoDateToDay('2027-01-31');
  const manila = (local: string) => new Date(`${local}+08:00`);

  it('each kind becomes sendable at 06:00 lender time of its day, outside the quiet hours', () => {
    expect(sendableFrom(dueDay, 'before_3')).toEqual(manila('2027-01-28T06:00:00'));
    expect(sendableFrom(dueDay, 'due')).toEqual(manila('2027-01-31T06:00:00'));
    expect(sendableFrom(dueDay, 'overdue_1')).toEqual(manila('2027-02-01T06:00:00'));
    expect(sendableFrom(dueDay, 'overdue_3')).toEqual(manila('2027-02-03T06:00:00'));
    expect(sendableFrom(dueDay, 'overdue_7')).toEqual(manila('2027-02-07T06:00:00'));
    for (const kind of REMINDER_KINDS) expect(withinContactHours(sendableFrom(dueDay, kind), 'PH')).toBe(true);
  });

  it('answers only the latest kind whose moment has come (the catch-up rule)', () => {
    expect(latestSendableKind(dueDay, manila('2027-01-28T05:59:59'))).toBeNull();
    expect(latestSendableKind(dueDay, manila('2027-01-28T06:00:00'))).toBe('before_3');
    expect(latestSendableKind(dueDay, manila('2027-01-31T05:00:00'))).toBe('before_3');
    expect(latestSendableKind(dueDay, manila('2027-01-31T06:00:00'))).toBe('due');
    // Down from the 27th to the 2nd: only overdue_1, never the missed before_3 and due.
    expect(latestSendableKind(dueDay, manila('2027-02-02T10:00:00'))).toBe('overdue_1');
    expect(latestSendableKind(dueDay, manila('2027-02-06T21:00:00'))).toBe('overdue_3');
    expect(latestSendableKind(dueDay, manila('2027-05-01T10:00:00'))).toBe('overdue_7');
  });
});
