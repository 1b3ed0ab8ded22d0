/**
 * The journal of a range (every currency), oldest first, paged by the server: each entry's day,
 * number, kind, memo and lines, the order (linked), payment or payout and the provider it belongs to,
 * and who booked it by hand.
 */
import { Table, Typography } from 'antd';
import { Link } from 'react-router';
import { ENTRY_KIND_TITLES, type EntryKind, type JournalEntry } from '@cashloan/contract/staff/books';
import { orderPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination } from '../../shared/use-list-params.ts';
import { useJournal } from './api.ts';
import { JournalLines } from './JournalLines.tsx';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const whatMoved = (e: JournalEntry) => (e.paymentId !== null ? `Payment ${e.paymentId}` : e.payoutId !== null ? `Payout ${e.payoutId}` : none);

export function JournalTable({ from, to, page, pageSize, onPage }: { from: string; to: string; page: number; pageSize: number; onPage: (page: number, pageSize: number) => void }) {
  const journal = useJournal({ from, to, page, pageSize });
  return (
    <section aria-labelledby="journal">
      <Typography.Title level={2} id="journal" style={{ fontSize: 18 }}>
        Journal
      </Typography.Title>
      <Typography.Paragraph>{`The entries booked from ${from} to ${to}, every currency, oldest first.`}</Typography.Paragraph>
      {journal.isError && <LoadFailure error={journal.error} onRetry={() => void journal.refetch()} />}
      <Table<JournalEntry>
        size="small"
        rowKey="id"
        loading={journal.isFetching}
        dataSource={journal.data?.items}
        pagination={serverPagination(journal.data?.total, page, pageSize, onPage)}
        locale={{ emptyText: <EmptyText>{`Nothing was booked from ${from} to ${to}.`}</EmptyText> }}
        scroll={{ x: 1400 }}
        columns={[
          { title: 'Day', dataIndex: 'bookDay' },
          { title: 'No.', dataIndex: 'id' },
          { title: 'Kind', dataIndex: 'kind', render: (k: EntryKind, e) => (e.reversesEntryId ? `${ENTRY_KIND_TITLES[k]} of no. ${e.reversesEntryId}` : ENTRY_KIND_TITLES[k]) },
          { title: 'Memo', dataIndex: 'memo', render: (text: string) => <span style={{ display: 'inline-block', minWidth: 200 }}>{text}</span> },
          { title: 'Lines', key: 'lines', render: (_, e) => <JournalLines entry={e} /> },
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string | null, e) => (e.orderId === null ? none : <Link to={orderPath(e.orderId)}>{no ?? `#${e.orderId}`}</Link>) },
          { title: 'Payment or payout', key: 'moved', render: (_, e) => whatMoved(e) },
          { title: 'Provider', dataIndex: 'provider', render: (p: string | null) => p ?? none },
          { title: 'Provider reference', dataIndex: 'providerRef', render: (ref: string | null) => ref ?? none },
          { title: 'Booked by', dataIndex: 'createdBy', render: (by: string | null) => by ?? 'Automatically' },
        ]}
      />
    </section>
  );
}
