/**
 * The report of a breach for the authority (docs/privacy.md, "Breach register"): the Philippines'
 * National Privacy Commission (NPC Circular 16-03, Section 17: the nature of the breach, the personal
 * data involved, the measures taken, a contact) and India's Data Protection Board (DPDP Rules 2025,
 * rule 7(2)(b): nature, extent, timing, measures, and the notices given). As JSON for a system, and as
 * plain text to read or paste into the authority's form. The first export is kept as the time the
 * breach was reported.
 */
import type { Queryable } from '../../platform/db/client.ts';
import { BREACH_NOTICE_HOURS, breachCountdown, withinBreachDeadline } from '../../loan-terms/data-rights.ts';
import { lenderDateTime } from '../../loan-terms/calendar.ts';
import { countAffectedBorrowers, loadBreach, queryText, type BreachRecord } from './breaches.ts';
import { findBreach, noticeCounts, setReported, smsTimes, type NoticeCounts } from './store.ts';

export const BREACH_REPORT_LAWS = [
  'Philippines: Data Privacy Act of 2012 (RA 10173), Section 20(f); NPC Circular 16-03, Sections 17 and 18 (the Commission and each affected data subject, within 72 hours of knowledge)',
  'India: Digital Personal Data Protection Act 2023, Section 8(6); DPDP Rules 2025, rule 7 (each affected Data Principal without delay; the Data Protection Board within 72 hours)',
] as const;

export interface BreachReport {
  title: string;
  reference: string;
  preparedAt: string;
  controller: string;
  contact: string;
  natureOfTheBreach: { whatHappened: string; details: string; discoveredAt: string; recordedAt: string; recordedBy: string };
  personalDataInvolved: string;
  personsAffected: { count: number; chosenBy: string; notified: number };
  measuresTaken: string;
  whatPersonsAffectedCanDo: string;
  notification: {
    deadlineAt: string;
    deadlineHours: number;
    personsNotifiedAt: string | null;
    personsNotifiedInTime: boolean | null;
    notices: NoticeCounts;
    firstSmsAt: string | null;
    lastSmsAt: string | null;
    reportedAt: string;
    reportedInTime: boolean;
  };
  laws: readonly string[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The report as it stands at `now`, in the caller's transaction: the breach marked reported (first
 * export only). The persons affected are those notified once notices went out, else those its query
 * chooses now.
 */
export async function exportBreachReport(tx: Queryable, b: { breachId: number; controller: string; now: Date }): Promise<{ breach: BreachRecord; report: BreachReport }> {
  await loadBreach(tx, b.breachId);
  const reportedAt = await setReported(tx, b.breachId, b.now);
  const breach = (await findBreach(tx, b.breachId))!;
  const counts = (await noticeCounts(tx, [breach.id])).get(breach.id) ?? { total: 0, smsSent: 0, smsFailed: 0, smsPending: 0 };
  const sms = await smsTimes(tx, breach.id);
  const { deadlineAt } = breachCountdown(breach.discoveredAt, b.now);
  const report: BreachReport = {
    title: 'Personal data breach notification',
    reference: breach.refNo,
    preparedAt: b.now.toISOString(),
    controller: b.controller,
    contact: breach.contact,
    natureOfTheBreach: {
      whatHappened: breach.whatHappened,
      details: breach.details,
      discoveredAt: breach.discoveredAt.toISOString(),
      recordedAt: breach.createdAt.toISOString(),
      recordedBy: breach.recordedBy,
    },
    personalDataInvolved: breach.dataInvolved,
    personsAffected: {
      count: counts.total > 0 ? counts.total : await countAffectedBorrowers(tx, breach.query),
      chosenBy: queryText(breach.query),
      notified: counts.total,
    },
    measuresTaken: breach.measuresTaken,
    whatPersonsAffectedCanDo: breach.borrowerCanDo,
    notification: {
      deadlineAt: deadlineAt.toISOString(),
      deadlineHours: BREACH_NOTICE_HOURS,
      personsNotifiedAt: iso(breach.notifiedAt),
      personsNotifiedInTime: breach.notifiedAt ? withinBreachDeadline(breach.discoveredAt, breach.notifiedAt) : null,
      notices: counts,
      firstSmsAt: iso(sms.first),
      lastSmsAt: iso(sms.last),
      reportedAt: reportedAt.toISOString(),
      reportedInTime: withinBreachDeadline(breach.discoveredAt, reportedAt),
    },
    laws: BREACH_REPORT_LAWS,
  };
  return { breach, report };
}

const manila = (isoTime: string | null) => (isoTime ? `${lenderDateTime(new Date(isoTime))} (Manila, UTC+08:00)` : 'not yet');
const inTime = (ok: boolean | null) => (ok === null ? '' : ok ? ', within the 72 hours' : ', after the 72 hours');

/** The report as plain text, section by section in the order of the NPC's notification form. */
export function breachReportText(r: BreachReport): string {
  const n = r.notification;
  return [
    `${r.title.toUpperCase()}`,
    `Reference: ${r.reference}`,
    `Personal information controller / Data Fiduciary: ${r.controller}`,
    `Prepared: ${manila(r.preparedAt)}`,
    '',
    '1. Nature of the breach',
    `What happened: ${r.natureOfTheBreach.whatHappened}`,
    ...(r.natureOfTheBreach.details ? [`Details: ${r.natureOfTheBreach.details}`] : []),
    `Discovered: ${manila(r.natureOfTheBreach.discoveredAt)}`,
    `Recorded: ${manila(r.natureOfTheBreach.recordedAt)} by ${r.natureOfTheBreach.recordedBy || 'staff'}`,
    '',
    '2. Personal data involved',
    r.personalDataInvolved,
    '',
    '3. Persons affected',
    `Number: ${r.personsAffected.count}`,
    `Chosen by: ${r.personsAffected.chosenBy}`,
    '',
    '4. Measures taken',
    r.measuresTaken,
    `What the persons affected can do (as told to them): ${r.whatPersonsAffectedCanDo}`,
    '',
    '5. Notification',
    `Deadline (${n.deadlineHours} hours from discovery): ${manila(n.deadlineAt)}`,
    `Persons affected notified (in the app and by SMS): ${manila(n.personsNotifiedAt)}${inTime(n.personsNotifiedInTime)}`,
    `Notices: ${n.notices.total} in the app; SMS ${n.notices.smsSent} sent, ${n.notices.smsFailed} refused by the gateway, ${n.notices.smsPending} not yet sent`,
    ...(n.firstSmsAt ? [`SMS sent from ${manila(n.firstSmsAt)} to ${manila(n.lastSmsAt)}`] : []),
    `Reported to the authority (this report first exported): ${manila(n.reportedAt)}${inTime(n.reportedInTime)}`,
    '',
    '6. Contact for more information',
    r.contact,
    '',
    'Law',
    ...r.laws.map((law) => `- ${law}`),
    '',
  ].join('\n');
}
