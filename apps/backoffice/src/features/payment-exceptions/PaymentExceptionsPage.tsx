/**
 * Payment exceptions, for finance: money that was not applied as it came, and the part of payments
 * beyond what their order owed, held as the borrower's credit. Newest first, by kind, paged by the
 * server; each with its refund (the credit paid back from the lender's bank), or Refund to record one.
 */
import { Button, Form, Select, Table, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  PAYMENT_EXCEPTION_KIND_TITLES,
  PAYMENT_EXCEPTION_KINDS,
  refundCreditCall,
  type PaymentExceptionKind,
  type StaffPaymentException,
} from '@cashloan/contract/staff/payment-exceptions';
import { mayCall } from '../../shared/access.ts';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { orderPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { useSession } from '../../shared/session.ts';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { usePaymentExceptions } from './api.ts';
import { RefundDialog } from './RefundDialog.tsx';

const isKind = (value: string | undefined): value is PaymentExceptionKind => (PAYMENT_EXCEPTION_KINDS as readonly string[]).includes(value ?? '');
const none = <Typography.Text type="secondary">—</Typography.Text>;

export function PaymentExceptionsPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['kind'] as const);
  // A kind the address names that is not one (an old or edited link) shows every kind.
  const kind = isKind(filters.kind) ? filters.kind : undefined;
  const exceptions = usePaymentExceptions({ kind, page, pageSize });
  const { data: session } = useSession();
  const mayRefund = !!session && mayCall(refundCreditCall, session.staff.roles);
  const [refunding, setRefunding] = useState<StaffPaymentException | null>(null);
  const refundCell = (refund: StaffPaymentException['refund'], row: StaffPaymentException) => {
    if (refund) {
      return <span style={{ display: 'inline-block', minWidth: 200 }}>{`${refund.reference}, by ${refund.refundedBy}, ${formatDateTime(refund.refundedAt)}`}</span>;
    }
    if (!mayRefund || row.heldMinor <= 0) return none;
    return (
      <Button aria-label={`Refund ${formatMoney(row.heldMinor)} held from ${row.refNo}`} onClick={() => setRefunding(row)}>
        Refund
      </Button>
    );
  };

  return (
    <>
      <PageTitle>Payment exceptions</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Money that was not applied as it came, and the part of a payment beyond what its order owed. What is held is the borrower&apos;s credit until it is
        resolved.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Kind" htmlFor="payment-exception-kind">
          <Select<PaymentExceptionKind>
            id="payment-exception-kind"
            allowClear
            placeholder="Any"
            value={kind}
            onChange={(value) => setFilters({ kind: value })}
            style={{ width: 280 }}
            options={PAYMENT_EXCEPTION_KINDS.map((k) => ({ value: k, label: PAYMENT_EXCEPTION_KIND_TITLES[k] }))}
          />
        </Form.Item>
      </Form>
      {exceptions.isError && <LoadFailure error={exceptions.error} onRetry={() => void exceptions.refetch()} />}
      <Table<StaffPaymentException>
        rowKey="id"
        loading={exceptions.isFetching}
        dataSource={exceptions.data?.items}
        pagination={serverPagination(exceptions.data?.total, page, pageSize, setPage)}
        locale={{ emptyText: <EmptyText>No payment exceptions.</EmptyText> }}
        scroll={{ x: 1300 }}
        columns={[
          { title: 'When', dataIndex: 'createdAt', render: formatDateTime },
          { title: 'Kind', dataIndex: 'kind', render: (k: PaymentExceptionKind) => PAYMENT_EXCEPTION_KIND_TITLES[k] },
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string | null, row) => (row.orderId === null ? none : <Link to={orderPath(row.orderId)}>{no ?? `#${row.orderId}`}</Link>) },
          { title: 'Received', dataIndex: 'receivedMinor', align: 'right', render: (minor: number) => <Money minor={minor} /> },
          { title: 'Expected', dataIndex: 'expectedMinor', align: 'right', render: (minor: number | null) => (minor === null ? none : <Money minor={minor} />) },
          { title: 'Held as credit', dataIndex: 'heldMinor', align: 'right', render: (minor: number) => <Money minor={minor} /> },
          { title: 'Detail', dataIndex: 'detail', render: (text: string) => <span style={{ display: 'inline-block', minWidth: 220 }}>{text}</span> },
          { title: 'Provider reference', dataIndex: 'refNo' },
          { title: 'Refund', dataIndex: 'refund', render: refundCell },
        ]}
      />
      {refunding && <RefundDialog exception={refunding} onClose={() => setRefunding(null)} />}
    </>
  );
}
