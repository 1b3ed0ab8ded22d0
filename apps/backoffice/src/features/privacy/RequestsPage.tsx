/**
 * The data-protection officer's requests (issue 39): the borrowers' requests to correct or erase their
 * data, the nearest answer date first, by state (open unless the address says otherwise), paged by the
 * server with the state and page in the address. Each links to its page, where it is answered.
 */
import { Form, Segmented, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { PrivacyRequestRow } from '@cashloan/contract/staff/privacy';
import { borrowerLabel, formatDateTime } from '../../shared/format.ts';
import { privacyRequestPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { usePrivacyRequests, type PrivacyRequestState } from './api.ts';
import { DaysLeft } from './DaysLeft.tsx';
import { fieldTitle, KIND_TITLES, STATE_TITLES } from './format.ts';

const DEFAULT_STATE: PrivacyRequestState = 'open';
const STATE_OPTIONS: { value: PrivacyRequestState; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'approved', label: 'Approved' },
  { value: 'refused', label: 'Refused' },
  { value: 'done', label: 'Done' },
  { value: 'all', label: 'All' },
];
const isState = (value: string | undefined): value is PrivacyRequestState => STATE_OPTIONS.some((o) => o.value === value);
const none = <Typography.Text type="secondary">—</Typography.Text>;

const columns = [
  { title: 'Reference', dataIndex: 'refNo', render: (refNo: string, row: PrivacyRequestRow) => <Link to={privacyRequestPath(row.id)}>{refNo}</Link> },
  { title: 'Borrower', dataIndex: 'borrowerName', render: (name: string, row: PrivacyRequestRow) => `${borrowerLabel(name, row.borrowerId)} (#${row.borrowerId})` },
  { title: 'Kind', dataIndex: 'kind', render: (kind: PrivacyRequestRow['kind']) => KIND_TITLES[kind] },
  { title: 'Field', dataIndex: 'field', render: (field: string) => (field ? fieldTitle(field) : none) },
  { title: 'Created', dataIndex: 'createdAt', render: (at: string) => formatDateTime(at) },
  { title: 'Answer by', dataIndex: 'answerBy' },
  // Only an open request still has an answer to give: a decided one shows no countdown.
  { title: 'Days left', dataIndex: 'daysLeft', render: (daysLeft: number, row: PrivacyRequestRow) => (row.state === 'open' ? <DaysLeft daysLeft={daysLeft} /> : none) },
  { title: 'State', dataIndex: 'state', render: (state: PrivacyRequestRow['state']) => STATE_TITLES[state] },
  {
    title: 'Decided',
    dataIndex: 'decidedAt',
    render: (at: string | null, row: PrivacyRequestRow) => (at || row.decidedBy ? [row.decidedBy, formatDateTime(at)].filter(Boolean).join(', ') : none),
  },
];

export function RequestsPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['state'] as const);
  // A state the address names that is not one (an old or edited link) shows the open ones.
  const state = isState(filters.state) ? filters.state : DEFAULT_STATE;
  const requests = usePrivacyRequests({ state, page, pageSize });

  return (
    <>
      <PageTitle>Data requests</PageTitle>
      <Typography.Paragraph style={{ maxWidth: 760 }}>
        Borrowers&apos; requests to correct or erase their data. Each must be answered by its date: approve it, or refuse it with a reason the borrower reads.
      </Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="State">
          <Segmented<PrivacyRequestState>
            aria-label="State"
            value={state}
            onChange={(value) => setFilters({ state: value === DEFAULT_STATE ? undefined : value })}
            options={STATE_OPTIONS}
          />
        </Form.Item>
      </Form>
      {requests.isError && <LoadFailure error={requests.error} onRetry={() => void requests.refetch()} />}
      <Table<PrivacyRequestRow>
        rowKey="id"
        caption={<Typography.Text type="secondary">Requests to correct or erase data, the nearest answer date first; times in Manila.</Typography.Text>}
        loading={requests.isFetching}
        dataSource={requests.data?.items}
        pagination={serverPagination(requests.data?.total, page, pageSize, setPage)}
        locale={{ emptyText: <EmptyText>No requests here.</EmptyText> }}
        columns={columns}
      />
    </>
  );
}
