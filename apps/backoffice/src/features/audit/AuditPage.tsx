/** The audit log, for admins: every staff write, newest first, by staff member, action, target and day; before and after readable. */
import { Button, DatePicker, Form, Input, InputNumber, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import type { AuditEntry } from '@cashloan/contract/staff/audit';
import { formatDateTime, lenderDayEnd, lenderDayStart } from '../../shared/format.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { serverPagination, useListParams } from '../../shared/use-list-params.ts';
import { useAudit } from './api.ts';

interface Values {
  staffId?: number | null;
  action?: string;
  targetType?: string;
  targetId?: string;
  days?: [Dayjs | null, Dayjs | null] | null;
}

const DAY = 'YYYY-MM-DD';

export function AuditPage() {
  const { filters, page, pageSize, setFilters, setPage } = useListParams(['staffId', 'action', 'targetType', 'targetId', 'fromDay', 'toDay'] as const);
  const audit = useAudit({
    staffId: filters.staffId ? Number(filters.staffId) : undefined,
    action: filters.action,
    targetType: filters.targetType,
    targetId: filters.targetId,
    from: filters.fromDay ? lenderDayStart(filters.fromDay) : undefined,
    to: filters.toDay ? lenderDayEnd(filters.toDay) : undefined,
    page,
    pageSize,
  });

  return (
    <>
      <PageTitle>Audit log</PageTitle>
      <Form<Values>
        key={JSON.stringify(filters)}
        layout="inline"
        initialValues={{
          staffId: filters.staffId ? Number(filters.staffId) : undefined,
          action: filters.action,
          targetType: filters.targetType,
          targetId: filters.targetId,
          days: filters.fromDay && filters.toDay ? [dayjs(filters.fromDay), dayjs(filters.toDay)] : undefined,
        }}
        onFinish={(values) =>
          setFilters({
            staffId: values.staffId == null ? undefined : String(values.staffId),
            action: values.action,
            targetType: values.targetType,
            targetId: values.targetId,
            fromDay: values.days?.[0]?.format(DAY),
            toDay: values.days?.[1]?.format(DAY),
          })
        }
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item label="Staff id" name="staffId">
          <InputNumber min={1} precision={0} style={{ width: 100 }} />
        </Form.Item>
        <Form.Item label="Action" name="action">
          <Input placeholder="e.g. payment.post" style={{ width: 170 }} maxLength={64} />
        </Form.Item>
        <Form.Item label="Target type" name="targetType">
          <Input placeholder="e.g. order" style={{ width: 130 }} maxLength={32} />
        </Form.Item>
        <Form.Item label="Target id" name="targetId">
          <Input style={{ width: 110 }} maxLength={64} />
        </Form.Item>
        <Form.Item label="Days" name="days">
          <DatePicker.RangePicker allowEmpty={[false, false]} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Show
        </Button>
      </Form>
      {audit.isError && <LoadFailure error={audit.error} onRetry={() => void audit.refetch()} />}
      <Table<AuditEntry>
        rowKey="id"
        loading={audit.isFetching}
        dataSource={audit.data?.items}
        pagination={serverPagination(audit.data?.total, page, pageSize, setPage)}
        scroll={{ x: 1000 }}
        expandable={{ expandedRowRender: (entry) => <BeforeAfter entry={entry} />, rowExpandable: (entry) => entry.before != null || entry.after != null }}
        columns={[
          { title: 'When', dataIndex: 'at', render: formatDateTime },
          { title: 'Staff', render: (_, e) => (e.staffId ? `${e.staffEmail} (#${e.staffId})` : e.staffEmail || 'Unknown') },
          { title: 'Action', dataIndex: 'action' },
          { title: 'Target', render: (_, e) => [e.targetType, e.targetId].filter(Boolean).join(' ') },
          { title: 'Outcome', dataIndex: 'outcome', render: (o: string) => (o === 'done' ? 'Done' : 'Refused') },
          { title: 'Address', dataIndex: 'address' },
        ]}
      />
    </>
  );
}

const pretty = (value: unknown) => (value == null ? 'Nothing' : JSON.stringify(value, null, 2));

function BeforeAfter({ entry }: { entry: AuditEntry }) {
  const block = { margin: 0, padding: 12, background: '#fafafa', border: '1px solid #f0f0f0', overflow: 'auto', maxHeight: 360, whiteSpace: 'pre-wrap', wordBreak: 'break-word' } as const;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', gap: 16 }}>
      <section>
        <Typography.Title level={3} style={{ fontSize: 14 }}>
          Before
        </Typography.Title>
        <pre style={block} tabIndex={0}>
          {pretty(entry.before)}
        </pre>
      </section>
      <section>
        <Typography.Title level={3} style={{ fontSize: 14 }}>
          After
        </Typography.Title>
        <pre style={block} tabIndex={0}>
          {pretty(entry.after)}
        </pre>
      </section>
    </div>
  );
}
