/**
 * Which borrowers a breach touched: one of the named queries and its parameters (two days, Manila, or
 * a market), and "Count the borrowers", which asks the server how many it chooses now, before
 * anything is recorded. A changed parameter clears the count.
 */
import { Alert, Button, DatePicker, Form, Radio, Space, Typography, type FormInstance } from 'antd';
import type { Dayjs } from 'dayjs';
import { hashKey } from '@tanstack/react-query';
import { useState } from 'react';
import { BREACH_MARKET_TITLES, BREACH_MARKETS, BREACH_QUERY_KINDS, BREACH_QUERY_TITLES, type BreachQueryKind } from '@cashloan/contract/staff/breaches';
import { useAffectedCount, type AffectedQueryInput } from './api.ts';

const DAY = 'YYYY-MM-DD';
export const QUERY_FIELDS = ['kind', 'from', 'to', 'market'] as const;

export interface QueryValues {
  kind: BreachQueryKind;
  from?: Dayjs;
  to?: Dayjs;
  market?: 'PH' | 'IN';
}

/** The form's values as the call takes them: only the parameters the kind takes. */
export function queryInput(v: QueryValues): AffectedQueryInput {
  if (v.kind === 'orders-in-market') return { kind: v.kind, market: v.market };
  return { kind: v.kind, from: v.from?.format(DAY), to: v.to?.format(DAY) };
}

const between = (kind: BreachQueryKind | undefined) => kind !== 'orders-in-market';

export function AffectedQueryFields({ form }: { form: FormInstance }) {
  const kind = Form.useWatch<BreachQueryKind | undefined>('kind', form);
  const [asked, setAsked] = useState<AffectedQueryInput | null>(null);
  const count = useAffectedCount(asked);

  const ask = async () => {
    let next: AffectedQueryInput;
    try {
      next = queryInput((await form.validateFields([...QUERY_FIELDS])) as QueryValues);
    } catch {
      return; // The fields show what is missing.
    }
    // The same query asked again (after a failure, or to see it now): counted again.
    if (asked && hashKey([asked]) === hashKey([next])) void count.refetch();
    else setAsked(next);
  };

  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ fontSize: 16, fontWeight: 600, marginBottom: 8 }}>Borrowers affected</legend>
      <Form.Item label="Chosen by" name="kind" rules={[{ required: true, message: 'Choose how the affected borrowers are found.' }]}>
        <Radio.Group aria-label="Chosen by" onChange={() => setAsked(null)} options={BREACH_QUERY_KINDS.map((k) => ({ value: k, label: BREACH_QUERY_TITLES[k] }))} />
      </Form.Item>
      {between(kind) ? (
        <Space wrap size="middle">
          <Form.Item label="From (Manila)" name="from" htmlFor="breach-from" rules={[{ required: true, message: 'Choose the first day.' }]}>
            <DatePicker id="breach-from" format={DAY} onChange={() => setAsked(null)} />
          </Form.Item>
          <Form.Item
            label="To (Manila)"
            name="to"
            htmlFor="breach-to"
            dependencies={['from']}
            rules={[
              { required: true, message: 'Choose the last day.' },
              ({ getFieldValue }) => ({
                validator: async (_rule, to?: Dayjs) => {
                  const from = getFieldValue('from') as Dayjs | undefined;
                  if (from && to && to.format(DAY) < from.format(DAY)) throw new Error('The last day must be on or after the first.');
                },
              }),
            ]}
          >
            <DatePicker id="breach-to" format={DAY} onChange={() => setAsked(null)} />
          </Form.Item>
        </Space>
      ) : (
        <Form.Item label="Market" name="market" rules={[{ required: true, message: 'Choose the market.' }]}>
          <Radio.Group aria-label="Market" onChange={() => setAsked(null)} options={BREACH_MARKETS.map((m) => ({ value: m, label: BREACH_MARKET_TITLES[m] }))} />
        </Form.Item>
      )}
      <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
        <Button onClick={() => void ask()} loading={count.isFetching}>
          Count the borrowers
        </Button>
        <div role="status" aria-live="polite">
          {asked && count.data && (
            <Typography.Text>
              {count.data.count === 1 ? '1 borrower matches' : `${count.data.count} borrowers match`}: {count.data.queryText}.
            </Typography.Text>
          )}
        </div>
        {asked && count.isError && <Alert type="error" role="alert" showIcon title="The borrowers could not be counted" description={count.error.message} />}
      </Space>
    </fieldset>
  );
}
