/** Refund: the credit an exception holds was paid back to the borrower from the lender's bank, under the transfer's reference. */
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { refundCreditCall, type StaffPaymentException } from '@cashloan/contract/staff/payment-exceptions';
import { formatMoney } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useRefundCredit } from './api.ts';

export function RefundDialog({ exception, onClose }: { exception: StaffPaymentException; onClose: () => void }) {
  const { message } = App.useApp();
  const refund = useRefundCredit();
  const [form] = Form.useForm<{ reference: string }>();
  const amount = formatMoney(exception.heldMinor);
  return (
    <Modal
      open
      title={`Refund the credit of ${amount}`}
      okText="Record the refund"
      cancelText="Cancel"
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={refund.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {`Record that ${amount} held ${exception.orderNo ? `for order ${exception.orderNo}` : `from ${exception.refNo}`} was paid back to the borrower by bank transfer. It is booked at once and can be recorded only once.`}
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={({ reference }) =>
          refund.mutate(
            { id: exception.id, reference },
            {
              onSuccess: () => {
                void message.success(`Refund of ${amount} recorded.`);
                onClose();
              },
            },
          )
        }
      >
        <Form.Item
          label="Bank transfer reference"
          name="reference"
          rules={[{ required: true, message: "Enter the bank transfer's reference." }, zodRule(refundCreditCall.input.shape.reference)]}
        >
          <Input maxLength={64} style={{ width: 280 }} />
        </Form.Item>
        {refund.isError && <Alert type="error" showIcon title="The server refused" description={refund.error.message} />}
      </Form>
    </Modal>
  );
}
