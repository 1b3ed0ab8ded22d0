/**
 * The collections queue: the overdue orders, most days past due first, by bucket (and for the lead by
 * collector), paged by the server with the filters in the address. The lead selects orders and gives
 * them to a collector, or shares the unassigned ones round-robin.
 */
import { Form, Segmented, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { assignCall, type QueueRow } from '@cashloan/contract/staff/collections';
import { mayCall } from '../../shared/access.ts';
import { collectionOrderPath } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useCollectors, useQueue, type QueueFilters } from './api.ts';
import { currencyOf, formatMarketTime, nextAllowedText, outcomeTitle } from './format.ts';
import { LeadActions } from './LeadActions.tsx';

const ALL_BUCKETS = '*';
const none = <Typography.Text type="secondary">—</Typography.Text>;

/** The address's assignee as the call takes it: 'unassigned', 'me', a collector's id, or every order. */
function assigneeOf(value: string | undefined): QueueFilters['assignee'] {
  if (value === 'unassigned' || value === 'me') return value;
  return value && /^\d+$/.test(value) ? Number(value) : undefined;
}

const columns = [
  { title: 'Order no', dataIndex: 'orderNo', render: (no: string, row: QueueRow) => <Link to={collectionOrderPath(row.orderId)}>{no}</Link> },
  { title: 'Borrower', dataIndex: 'borrowerName' },
  { title: 'Days past due', dataIndex: 'daysPastDue', align: 'right' as const },
  { title: 'Bucket', dataIndex: 'bucket' },
  { title: 'Amount due', dataIndex: 'amountDueMinor', align: 'right' as const, render: (minor: number, row: QueueRow) => <Money minor={minor} currency={currencyOf(row)} /> },
  { title: 'Charges', dataIndex: 'chargesMinor', align: 'right' as const, render: (minor: number, row: QueueRow) => <Money minor={minor} currency={currencyOf(row)} /> },
  { title: 'Collector', dataIndex: 'collector', render: (c: QueueRow['collector']) => c?.name ?? <Typography.Text type="secondary">Unassigned</Typography.Text> },
  {
    title: 'Last contact',
    render: (_: unknown, row: QueueRow) => (row.lastContactAt ? [formatMarketTime(row.lastContactAt, row.market), outcomeTitle(row.lastOutcome)].filter(Boolean).join(' · ') : none),
  },
  { title: 'Next call allowed', dataIndex: 'nextCallAt', render: (at: string | null, row: QueueRow) => nextAllowedText(at, row.market) },
  { title: 'Dispute', dataIndex: 'disputed', render: (disputed: boolean) => (disputed ? <Tag>Disputed</Tag> : null) },
];

export function QueuePage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['bucket', 'assignee'] as const);
  const { data: session } = useSession();
  const isLead = !!session && mayCall(assignCall, session.staff.roles);
  // A collector is given only their own orders by the server, whatever is asked.
  const assignee = isLead ? assigneeOf(filters.assignee) : undefined;
  const queue = useQueue({ bucket: filters.bucket, assignee, page, pageSize });
  const collectors = useCollectors(isLead);
  // The selection belongs to the rows on screen: other filters or another page start with none.
  const scope = JSON.stringify([filters, page, pageSize]);
  const [selection, setSelection] = useState<{ scope: string; ids: number[] }>({ scope, ids: [] });
  const selected = selection.scope === scope ? selection.ids : [];
  const buckets = queue.data?.buckets ?? [];
  const everyBucket = buckets.reduce((sum, b) => sum + b.count, 0);

  return (
    <>
      <PageTitle>Collections</PageTitle>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        {buckets.length > 0 && (
          <Form.Item label="Days past due">
            <Segmented<string>
              aria-label="Days past due"
              value={filters.bucket ?? ALL_BUCKETS}
              onChange={(value) => setFilters({ bucket: value === ALL_BUCKETS ? undefined : value, assignee: filters.assignee })}
              options={[{ value: ALL_BUCKETS, label: `All (${everyBucket})` }, ...buckets.map((b) => ({ value: b.name, label: `${b.name} (${b.count})` }))]}
            />
          </Form.Item>
        )}
        {isLead && (
          <Form.Item label="Collector" htmlFor="queue-assignee">
            <Select<string>
              id="queue-assignee"
              value={filters.assignee ?? 'all'}
              onChange={(value) => setFilters({ bucket: filters.bucket, assignee: value === 'all' ? undefined : value })}
              style={{ width: 240 }}
              options={[
                { value: 'all', label: 'All' },
                { value: 'unassigned', label: 'Unassigned' },
                { value: 'me', label: 'Mine' },
                ...(collectors.data?.collectors ?? []).map((c) => ({ value: String(c.id), label: `${c.name} (${c.assigned})` })),
              ]}
            />
          </Form.Item>
        )}
      </Form>
      {isLead && <LeadActions selectedIds={selected} bucket={filters.bucket} collectors={collectors.data?.collectors ?? []} onAssigned={() => setSelection({ scope, ids: [] })} />}
      {queue.isError && <LoadFailure error={queue.error} onRetry={() => void queue.refetch()} />}
      <Table<QueueRow>
        rowKey="orderId"
        caption={<Typography.Text type="secondary">Overdue orders, most days past due first; times on each order&apos;s market clock.</Typography.Text>}
        loading={queue.isFetching}
        dataSource={queue.data?.items}
        pagination={serverPagination(queue.data?.total, page, pageSize, setPage)}
        locale={{ emptyText: <EmptyText>No overdue orders here.</EmptyText> }}
        // No scroll.x: with a selection column antd would put a focusable copy of the checkbox in its hidden measure row (axe: aria-hidden-focus).
        rowSelection={
          isLead
            ? {
                selectedRowKeys: selected,
                onChange: (keys) => setSelection({ scope, ids: keys.map(Number) }),
                getCheckboxProps: (row) => ({ 'aria-label': `Select order ${row.orderNo}` }),
              }
            : undefined
        }
        columns={columns}
      />
    </>
  );
}
