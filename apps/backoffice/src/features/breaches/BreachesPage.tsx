/**
 * The breach register (issue 39): every personal data breach recorded, the newest first, with the
 * time left of its 72 hours, its notices and its report; each links to its page. Below, the form that
 * records a new one.
 */
import { Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { BreachRow } from '@cashloan/contract/staff/breaches';
import { formatDateTime } from '../../shared/format.ts';
import { breachPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useBreaches } from './api.ts';
import { Countdown } from './Countdown.tsx';
import { RecordBreachForm } from './RecordBreachForm.tsx';

const none = <Typography.Text type="secondary">—</Typography.Text>;

const columns = [
  { title: 'Reference', dataIndex: 'refNo', render: (refNo: string, row: BreachRow) => <Link to={breachPath(row.id)}>{refNo}</Link> },
  { title: 'What happened', dataIndex: 'whatHappened' },
  { title: 'Found', dataIndex: 'discoveredAt', render: (at: string) => formatDateTime(at) },
  { title: '72 hours', dataIndex: 'hoursLeft', render: (_: number, row: BreachRow) => <Countdown breach={row} /> },
  { title: 'Borrowers told', dataIndex: 'notices', render: (notices: BreachRow['notices'], row: BreachRow) => (row.notifiedAt ? `${notices.total} (${formatDateTime(row.notifiedAt)})` : none) },
  { title: 'Reported', dataIndex: 'reportedAt', render: (at: string | null) => (at ? formatDateTime(at) : none) },
  { title: 'Recorded by', dataIndex: 'recordedBy' },
];

export function BreachesPage() {
  const { page, pageSize, setPage } = useListParams([] as const);
  const breaches = useBreaches({ page, pageSize });
  return (
    <>
      <PageTitle>Breach register</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Personal data breaches. Within 72 hours of finding one, tell every affected borrower (in the app and by SMS) and report it to the NPC or the Data
        Protection Board.
      </Typography.Paragraph>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <div>
          {breaches.isError && <LoadFailure error={breaches.error} onRetry={() => void breaches.refetch()} />}
          <Table<BreachRow>
            rowKey="id"
            caption={<Typography.Text type="secondary">Breaches, the newest first; times in Manila.</Typography.Text>}
            loading={breaches.isFetching}
            dataSource={breaches.data?.items}
            pagination={serverPagination(breaches.data?.total, page, pageSize, setPage)}
            locale={{ emptyText: <EmptyText>No breach recorded.</EmptyText> }}
            columns={columns}
            scroll={{ x: 960 }}
          />
        </div>
        <RecordBreachForm />
      </Space>
    </>
  );
}
