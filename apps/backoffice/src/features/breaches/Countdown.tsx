/**
 * A breach's 72-hour countdown from discovery: the hours left to the deadline, or a plain "Overdue"
 * tag once past it (a coloured tag fails contrast); once the borrowers are told and the report is out,
 * whether that was in time.
 */
import { Tag } from 'antd';
import type { BreachRow } from '@cashloan/contract/staff/breaches';
import { bothDone, countdownText, late } from './format.ts';

type Countdown = Pick<BreachRow, 'hoursLeft' | 'overdue' | 'notifiedAt' | 'reportedAt' | 'deadlineAt'>;

export function Countdown({ breach }: { breach: Countdown }) {
  if (bothDone(breach)) {
    const wasLate = late(breach.notifiedAt, breach.deadlineAt) || late(breach.reportedAt, breach.deadlineAt);
    return (
      <span style={{ whiteSpace: 'nowrap' }}>
        {wasLate ? 'Notified and reported, after the 72 hours' : 'Notified and reported within 72 hours'}
        {wasLate && <Tag style={{ marginInlineStart: 8 }}>Late</Tag>}
      </span>
    );
  }
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {countdownText(breach.hoursLeft)}
      {breach.overdue && <Tag style={{ marginInlineStart: 8 }}>Overdue</Tag>}
    </span>
  );
}
