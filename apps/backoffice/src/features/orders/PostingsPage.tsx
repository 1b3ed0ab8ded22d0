/**
 * Finance's postings that needed a second finance user, for finance: those awaiting approval oldest
 * first (the queue a finance lead works through), or the approved or rejected ones newest first;
 * each links to its order, where another finance user approves or rejects it.
 */
import { Form, Select, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { PAYMENT_METHOD_TITLES, POSTING_STATUS_TITLES, POSTING_STATUSES, type PostingStatus, type StaffPosting } from '@cashloan/contract/staff/orders';
import { formatDateTime } from '../../shared/format.ts';
import { orderPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { usePostings } from './api.ts';

const isStatus = (value: string | undefined): value is PostingStatus => (POSTING_STATUSES as readonly string[]).includes(value ?? '');
const who = (member: StaffPosting['postedBy'] | null) => (member ? `${member.name} (${member.email})` : '');

export function PostingsPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['status'] as const);
  // A state the address names that is not one (an old or edited link) shows those awaiting approval.
  const status: PostingStatus = isStatus(filters.status) ? filters.status : 'pending';
  const postings = usePostings({ status, page, pageSize });
  const decided = status !== 'pending';

  return (
    <>
      <PageTitle>Postings to approve</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Money finance posted above the approval amount is applied only once a finance user other than the one who posted it approves it on the order&apos;s screen.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="State" htmlFor="posting-status">
          <Select<PostingStatus>
            id="posting-status"
            value={status}
            onChange={(value) => setFilters({ status: value === 'pending' ? undefined : value })}
            style={{ width: 240 }}
            options={POSTING_STATUSES.map((s) => ({ value: s, label: POSTING_STATUS_TITLES[s] }))}
          />
        </Form.Item>
      </Form>
      {postings.isError && <LoadFailure error={postings.error} onRetry={() => void postings.refetch()} />}
      <Table<StaffPosting>
        rowKey="id"
        loading={postings.isFetching}
        dataSource={postings.data?.items}
        pagination={serverPagination(postings.data?.total, page, pageSize, setPage)}
        locale={{ emptyText: <EmptyText>{decided ? 'No postings in this state.' : 'No posting is awaiting approval.'}</EmptyText> }}
        scroll={{ x: 1100 }}
        columns={[
          { title: 'Posted', dataIndex: 'postedAt', render: formatDateTime },
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string, row) => <Link to={orderPath(row.orderId)}>{no}</Link> },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (minor: number) => <Money minor={minor} /> },
          { title: 'How', dataIndex: 'method', render: (m: StaffPosting['method']) => PAYMENT_METHOD_TITLES[m] },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Posted by', dataIndex: 'postedBy', render: who },
          ...(decided
            ? [
                { title: 'Decided by', dataIndex: 'decidedBy', render: who },
                { title: 'Decided', dataIndex: 'decidedAt', render: formatDateTime },
                { title: 'Reason', dataIndex: 'reason', render: (text: string | null) => text ?? '' },
              ]
            : []),
        ]}
      />
    </>
  );
}
