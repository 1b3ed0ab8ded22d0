/** Borrowers by phone (any part) or name, newest first. */
import { Button, Form, Input, Table } from 'antd';
import { Link } from 'react-router';
import { searchBorrowersCall } from '@cashloan/contract/staff/borrowers';
import { formatDateTime } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { borrowerPath } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useBorrowers } from './api.ts';

const blankAsNone = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export function BorrowersPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['phone', 'name'] as const);
  const borrowers = useBorrowers({ phone: filters.phone, name: filters.name, page, pageSize });
  return (
    <>
      <PageTitle>Borrowers</PageTitle>
      <Form
        key={JSON.stringify(filters)}
        layout="inline"
        initialValues={filters}
        onFinish={(values: { phone?: string; name?: string }) => setFilters(values)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label="Phone" name="phone" rules={[zodRule(searchBorrowersCall.input.shape.phone, blankAsNone)]}>
          <Input inputMode="numeric" style={{ width: 160 }} />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={[zodRule(searchBorrowersCall.input.shape.name, blankAsNone)]}>
          <Input style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
      </Form>
      {borrowers.isError && <LoadFailure error={borrowers.error} onRetry={() => void borrowers.refetch()} />}
      <Table
        rowKey="id"
        loading={borrowers.isFetching}
        dataSource={borrowers.data?.items}
        pagination={serverPagination(borrowers.data?.total, page, pageSize, setPage)}
        scroll={{ x: 720 }}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (name: string, row) => <Link to={borrowerPath(row.id)}>{name || `Borrower #${row.id}`}</Link> },
          { title: 'Phone', dataIndex: 'mobilePhone' },
          { title: 'User id', dataIndex: 'userId' },
          { title: 'Merchant', dataIndex: 'merchantNumber' },
          { title: 'Since', dataIndex: 'createdAt', render: formatDateTime },
        ]}
      />
    </>
  );
}
