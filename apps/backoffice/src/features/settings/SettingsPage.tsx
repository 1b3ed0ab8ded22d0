/** Products, loan terms and payment channels as the server applies them, read-only (they change through configuration). */
import { Card, Space, Table } from 'antd';
import { formatBasisPoints } from '../../shared/format.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useSettings } from './api.ts';

const sectionTitle = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;
const yesNo = (on: boolean) => (on ? 'Yes' : 'No');

export function SettingsPage() {
  const settings = useSettings();
  return (
    <>
      <PageTitle>Settings</PageTitle>
      <QueryState query={settings}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Card title={sectionTitle('Products')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={data.products}
                scroll={{ x: 900 }}
                columns={[
                  { title: 'Id', dataIndex: 'id' },
                  { title: 'Name', dataIndex: 'name' },
                  { title: 'Active', dataIndex: 'active', render: yesNo },
                  { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
                  { title: 'Term (days)', dataIndex: 'termDays', align: 'right' },
                  { title: 'Payments', dataIndex: 'periods', align: 'right' },
                  { title: 'Interest', dataIndex: 'interestBp', align: 'right', render: formatBasisPoints },
                  { title: 'Service fee', dataIndex: 'serviceFeeBp', align: 'right', render: formatBasisPoints },
                  { title: 'Rollover fee', dataIndex: 'rolloverFeeBp', align: 'right', render: formatBasisPoints },
                ]}
              />
            </Card>
            <Card title={sectionTitle('Loan terms')}>
              <Table
                size="small"
                rowKey="name"
                pagination={false}
                dataSource={data.loanTerms}
                columns={[
                  { title: 'Rule', dataIndex: 'name' },
                  { title: 'Value', dataIndex: 'value' },
                ]}
              />
            </Card>
            <Card title={sectionTitle('Payment channels')}>
              <Table
                size="small"
                rowKey="channelNumber"
                pagination={false}
                dataSource={data.paymentChannels}
                columns={[
                  { title: 'Channel no', dataIndex: 'channelNumber' },
                  { title: 'Name', dataIndex: 'name' },
                  { title: 'Kind', dataIndex: 'kind' },
                  { title: 'Active', dataIndex: 'active', render: yesNo },
                ]}
              />
            </Card>
          </Space>
        )}
      </QueryState>
    </>
  );
}
