/**
 * The contact guard against the rules restated independently (local hours read through Intl in the
 * markets' own time zones): over any moment, market, days past due, consent and contact history it
 * allows exactly what the rules allow, names a rule the contact breaks when it refuses, and a refusal
 * for the hours says the first moment they open again.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkContact, DEFAULT_CONTACT_LIMITS, nextContactHour, withinContactHours, type ContactAsk, type ContactRefusal } from './contact-guard.ts';

const ZONE = { PH: 'Asia/Manila', IN: 'Asia/Kolkata' } as const;

/** The local hour and minute as the market's clock on the wall shows them. */
function wallClock(at: Date, market: 'PH' | 'IN'): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE[market], hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return n('hour') + n('minute') / 60 + n('second') / 3600;
}

/** 06:00–22:00 on Manila's wall clock, 08:00–19:00 on Kolkata's. */
function inContactHours(at: Date, market: 'PH' | 'IN'): boolean {
  const hour = wallClock(at, market);
  return market === 'IN' ? hour >= 8 && hour < 19 : hour >= 6 && hour < 22;
}

/** Every rule the contact breaks, restated from docs/loan-terms.md. */
function broken(ask: ContactAsk): Set<ContactRefusal> {
  const out = new Set<ContactRefusal>();
  const message = ask.channel === 'sms' || ask.channel === 'email';
  const collector = ask.by === 'collector';
  const limits = ask.limits ?? DEFAULT_CONTACT_LIMITS;
  if (ask.party === 'other') out.add('party');
  if ((ask.party === 'guarantor' || ask.party === 'co_maker') && !ask.namedByBorrower) out.add('party');
  if (collector && ask.complaintAgainstCollectorOpen) out.add('complaint_open');
  if (message && !ask.approvedTemplate) out.add('template');
  if (message && collector && ask.disputeOpen) out.add('dispute_open');
  if (message && ask.disputeOpen && !ask.saysDisputed) out.add('dispute_label');
  if (ask.market === 'IN' && message && !ask.namesGrievanceOfficer) out.add('grievance_officer');
  if (ask.market === 'IN' && collector && !(ask.agentNoticeSentAt && ask.agentNoticeSentAt <= ask.at)) out.add('agent_notice');
  const consented = ask.consentToOtherHoursAt !== null && ask.consentToOtherHoursAt <= ask.at;
  const hoursBind = ask.market === 'IN' || (ask.daysPastDue <= 15 && !consented);
  if (hoursBind && !inContactHours(ask.at, ask.market)) out.add('hours');
  if (message ? ask.attemptsToday.messages >= limits.messagesPerDay : ask.attemptsToday.calls >= limits.callsPerDay) out.add('frequency');
  return out;
}

const moment = fc.date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:59Z'), noInvalidDate: true });
const ask: fc.Arbitrary<ContactAsk> = fc
  .record({
    at: moment,
    market: fc.constantFrom('PH' as const, 'IN' as const),
    daysPastDue: fc.integer({ min: 0, max: 120 }),
    channel: fc.constantFrom('call' as const, 'sms' as const, 'email' as const),
    by: fc.constantFrom('system' as const, 'collector' as const),
    party: fc.constantFrom('borrower' as const, 'guarantor' as const, 'co_maker' as const, 'other' as const),
    namedByBorrower: fc.boolean(),
    consentShift: fc.option(fc.integer({ min: -30 * 86_400_000, max: 30 * 86_400_000 }), { nil: null }),
    approvedTemplate: fc.boolean(),
    disputeOpen: fc.boolean(),
    saysDisputed: fc.boolean(),
    namesGrievanceOfficer: fc.boolean(),
    noticeShift: fc.option(fc.integer({ min: -30 * 86_400_000, max: 86_400_000 }), { nil: null }),
    complaintAgainstCollectorOpen: fc.boolean(),
    attemptsToday: fc.record({ calls: fc.integer({ min: 0, max: 5 }), messages: fc.integer({ min: 0, max: 4 }) }),
    limits: fc.option(fc.record({ callsPerDay: fc.integer({ min: 1, max: 6 }), messagesPerDay: fc.integer({ min: 1, max: 4 }) }), { nil: undefined }),
  })
  .map(({ consentShift, noticeShift, limits, ...rest }) => ({
    ...rest,
    consentToOtherHoursAt: consentShift === null ? null : new Date(rest.at.getTime() + consentShift),
    agentNoticeSentAt: noticeShift === null ? null : new Date(rest.at.getTime() + noticeShift),
    ...(limits ? { limits } : {}),
  }));

/** A contact every rule allows, at `at` local time (an ISO string with its offset). */
const fine = (at: string, over: Partial<ContactAsk> = {}): ContactAsk => ({
  at: new Date(at),
  market: 'PH',
  daysPastDue: 3,
  channel: 'call',
  by: 'collector',
  party: 'borrower',
  namedByBorrower: false,
  consentToOtherHoursAt: null,
  approvedTemplate: true,
  disputeOpen: false,
  saysDisputed: false,
  namesGrievanceOfficer: true,
  agentNoticeSentAt: new Date('2026-01-01T00:00:00Z'),
  complaintAgainstCollectorOpen: false,
  attemptsToday: { calls: 0, messages: 0 },
  ...over,
});

describe('the contact guard over any contact (fast-check)', () => {
  it('allows exactly what the rules allow, and names a rule the contact breaks when it refuses', () => {
    fc.assert(
      fc.property(ask, (a) => {
        const decision = checkContact(a);
        const rules = broken(a);
        expect(decision.allowed).toBe(rules.size === 0);
        if (!decision.allowed) expect(rules.has(decision.reason)).toBe(true);
      }),
      { numRuns: 5_000 },
    );
  });

  it('says, when the hours alone stop a contact, the first moment they open again', () => {
    fc.assert(
      fc.property(ask, (a) => {
        const decision = checkContact(a);
        if (decision.allowed || decision.reason !== 'hours') return;
        const next = decision.nextAllowedAt!;
        expect(next.getTime()).toBeGreaterThan(a.at.getTime());
        expect(next.getTime() - a.at.getTime()).toBeLessThanOrEqual(24 * 3_600_000);
        expect(inContactHours(next, a.market)).toBe(true);
        expect(inContactHours(new Date(next.getTime() - 1), a.market)).toBe(false);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the contact guard, rule by rule', () => {
  it('the Philippines: 06:00 to 22:00 Manila, unless more than 15 days past due or the borrower consented before', () => {
    const late = '2026-11-27T22:30:00+08:00';
    expect(checkContact(fine(late))).toEqual({
      allowed: false,
      reason: 'hours',
      message: 'Contact about a debt only between 06:00 and 22:00 Manila time.',
      nextAllowedAt: new Date('2026-11-28T06:00:00+08:00'),
    });
    expect(checkContact(fine('2026-11-27T21:59:59+08:00')).allowed).toBe(true);
    expect(checkContact(fine('2026-11-28T06:00:00+08:00')).allowed).toBe(true);
    expect(checkContact(fine(late, { daysPastDue: 15 })).allowed).toBe(false);
    expect(checkContact(fine(late, { daysPastDue: 16 })).allowed).toBe(true);
    expect(checkContact(fine(late, { consentToOtherHoursAt: new Date('2026-11-20T10:00:00+08:00') })).allowed).toBe(true);
    // A consent given after the moment does not cover it.
    expect(checkContact(fine(late, { consentToOtherHoursAt: new Date('2026-11-28T10:00:00+08:00') })).allowed).toBe(false);
  });

  it('India: 08:00 to 19:00 Kolkata for every recovery contact, the reminders too, with no exception', () => {
    const india = (at: string, over: Partial<ContactAsk> = {}) => fine(at, { market: 'IN', ...over });
    expect(checkContact(india('2026-11-27T07:59:59+05:30'))).toMatchObject({ allowed: false, reason: 'hours', nextAllowedAt: new Date('2026-11-27T08:00:00+05:30') });
    expect(checkContact(india('2026-11-27T08:00:00+05:30')).allowed).toBe(true);
    expect(checkContact(india('2026-11-27T19:00:00+05:30'))).toMatchObject({ allowed: false, reason: 'hours', message: 'Contact about a debt only between 08:00 and 19:00 Kolkata time.' });
    expect(checkContact(india('2026-11-27T06:30:00+05:30', { by: 'system', channel: 'sms', daysPastDue: 40 })).allowed).toBe(false);
  });

  it('only the borrower, or a guarantor or co-maker the borrower named', () => {
    const noon = '2026-11-27T12:00:00+08:00';
    expect(checkContact(fine(noon, { party: 'other', namedByBorrower: true }))).toMatchObject({ allowed: false, reason: 'party' });
    expect(checkContact(fine(noon, { party: 'guarantor' }))).toMatchObject({ allowed: false, reason: 'party' });
    expect(checkContact(fine(noon, { party: 'co_maker', namedByBorrower: true })).allowed).toBe(true);
  });

  it('messages: approved templates only; a disputed debt stops a collector and is said in every other message', () => {
    const noon = '2026-11-27T12:00:00+08:00';
    expect(checkContact(fine(noon, { channel: 'sms', approvedTemplate: false }))).toMatchObject({ allowed: false, reason: 'template' });
    expect(checkContact(fine(noon, { channel: 'sms', disputeOpen: true, saysDisputed: true }))).toMatchObject({ allowed: false, reason: 'dispute_open' });
    expect(checkContact(fine(noon, { channel: 'sms', by: 'system', disputeOpen: true }))).toMatchObject({ allowed: false, reason: 'dispute_label' });
    expect(checkContact(fine(noon, { channel: 'sms', by: 'system', disputeOpen: true, saysDisputed: true })).allowed).toBe(true);
    // A call about a disputed debt is not a message: the collector may still talk it through.
    expect(checkContact(fine(noon, { disputeOpen: true })).allowed).toBe(true);
  });

  it("India: the agent's notice first, and the grievance officer in every message", () => {
    const noon = '2026-11-27T12:00:00+05:30';
    expect(checkContact(fine(noon, { market: 'IN', agentNoticeSentAt: null }))).toMatchObject({ allowed: false, reason: 'agent_notice' });
    expect(checkContact(fine(noon, { market: 'IN', agentNoticeSentAt: new Date('2026-11-27T12:00:01+05:30') }))).toMatchObject({ allowed: false, reason: 'agent_notice' });
    expect(checkContact(fine(noon, { market: 'IN', channel: 'email', namesGrievanceOfficer: false }))).toMatchObject({ allowed: false, reason: 'grievance_officer' });
    // The reminder job is no agent: no notice needed.
    expect(checkContact(fine(noon, { market: 'IN', by: 'system', channel: 'sms', agentNoticeSentAt: null })).allowed).toBe(true);
  });

  it('an open complaint against the collector stops that collector', () => {
    expect(checkContact(fine('2026-11-27T12:00:00+08:00', { complaintAgainstCollectorOpen: true }))).toMatchObject({ allowed: false, reason: 'complaint_open', nextAllowedAt: null });
    expect(checkContact(fine('2026-11-27T12:00:00+08:00', { by: 'system', channel: 'sms', complaintAgainstCollectorOpen: true })).allowed).toBe(true);
  });

  it('at most 3 calls and 2 messages a day by default, counted across everyone; the next day starts again', () => {
    const noon = '2026-11-27T12:00:00+08:00';
    expect(checkContact(fine(noon, { attemptsToday: { calls: 2, messages: 2 } })).allowed).toBe(true);
    expect(checkContact(fine(noon, { attemptsToday: { calls: 3, messages: 0 } }))).toEqual({
      allowed: false,
      reason: 'frequency',
      message: 'This borrower has had 3 calls today, the most a day allows (3).',
      nextAllowedAt: new Date('2026-11-28T06:00:00+08:00'),
    });
    expect(checkContact(fine(noon, { channel: 'sms', attemptsToday: { calls: 0, messages: 2 } }))).toMatchObject({ allowed: false, reason: 'frequency' });
    expect(checkContact(fine(noon, { limits: { callsPerDay: 5, messagesPerDay: 1 }, attemptsToday: { calls: 4, messages: 0 } })).allowed).toBe(true);
  });
});

// Manila is UTC+8: 22:00 local is 14:00Z, 06:00 local is 22:00Z (of the day before, in UTC).
const manila = (local: string) => new Date(`${local}+08:00`);
const anyMoment = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('quiet hours in the Philippines (no SMS between 22:00 and 06:00 Manila time)', () => {
  it('knows the edges', () => {
    expect(withinContactHours(manila('2026-11-27T21:59:59.999'), 'PH')).toBe(true);
    expect(withinContactHours(manila('2026-11-27T22:00:00'), 'PH')).toBe(false);
    expect(withinContactHours(manila('2026-11-28T00:00:00'), 'PH')).toBe(false);
    expect(withinContactHours(manila('2026-11-28T05:59:59.999'), 'PH')).toBe(false);
    expect(withinContactHours(manila('2026-11-28T06:00:00'), 'PH')).toBe(true);
    expect(withinContactHours(manila('2026-11-28T12:00:00'), 'PH')).toBe(true);
  });

  it('waits for 06:00 of the right morning', () => {
    expect(nextContactHour(manila('2026-11-27T22:00:00'), 'PH')).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextContactHour(manila('2026-11-27T23:30:00'), 'PH')).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextContactHour(manila('2026-11-28T02:00:00'), 'PH')).toEqual(manila('2026-11-28T06:00:00'));
    expect(nextContactHour(manila('2026-11-28T05:59:00'), 'PH')).toEqual(manila('2026-11-28T06:00:00'));
    const noon = manila('2026-11-28T12:00:00');
    expect(nextContactHour(noon, 'PH')).toEqual(noon);
  });

  it('never answers a quiet moment, never an earlier one, at most 8 hours later, and is idempotent', () => {
    fc.assert(
      fc.property(anyMoment, (at) => {
        const next = nextContactHour(at, 'PH');
        expect(withinContactHours(next, 'PH')).toBe(true);
        expect(next.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(next.getTime() - at.getTime()).toBeLessThanOrEqual(8 * 3_600_000);
        expect(nextContactHour(next, 'PH')).toEqual(next);
        // Outside the quiet hours nothing waits.
        if (withinContactHours(at, 'PH')) expect(next).toEqual(at);
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves no allowed moment between `at` and the answer (the earliest one)', () => {
    fc.assert(
      fc.property(anyMoment, fc.integer({ min: 1, max: 8 * 60 }), (at, minutes) => {
        const next = nextContactHour(at, 'PH');
        const between = new Date(at.getTime() + minutes * 60_000);
        if (between < next) expect(withinContactHours(between, 'PH')).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });
});
