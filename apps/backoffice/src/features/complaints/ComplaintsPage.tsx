/** The agents' inbox: complaints oldest first, by status and age, paged by the server. */
import { Button, Form, InputNumber, Select, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { StaffComplaintListItem } from '@cashloan/contract/staff/complaints';
import { borrowerLabel, formatDateTime } from '../../shared/format.ts';
import { complaintPath } from '../../shared/paths.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useComplaints, type ComplaintFilters } from './api.ts';

const STATUS_OPTIONS = [
  { value: 'waiting', label: 'Waiting for a reply' },
  { value: 'answered', label: 'Answered' },
  { value: 'all', label: 'All' },
];

export function ComplaintsPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['status', 'minAgeDays'] as const);
  const status = (filters.status ?? 'waiting') as ComplaintFilters['status'];
  const minAgeDays = filters.minAgeDays ? Number(filters.minAgeDays) : undefined;
  const complaints = useComplaints({ status, minAgeDays, page, pageSize });

  return (
    <>
      <PageTitle>Complaints</PageTitle>
      <Form
        key={`${status}-${minAgeDays}`}
        layout="inline"
        initialValues={{ status, minAgeDays }}
        onFinish={(values: { status: string; minAgeDays?: number | null }) =>
          setFilters({ status: values.status, minAgeDays: values.minAgeDays == null ? undefined : String(values.minAgeDays) })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label="Status" name="status">
          <Select options={STATUS_OPTIONS} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item label="Filed at least (days ago)" name="minAgeDays">
          <InputNumber min={0} max={3650} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Show
        </Button>
      </Form>
      {complaints.isError && <LoadFailure error={complaints.error} onRetry={() => void complaints.refetch()} />}
      <Table<StaffComplaintListItem>
        rowKey="id"
        loading={complaints.isFetching}
        dataSource={complaints.data?.items}
        pagination={serverPagination(complaints.data?.total, page, pageSize, setPage)}
        scroll={{ x: 960 }}
        columns={[
          { title: 'No.', dataIndex: 'id', render: (id: number) => <Link to={complaintPath(id)}>Open #{id}</Link> },
          { title: 'Filed', dataIndex: 'createdAt', render: formatDateTime },
          {
            title: 'Review due',
            dataIndex: 'reviewDueAt',
            render: (at: string, row) => (
              <>
                {formatDateTime(at)} {row.pastReview && <Tag>Past review</Tag>}
              </>
            ),
          },
          { title: 'Borrower', render: (_, row) => `${borrowerLabel(row.borrowerName, row.borrowerId)} · ${row.mobilePhone}` },
          { title: 'Order no', dataIndex: 'orderNo' },
          { title: 'Type', render: (_, row) => [row.type, row.sonType].filter(Boolean).join(' / ') },
          { title: 'Complaint', dataIndex: 'excerpt', key: 'excerpt', render: (text: string) => <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: 260 }}>{text}</Typography.Text> },
          { title: 'Replied', dataIndex: 'repliedAt', render: (at: string | null) => (at ? formatDateTime(at) : 'Not yet') },
        ]}
      />
    </>
  );
}
