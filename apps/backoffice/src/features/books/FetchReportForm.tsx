/** Fetch report: a provider's report of a day (yesterday in its market by default) fetched through its adapter. */
import { Button, DatePicker, Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { BookProvider } from '@cashloan/contract/staff/books';
import { addDays, marketDay } from '../../shared/format.ts';

export function FetchReportForm({ provider, pending, onFetch }: { provider: BookProvider; pending: boolean; onFetch: (day: string) => void }) {
  const id = `report-day-${provider.provider}`;
  return (
    <Form<{ day: Dayjs }>
      layout="inline"
      requiredMark={false}
      initialValues={{ day: dayjs(addDays(marketDay(provider.currency), -1)) }}
      onFinish={({ day }) => onFetch(day.format('YYYY-MM-DD'))}
      style={{ rowGap: 8 }}
    >
      <Form.Item label="Report day" htmlFor={id} name="day" rules={[{ required: true, message: 'Choose the day of the report.' }]} style={{ marginInlineEnd: 8 }}>
        <DatePicker id={id} allowClear={false} style={{ width: 150 }} />
      </Form.Item>
      <Button htmlType="submit" loading={pending}>
        Fetch report
      </Button>
    </Form>
  );
}
