/**
 * The trial balance of a currency for a range: per account its opening, debits, credits and closing,
 * a totals row, and a sentence saying whether the books balance (debits equal credits, and the
 * opening and closing balances each sum to zero).
 */
import { Alert, Table, Typography } from 'antd';
import type { BookCurrency, TrialBalanceRow } from '@cashloan/contract/staff/books';
import { formatMoney } from '../../shared/format.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { LoadFailure } from '../../shared/ui/QueryState.tsx';
import { useTrialBalance } from './api.ts';

const kindTitle = (kind: TrialBalanceRow['kind']) => kind.charAt(0).toUpperCase() + kind.slice(1);

export function TrialBalance({ from, to, currency }: { from: string; to: string; currency: BookCurrency }) {
  const balance = useTrialBalance({ from, to, currency });
  const data = balance.data;
  const money = (minor: number) => <Money minor={minor} currency={currency} />;
  const totals = data?.totals;
  const balanced = totals ? totals.debitMinor === totals.creditMinor && totals.closingMinor === 0 && totals.openingMinor === 0 : false;

  return (
    <section aria-labelledby="trial-balance" style={{ marginBottom: 32 }}>
      <Typography.Title level={2} id="trial-balance" style={{ fontSize: 18 }}>
        Trial balance
      </Typography.Title>
      {balance.isError && <LoadFailure error={balance.error} onRetry={() => void balance.refetch()} />}
      <Table<TrialBalanceRow>
        size="small"
        rowKey="code"
        loading={balance.isFetching}
        dataSource={data?.rows}
        pagination={false}
        locale={{ emptyText: <EmptyText>{`Nothing was booked in ${currency} up to ${to}.`}</EmptyText> }}
        scroll={{ x: 900 }}
        columns={[
          { title: 'Code', dataIndex: 'code' },
          { title: 'Account', dataIndex: 'name' },
          { title: 'Kind', dataIndex: 'kind', render: kindTitle },
          { title: `Opening (before ${from})`, dataIndex: 'openingMinor', align: 'right', render: money },
          { title: 'Debits', dataIndex: 'debitMinor', align: 'right', render: money },
          { title: 'Credits', dataIndex: 'creditMinor', align: 'right', render: money },
          { title: `Closing (${to})`, dataIndex: 'closingMinor', align: 'right', render: money },
        ]}
        summary={() =>
          totals && data.rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={3}>
                <Typography.Text strong>Totals</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {money(totals.openingMinor)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(totals.debitMinor)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(totals.creditMinor)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(totals.closingMinor)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {totals &&
        (balanced ? (
          <Typography.Paragraph style={{ marginTop: 8 }}>
            {`The books balance: debits equal credits (${formatMoney(totals.debitMinor, currency)} each), and the opening and closing balances each sum to zero.`}
          </Typography.Paragraph>
        ) : (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            title="The books do not balance"
            description={`Debits ${formatMoney(totals.debitMinor, currency)}, credits ${formatMoney(totals.creditMinor, currency)}; the opening balances sum to ${formatMoney(totals.openingMinor, currency)} and the closing to ${formatMoney(totals.closingMinor, currency)}.`}
          />
        ))}
    </section>
  );
}
