/**
 * One provider's report: its header (provider, day, lines, matched, open, closed), every item
 * matched or not with what finance did about it, Resolve for each open item, and Close the day once
 * none is open.
 */
import { Descriptions, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { formatDateTime } from '../../shared/format.ts';
import { RECONCILIATION_PATH } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useReport } from './api.ts';
import { CloseDay } from './CloseDay.tsx';
import { ReportItems } from './ReportItems.tsx';

export function ReportPage() {
  const id = Number(useParams().id);
  const report = useReport(id);
  const header = report.data?.report;
  return (
    <>
      <PageTitle extra={<Link to={RECONCILIATION_PATH}>All providers and reports</Link>}>{header ? `${header.provider}'s report of ${header.reportDay}` : 'Provider report'}</PageTitle>
      <QueryState query={report}>
        {({ report: r, items }) => (
          <>
            <Descriptions
              bordered
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              style={{ marginBottom: 16 }}
              items={[
                { key: 'provider', label: 'Provider', children: r.provider },
                { key: 'day', label: 'Day', children: r.reportDay },
                { key: 'file', label: 'File', children: r.fileName },
                { key: 'lines', label: 'Lines', children: r.lineCount },
                { key: 'matched', label: 'Matched', children: r.matched },
                { key: 'open', label: 'Open', children: r.open },
                { key: 'closed', label: 'Day closed', children: r.closed ? 'Yes' : 'No' },
                { key: 'imported', label: 'Imported', children: `${formatDateTime(r.importedAt)} by ${r.importedBy}` },
              ]}
            />
            <CloseDay report={r} />
            <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
              Items
            </Typography.Title>
            <ReportItems items={items} />
          </>
        )}
      </QueryState>
    </>
  );
}
