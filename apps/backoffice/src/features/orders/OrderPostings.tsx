/**
 * An order's postings that needed a second finance user (maker-checker): who posted each, and for a
 * posting awaiting approval, Approve and Reject for a finance user other than its maker (its maker is
 * told why they have none; the server refuses them too). Decided ones show who decided and why.
 */
import { Alert, App, Button, Card, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { PAYMENT_METHOD_TITLES, POSTING_STATUS_TITLES, rejectPostingCall, type StaffOrder, type StaffPosting } from '@cashloan/contract/staff/orders';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { useApprovePosting, useRejectPosting } from './api.ts';

/** Who acted, as a cell: the name, and the email that tells two of one name apart. */
const who = (member: StaffPosting['postedBy'] | null) => (member ? `${member.name} (${member.email})` : '');

export function OrderPostings({ order, title, mayDecide, myId }: { order: StaffOrder; title: ReactNode; mayDecide: boolean; myId: number | undefined }) {
  const { message } = App.useApp();
  const approve = useApprovePosting();
  const [rejecting, setRejecting] = useState<StaffPosting | null>(null);
  const { orderNo, id } = order.order;

  const decision = (p: StaffPosting) => {
    if (p.status !== 'pending') return `${who(p.decidedBy)}${p.decidedAt ? `, ${formatDateTime(p.decidedAt)}` : ''}${p.reason ? `: ${p.reason}` : ''}`;
    if (!mayDecide) return 'Awaiting a finance user';
    if (p.postedBy.id === myId) return 'You posted this, so another finance user must approve or reject it.';
    return (
      <Space wrap>
        <Popconfirm
          title={`Approve ${formatMoney(p.amountMinor)} to order ${orderNo}?`}
          description="The money is applied to the order now."
          okText="Approve"
          cancelText="Cancel"
          onConfirm={() => approve.mutate({ id, postingId: p.id }, { onSuccess: ({ outcome }) => void message.success(`Posting approved and applied: ${outcome}`) })}
        >
          <Button type="primary" aria-label={`Approve posting ${p.reference}`} loading={approve.isPending && approve.variables?.postingId === p.id}>
            Approve
          </Button>
        </Popconfirm>
        <Button danger aria-label={`Reject posting ${p.reference}`} onClick={() => setRejecting(p)}>
          Reject
        </Button>
      </Space>
    );
  };

  return (
    <Card title={title}>
      <Typography.Paragraph>{`A posting above ${formatMoney(order.postings.approvalAboveMinor)} is applied only once a finance user other than the one who posted it approves it.`}</Typography.Paragraph>
      {/* At most 900 px wide: it fits the order screen at 1280 px (a region that scrolls must be reachable by keyboard, and a maker's row holds no control). */}
      <Table<StaffPosting>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={order.postings.items}
        scroll={{ x: 900 }}
        columns={[
          { title: 'Posted', dataIndex: 'postedAt', render: formatDateTime },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
          { title: 'How', dataIndex: 'method', render: (m: StaffPosting['method']) => PAYMENT_METHOD_TITLES[m] },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Posted by', dataIndex: 'postedBy', render: who },
          { title: 'State', dataIndex: 'status', render: (s: StaffPosting['status']) => POSTING_STATUS_TITLES[s] },
          { title: 'Decision', key: 'decision', render: (_, p) => <span style={{ display: 'inline-block', minWidth: 220 }}>{decision(p)}</span> },
        ]}
      />
      {approve.isError && <Alert type="error" showIcon title="The server refused" description={approve.error.message} style={{ marginTop: 16 }} />}
      {rejecting && <RejectDialog order={order} posting={rejecting} onClose={() => setRejecting(null)} />}
    </Card>
  );
}

function RejectDialog({ order, posting, onClose }: { order: StaffOrder; posting: StaffPosting; onClose: () => void }) {
  const { message } = App.useApp();
  const reject = useRejectPosting();
  const [form] = Form.useForm<{ reason: string }>();
  const done = () => {
    void message.success('Posting rejected: nothing was applied.');
    onClose();
  };
  return (
    <Modal
      open
      title={`Reject the posting ${posting.reference} of ${formatMoney(posting.amountMinor)}`}
      okText="Reject"
      okButtonProps={{ danger: true }}
      cancelText="Cancel"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={({ reason }) => reject.mutate({ id: order.order.id, postingId: posting.id, reason }, { onSuccess: done })}>
        <Form.Item label="Why it is rejected" name="reason" extra="Its maker and the audit log see this." rules={[zodRule(rejectPostingCall.input.shape.reason)]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        {reject.isError && <Alert type="error" showIcon title="The server refused" description={reject.error.message} />}
      </Form>
    </Modal>
  );
}
