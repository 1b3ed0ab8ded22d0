/**
 * Payouts by state, for finance (money out, issue 36): those the bank returned after they arrived
 * first (the exceptions finance resolves with the borrower), or the refused ones, those on their way,
 * those that arrived; newest first, each linking to its order.
 */
import { Form, Select, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { PAYOUT_STATUS_TITLES, PAYOUT_STATUSES, type StaffPayout, type StaffPayoutStatus } from '@cashloan/contract/staff/orders';
import { formatDateTime } from '../../shared/format.ts';
import { orderPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { usePayouts } from './api.ts';

const isStatus = (value: string | undefined): value is StaffPayoutStatus => (PAYOUT_STATUSES as readonly string[]).includes(value ?? '');
const EMPTY: Record<StaffPayoutStatus, string> = {
  reversed: 'No payouts returned by the bank.',
  failed: 'No refused payouts.',
  processing: 'No payouts on their way.',
  paid: 'No payouts have arrived yet.',
};
/** The list's order of states: the ones needing finance first. */
const SHOWN: readonly StaffPayoutStatus[] = ['reversed', 'failed', 'processing', 'paid'];

export function PayoutsPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['status'] as const);
  const status: StaffPayoutStatus = isStatus(filters.status) ? filters.status : 'reversed';
  const payouts = usePayouts({ status, page, pageSize });
  return (
    <>
      <PageTitle>Payouts</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Money sent to borrowers when finance released their loans. A payout the bank returned after it arrived is not booked by itself: resolve it with the borrower.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="State" htmlFor="payout-status">
          <Select<StaffPayoutStatus>
            id="payout-status"
            value={status}
            onChange={(value) => setFilters({ status: value === 'reversed' ? undefined : value })}
            style={{ width: 240 }}
            options={SHOWN.map((s) => ({ value: s, label: PAYOUT_STATUS_TITLES[s] }))}
          />
        </Form.Item>
      </Form>
      {payouts.isError && <LoadFailure error={payouts.error} onRetry={() => void payouts.refetch()} />}
      {/* An empty list is said in a sentence: a wide empty table would be a scrolling box with nothing in it to reach by keyboard. */}
      {payouts.data?.total === 0 && !payouts.isFetching ? (
        <Typography.Paragraph>{EMPTY[status]}</Typography.Paragraph>
      ) : (
      <Table<StaffPayout>
        rowKey="id"
        loading={payouts.isFetching}
        dataSource={payouts.data?.items}
        pagination={serverPagination(payouts.data?.total, page, pageSize, setPage)}
        locale={{ emptyText: <EmptyText>{EMPTY[status]}</EmptyText> }}
        scroll={{ x: 1100 }}
        columns={[
          { title: 'Released', dataIndex: 'releasedAt', render: formatDateTime },
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string, row) => <Link to={orderPath(row.orderId)}>{no}</Link> },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (minor: number) => <Money minor={minor} /> },
          { title: 'Account', key: 'account', render: (_, p) => `${p.account.bankName} ****${p.account.last4}` },
          { title: 'Released by', dataIndex: 'releasedBy', render: (p: StaffPayout['releasedBy']) => p.name },
          { title: 'Arrived', dataIndex: 'paidAt', render: (at: string | null) => (at ? formatDateTime(at) : '') },
          { title: 'Why refused or returned', dataIndex: 'failureReason', render: (text: string | null) => text ?? '' },
        ]}
      />
      )}
    </>
  );
}
