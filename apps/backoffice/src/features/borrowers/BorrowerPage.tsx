/** One borrower: who they are, their orders, complaints and bound accounts (numbers masked by the server). */
import { Card, Descriptions, Space, Table } from 'antd';
import { LANG_NAMES } from '@cashloan/contract/i18n';
import { Link, useParams } from 'react-router';
import type { StaffBorrower } from '@cashloan/contract/staff/borrowers';
import { formatDateTime, orderStatusTitle } from '../../shared/format.ts';
import { BORROWERS_PATH, complaintPath, orderPath } from '../../shared/paths.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useBorrower } from './api.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';

const sectionTitle = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

export function BorrowerPage() {
  const id = Number(useParams().id);
  const borrower = useBorrower(id);
  return (
    <>
      <PageTitle extra={<Link to={BORROWERS_PATH}>Back to borrowers</Link>}>{borrower.data ? `Borrower ${borrower.data.borrower.name || `#${id}`}` : 'Borrower'}</PageTitle>
      <QueryState query={borrower}>{(data) => <BorrowerView view={data} />}</QueryState>
    </>
  );
}

function BorrowerView({ view }: { view: StaffBorrower }) {
  const { borrower } = view;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={sectionTitle('Borrower')}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label="Name">{borrower.name}</Descriptions.Item>
          <Descriptions.Item label="Phone">{borrower.mobilePhone}</Descriptions.Item>
          <Descriptions.Item label="User id">{borrower.userId}</Descriptions.Item>
          <Descriptions.Item label="Merchant">{borrower.merchantNumber}</Descriptions.Item>
          <Descriptions.Item label="Since">{formatDateTime(borrower.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="Repeat borrower">{borrower.isRepeat ? 'Yes' : 'No'}</Descriptions.Item>
          {/* The language the borrower reads the app in (their latest call): answer them in it where you can. */}
          <Descriptions.Item label="Language">{borrower.lang ? LANG_NAMES[borrower.lang] : 'Not known yet'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={sectionTitle('Orders')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={view.orders}
          scroll={{ x: 640 }}
          locale={{ emptyText: <EmptyText>No orders.</EmptyText> }}
          columns={[
            { title: 'Order no', dataIndex: 'orderNo', render: (no: string, row) => <Link to={orderPath(row.id)}>{no}</Link> },
            { title: 'Status', dataIndex: 'shownStatus', render: orderStatusTitle },
            { title: 'Product', dataIndex: 'productName' },
            { title: 'Principal', dataIndex: 'principalMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
            { title: 'Created', dataIndex: 'createdAt', render: formatDateTime },
          ]}
        />
      </Card>
      <Card title={sectionTitle('Complaints')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={view.complaints}
          scroll={{ x: 640 }}
          locale={{ emptyText: <EmptyText>No complaints.</EmptyText> }}
          columns={[
            { title: 'No.', dataIndex: 'id', render: (cid: number) => <Link to={complaintPath(cid)}>#{cid}</Link> },
            { title: 'Filed', dataIndex: 'createdAt', render: formatDateTime },
            { title: 'Type', render: (_, row) => [row.type, row.sonType].filter(Boolean).join(' / ') },
            { title: 'Complaint', dataIndex: 'excerpt' },
            { title: 'Replied', dataIndex: 'repliedAt', render: (at: string | null) => formatDateTime(at) || 'Not yet' },
          ]}
        />
      </Card>
      <Card title={sectionTitle('Bound accounts')}>
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={view.accounts}
          scroll={{ x: 560 }}
          locale={{ emptyText: <EmptyText>No accounts bound.</EmptyText> }}
          columns={[
            { title: 'Kind', dataIndex: 'kind', render: (kind: string) => (kind === 'payout-account' ? 'Payout account' : 'Repayment card') },
            { title: 'Bank', dataIndex: 'bankName' },
            { title: 'Number', dataIndex: 'cardNo' },
            { title: 'In use', dataIndex: 'current', render: (current: boolean) => (current ? 'Yes' : 'No') },
            { title: 'Bound', dataIndex: 'createdAt', render: formatDateTime },
          ]}
        />
      </Card>
    </Space>
  );
}
