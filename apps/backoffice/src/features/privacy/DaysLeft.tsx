/** The time left to answer an open request, and a plain "Late" tag past its answer date (a coloured tag fails contrast). */
import { Tag } from 'antd';
import { daysLeftText } from './format.ts';

export function DaysLeft({ daysLeft }: { daysLeft: number }) {
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {daysLeftText(daysLeft)}
      {daysLeft < 0 && <Tag style={{ marginInlineStart: 8 }}>Late</Tag>}
    </span>
  );
}
