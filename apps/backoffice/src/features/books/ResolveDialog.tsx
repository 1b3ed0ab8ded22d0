/** Resolve an item: book the difference, mark it the provider's error, or write a note; each says why. */
import { Alert, App, Form, Input, Modal, Radio, Typography } from 'antd';
import { RESOLUTIONS, RESOLUTION_TITLES, itemName, resolveItemCall, type ReconciliationItem, type Resolution } from '@cashloan/contract/staff/books';
import { zodRule } from '../../shared/form-rules.ts';
import { useResolveItem } from './api.ts';

interface Values {
  action: Resolution;
  note: string;
}

export function ResolveDialog({ item, onClose }: { item: ReconciliationItem; onClose: () => void }) {
  const { message } = App.useApp();
  const resolve = useResolveItem();
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      open
      title={`Resolve ${itemName(item)}`}
      okText="Resolve"
      cancelText="Cancel"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={resolve.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ action, note }) =>
          resolve.mutate(
            { id: item.id, action, note },
            {
              onSuccess: () => {
                void message.success(`${itemName(item)} resolved: ${RESOLUTION_TITLES[action].toLowerCase()}.`);
                onClose();
              },
            },
          )
        }
      >
        <Form.Item label="What to do" name="action" rules={[{ required: true, message: 'Choose what to do about this item.' }]}>
          <Radio.Group options={RESOLUTIONS.map((r) => ({ value: r, label: RESOLUTION_TITLES[r] }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Booking the difference writes an entry to suspense that makes the books agree with the report.
        </Typography.Paragraph>
        <Form.Item label="Why" name="note" extra="The audit log keeps this." rules={[{ required: true, message: 'Say why, in at least 3 characters.' }, zodRule(resolveItemCall.input.shape.note)]}>
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        {resolve.isError && <Alert type="error" showIcon title="The server refused" description={resolve.error.message} />}
      </Form>
    </Modal>
  );
}
