/**
 * Reconciliation, for finance: each provider with its last closed day and open items, where its daily
 * report is uploaded (or fetched through its adapter), and the latest reports imported, each linking
 * to its items.
 */
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { BookProvider, ProviderReport } from '@cashloan/contract/staff/books';
import { formatDateTime } from '../../shared/format.ts';
import { reportPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useReconciliation } from './api.ts';
import { ProviderImport } from './ProviderImport.tsx';

const FLOW_TITLES: Record<BookProvider['flow'], string> = { collections: 'Collections', payouts: 'Payouts' };

export function ReconciliationPage() {
  const reconciliation = useReconciliation();
  return (
    <>
      <PageTitle>Reconciliation</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Each provider&apos;s daily report is matched line by line against the journal by the provider&apos;s reference. Resolve what does not match, then
        close the provider&apos;s day: a closed day gets no new entries for that provider.
      </Typography.Paragraph>
      <QueryState query={reconciliation}>
        {({ providers, reports }) => (
          <>
            <section aria-labelledby="providers" style={{ marginBottom: 32 }}>
              <Typography.Title level={2} id="providers" style={{ fontSize: 18 }}>
                Providers
              </Typography.Title>
              <Table<BookProvider>
                size="small"
                rowKey="provider"
                loading={reconciliation.isFetching}
                dataSource={providers}
                pagination={false}
                locale={{ emptyText: <EmptyText>No providers keep books yet.</EmptyText> }}
                scroll={{ x: 1100 }}
                columns={[
                  { title: 'Provider', dataIndex: 'provider' },
                  { title: 'Money', dataIndex: 'flow', render: (flow: BookProvider['flow']) => FLOW_TITLES[flow] },
                  { title: 'Currency', dataIndex: 'currency' },
                  { title: 'Last closed day', dataIndex: 'lastClosedDay', render: (day: string | null) => day ?? 'never' },
                  { title: 'Open items', dataIndex: 'openItems', align: 'right' },
                  { title: 'Import a report', key: 'import', render: (_, p) => <ProviderImport provider={p} /> },
                ]}
              />
            </section>
            <section aria-labelledby="reports">
              <Typography.Title level={2} id="reports" style={{ fontSize: 18 }}>
                Latest reports
              </Typography.Title>
              {reports.length === 0 ? (
                <Typography.Paragraph>No report has been imported yet.</Typography.Paragraph>
              ) : (
                <Table<ProviderReport>
                  size="small"
                  rowKey="id"
                  dataSource={reports}
                  pagination={false}
                  scroll={{ x: 1100 }}
                  columns={[
                    { title: 'Provider', dataIndex: 'provider' },
                    { title: 'Day', dataIndex: 'reportDay', render: (day: string, r) => <Link to={reportPath(r.id)}>{day}</Link> },
                    { title: 'File', dataIndex: 'fileName' },
                    { title: 'Lines', dataIndex: 'lineCount', align: 'right' },
                    { title: 'Matched', dataIndex: 'matched', align: 'right' },
                    { title: 'Open', dataIndex: 'open', align: 'right' },
                    { title: 'Closed', dataIndex: 'closed', render: (closed: boolean) => (closed ? 'Yes' : 'No') },
                    { title: 'Imported by', dataIndex: 'importedBy' },
                    { title: 'Imported', dataIndex: 'importedAt', render: formatDateTime },
                  ]}
                />
              )}
            </section>
          </>
        )}
      </QueryState>
    </>
  );
}
