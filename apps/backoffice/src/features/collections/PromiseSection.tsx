/**
 * Promise to pay: a day (today to 30 days on, on the market's calendar) and an amount up to what is
 * due, typed in pesos or rupees and sent in minor units; then every promise of the order, kept or
 * broken as the payments that arrive decide.
 */
import { App, Button, DatePicker, Form, InputNumber, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import { PROMISE_STATE_TITLES, promiseCall, type collectionOrderCall } from '@cashloan/contract/staff/collections';
import { addDays, formatMoney, marketDay, pesosToMinor } from '../../shared/format.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { usePromise, type CollectionOrder } from './api.ts';
import { CURRENCY_SIGNS, currencyOf, formatMarketTime, MAJOR_UNIT_NAMES } from './format.ts';
import { WriteFailure } from './Refusal.tsx';
import { Section } from '../../shared/ui/Section.tsx';
import { TableCaption } from './TableCaption.tsx';

type PromiseRow = StaffAnswerOf<typeof collectionOrderCall>['promises'][number];
interface Values {
  promisedOn: Dayjs;
  amount: number;
}

const DAY = 'YYYY-MM-DD';
/** The furthest day a promise may name, from today. */
const PROMISE_DAYS_AHEAD = 30;
// Pesos and rupees both have 100 minor units: the same rounding serves both.
const toMinor = (major: unknown) => (typeof major === 'number' ? pesosToMinor(major) : undefined);

export function PromiseSection({ data }: { data: CollectionOrder }) {
  const { message } = App.useApp();
  const record = usePromise();
  const [form] = Form.useForm<Values>();
  const { order } = data;
  const currency = currencyOf(order);
  const today = marketDay(currency);
  const last = addDays(today, PROMISE_DAYS_AHEAD);
  const money = (minor: number) => <Money minor={minor} currency={currency} />;

  const submit = ({ promisedOn, amount }: Values) =>
    record.mutate(
      { id: order.orderId, promisedOn: promisedOn.format(DAY), amountMinor: pesosToMinor(amount) },
      {
        onSuccess: (promise) => {
          form.resetFields();
          void message.success(`Promise recorded: ${formatMoney(promise.amountMinor, currency)} by ${promise.promisedOn}.`);
        },
      },
    );

  return (
    <Section title="Promise to pay">
      <Form<Values> form={form} layout="inline" requiredMark={false} initialValues={{ promisedOn: dayjs(today) }} onFinish={submit} style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label="Day" name="promisedOn" htmlFor="promise-day" rules={[{ required: true, message: 'Choose the day the borrower will pay.' }]}>
          <DatePicker id="promise-day" format={DAY} allowClear={false} disabledDate={(d) => d.format(DAY) < today || d.format(DAY) > last} style={{ width: 150 }} />
        </Form.Item>
        <Form.Item
          label={`Amount (${MAJOR_UNIT_NAMES[currency]})`}
          name="amount"
          rules={[
            { required: true, message: 'Enter the amount promised.' },
            zodRule(promiseCall.input.shape.amountMinor, toMinor),
            { validator: async (_rule, value: unknown) => { if (typeof value === 'number' && pesosToMinor(value) > order.amountDueMinor) throw new Error(`At most what is due: ${formatMoney(order.amountDueMinor, currency)}.`); } },
          ]}
        >
          <InputNumber prefix={CURRENCY_SIGNS[currency]} min={0} precision={2} step={1} style={{ width: 180 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={record.isPending}>
          Record promise
        </Button>
      </Form>
      <WriteFailure error={record.error} title="The promise was not recorded" />
      <Table<PromiseRow>
        size="small"
        rowKey="id"
        caption={<TableCaption>Promises</TableCaption>}
        pagination={false}
        dataSource={data.promises}
        locale={{ emptyText: <EmptyText>No promise yet.</EmptyText> }}
        columns={[
          { title: 'Day', dataIndex: 'promisedOn' },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: money },
          { title: 'Paid', dataIndex: 'paidMinor', align: 'right', render: money },
          { title: 'State', dataIndex: 'state', render: (state: PromiseRow['state']) => <Tag>{PROMISE_STATE_TITLES[state]}</Tag> },
          { title: 'By', dataIndex: 'createdBy' },
          { title: 'When', dataIndex: 'createdAt', render: (at: string) => formatMarketTime(at, order.market) },
        ]}
      />
    </Section>
  );
}
