/**
 * Finance's actions on an order: one button per move the server offers (approve, reject; the money
 * goes out by Release, OrderPayouts.tsx),
 * each confirmed first, and posting money received at a counter or by bank transfer (above the
 * server's approval amount it is held for a second finance user). The server's refusals are shown as
 * they come, beside the action that was refused.
 */
import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Radio, Space, Typography } from 'antd';
import { ORDER_STATUS } from '@cashloan/contract/routes';
import { PAYMENT_METHODS, PAYMENT_METHOD_TITLES, postPaymentCall, type StaffOrder } from '@cashloan/contract/staff/orders';
import { formatMoney, pesosToMinor } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useMoveOrder, usePostPayment } from './api.ts';

export function OrderMoves({ order }: { order: StaffOrder }) {
  const { message } = App.useApp();
  const move = useMoveOrder();
  if (order.moves.length === 0) return <Typography.Paragraph>No move can be made from this status.</Typography.Paragraph>;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        {order.moves.map((m) => (
          <Popconfirm
            key={m.to}
            title={`${m.title} order ${order.order.orderNo}?`}
            description={m.to === ORDER_STATUS.disbursing ? 'The order is approved for payout; another finance user releases the money.' : 'The borrower is told the loan was refused.'}
            okText={m.title}
            cancelText="Cancel"
            onConfirm={() => move.mutate({ id: order.order.id, to: m.to }, { onSuccess: () => void message.success(`${m.title}: done.`) })}
          >
            <Button type={m.to === ORDER_STATUS.rejected ? 'default' : 'primary'} danger={m.to === ORDER_STATUS.rejected} loading={move.isPending && move.variables?.to === m.to}>
              {m.title}
            </Button>
          </Popconfirm>
        ))}
      </Space>
      {move.isError && <Alert type="error" showIcon title="The server refused" description={move.error.message} />}
    </Space>
  );
}

interface PaymentValues {
  amountPesos: number;
  method: (typeof PAYMENT_METHODS)[number];
  reference: string;
}

const amountRule = zodRule(postPaymentCall.input.shape.amountMinor, (pesos) => (typeof pesos === 'number' ? pesosToMinor(pesos) : undefined));

export function PostPaymentForm({ order }: { order: StaffOrder }) {
  const { message } = App.useApp();
  const post = usePostPayment();
  const [form] = Form.useForm<PaymentValues>();
  const threshold = order.postings.approvalAboveMinor;
  const typed = Form.useWatch('amountPesos', form);
  const held = typeof typed === 'number' && pesosToMinor(typed) > threshold;
  return (
    <Form<PaymentValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ method: 'counter' }}
      style={{ maxWidth: 420 }}
      onFinish={({ amountPesos, method, reference }) =>
        post.mutate(
          { id: order.order.id, amountMinor: pesosToMinor(amountPesos), method, reference },
          {
            onSuccess: ({ outcome, posting }) => {
              form.resetFields();
              void message.success(posting ? `Posting held: ${formatMoney(posting.amountMinor)} awaits a second finance user's approval.` : `Payment posted: ${outcome}`);
            },
          },
        )
      }
    >
      <Form.Item
        label="Amount received (pesos)"
        name="amountPesos"
        extra={
          <>
            <div>{`Owed now: ${formatMoney(order.order.owedNowMinor)}`}</div>
            {/* Said before posting, and said louder once the typed amount is above it. */}
            <div aria-live="polite">
              {held ? (
                <Typography.Text strong>{`Above ${formatMoney(threshold)}: this posting will be held, and nothing applied, until another finance user approves it.`}</Typography.Text>
              ) : (
                `Above ${formatMoney(threshold)} a second finance user must approve a posting before it is applied.`
              )}
            </div>
          </>
        }
        rules={[{ required: true, message: 'Enter the amount received.' }, amountRule]}
      >
        <InputNumber prefix="₱" min={0} precision={2} step={1} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item label="How it was paid" name="method">
        <Radio.Group options={PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_TITLES[m] }))} />
      </Form.Item>
      <Form.Item label="Reference (receipt or transfer number)" name="reference" rules={[zodRule(postPaymentCall.input.shape.reference)]}>
        <Input style={{ width: 260 }} />
      </Form.Item>
      {post.isError && <Alert type="error" showIcon title="The server refused" description={post.error.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={post.isPending}>
        Post the payment
      </Button>
    </Form>
  );
}
