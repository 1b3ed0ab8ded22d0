/**
 * Dispute: with none open, the collector marks the debt disputed with its reason (no collection
 * message goes out until it is resolved); with one open, who opened it, when and why (and the
 * borrower's complaint ticket), and for the collections lead the resolution that ends it.
 */
import { App, Button, Descriptions, Form, Input, Typography } from 'antd';
import { markDisputeCall, resolveDisputeCall } from '@cashloan/contract/staff/collections';
import { mayCall } from '../../shared/access.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useSession } from '../../shared/session.ts';
import { useMarkDispute, useResolveDispute, type CollectionOrder } from './api.ts';
import { formatMarketTime } from './format.ts';
import { WriteFailure } from './Refusal.tsx';
import { Section } from '../../shared/ui/Section.tsx';

const REASON_MAX_CHARS = 500;

export function DisputeSection({ data }: { data: CollectionOrder }) {
  const { dispute, order } = data;
  const open = dispute && !dispute.resolvedAt ? dispute : null;
  const { data: session } = useSession();
  const mayResolve = !!session && mayCall(resolveDisputeCall, session.staff.roles);
  const at = (iso: string | null) => formatMarketTime(iso, order.market);

  if (!open) {
    return (
      <Section title="Dispute">
        {dispute && (
          <Typography.Paragraph>{`The last dispute (${dispute.reason}) was resolved by ${dispute.resolvedBy ?? 'the lead'} on ${at(dispute.resolvedAt)}: ${dispute.resolution ?? ''}`}</Typography.Paragraph>
        )}
        <Typography.Paragraph>No open dispute. Marking the debt disputed stops every collection message until the collections lead resolves it.</Typography.Paragraph>
        <TextForm orderId={order.orderId} kind="mark" />
      </Section>
    );
  }
  return (
    <Section title="Dispute">
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Reason">{open.reason}</Descriptions.Item>
        <Descriptions.Item label="Opened">{`by ${open.openedBy}, ${at(open.openedAt)}`}</Descriptions.Item>
        {open.complaintTicketNo && <Descriptions.Item label="Complaint ticket">{open.complaintTicketNo}</Descriptions.Item>}
      </Descriptions>
      <Typography.Paragraph>The debt is disputed: no collection message goes out until it is resolved.</Typography.Paragraph>
      {mayResolve ? <TextForm orderId={order.orderId} kind="resolve" /> : <Typography.Paragraph type="secondary">The collections lead resolves it.</Typography.Paragraph>}
    </Section>
  );
}

const FORMS = {
  mark: { label: 'Reason', button: 'Mark disputed', done: 'The debt is marked disputed.', failed: 'The dispute was not recorded', rule: zodRule(markDisputeCall.input.shape.reason) },
  resolve: { label: 'Resolution', button: 'Resolve dispute', done: 'The dispute is resolved.', failed: 'The dispute was not resolved', rule: zodRule(resolveDisputeCall.input.shape.resolution) },
} as const;

function TextForm({ orderId, kind }: { orderId: number; kind: keyof typeof FORMS }) {
  const { message } = App.useApp();
  const mark = useMarkDispute();
  const resolve = useResolveDispute();
  const [form] = Form.useForm<{ text: string }>();
  const text = FORMS[kind];
  const write = kind === 'mark' ? mark : resolve;
  const onSuccess = () => {
    form.resetFields();
    void message.success(text.done);
  };
  const submit = ({ text: value }: { text: string }) =>
    kind === 'mark' ? mark.mutate({ id: orderId, reason: value }, { onSuccess }) : resolve.mutate({ id: orderId, resolution: value }, { onSuccess });
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} style={{ maxWidth: 640 }}>
      <Form.Item label={text.label} name="text" rules={[{ required: true, message: `Enter the ${text.label.toLowerCase()}.` }, text.rule]}>
        <Input.TextArea rows={3} maxLength={REASON_MAX_CHARS} showCount />
      </Form.Item>
      <WriteFailure error={write.error} title={text.failed} />
      <Button type={kind === 'mark' ? 'default' : 'primary'} danger={kind === 'mark'} htmlType="submit" loading={write.isPending} style={{ marginTop: 8 }}>
        {text.button}
      </Button>
    </Form>
  );
}
