/** Orders by phone, order number or status, newest first, paged by the server. */
import { Button, Form, Input, Select, Table } from 'antd';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '@cashloan/contract/routes';
import { searchOrdersCall, type StaffOrderListItem } from '@cashloan/contract/staff/orders';
import { borrowerLabel, formatDateTime, orderStatusTitle } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { borrowerPath, orderPath } from '../../shared/paths.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useOrders } from './api.ts';

const blankAsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

interface Values {
  phone?: string;
  orderNo?: string;
  status?: number;
}

export function OrdersPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['phone', 'orderNo', 'status'] as const);
  const status = filters.status ? Number(filters.status) : undefined;
  const orders = useOrders({ phone: filters.phone, orderNo: filters.orderNo, status, page, pageSize });

  return (
    <>
      <PageTitle>Orders</PageTitle>
      <Form<Values>
        key={JSON.stringify(filters)}
        layout="inline"
        initialValues={{ phone: filters.phone, orderNo: filters.orderNo, status }}
        onFinish={(values) => setFilters({ phone: values.phone, orderNo: values.orderNo, status: values.status === undefined ? undefined : String(values.status) })}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label="Phone" name="phone" rules={[zodRule(searchOrdersCall.input.shape.phone, blankAsNone)]}>
          <Input inputMode="numeric" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Order no" name="orderNo" rules={[zodRule(searchOrdersCall.input.shape.orderNo, blankAsNone)]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Status" name="status">
          <Select allowClear placeholder="Any" style={{ width: 210 }} options={ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusTitle(s) }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </Form>
      {orders.isError && <LoadFailure error={orders.error} onRetry={() => void orders.refetch()} />}
      <Table<StaffOrderListItem>
        rowKey="id"
        loading={orders.isFetching}
        dataSource={orders.data?.items}
        pagination={serverPagination(orders.data?.total, page, pageSize, setPage)}
        scroll={{ x: 960 }}
        columns={[
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string, row) => <Link to={orderPath(row.id)}>{no}</Link> },
          { title: 'Status', dataIndex: 'shownStatus', render: orderStatusTitle },
          { title: 'Borrower', render: (_, row) => <Link to={borrowerPath(row.borrowerId)}>{borrowerLabel(row.borrowerName, row.borrowerId)}</Link> },
          { title: 'Phone', dataIndex: 'mobilePhone' },
          { title: 'Product', dataIndex: 'productName' },
          { title: 'Principal', dataIndex: 'principalMinor', align: 'right', render: (minor: number) => <Money minor={minor} /> },
          { title: 'Created', dataIndex: 'createdAt', render: formatDateTime },
          { title: 'Due', dataIndex: 'dueAt', render: formatDateTime },
        ]}
      />
    </>
  );
}
