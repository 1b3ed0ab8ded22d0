/**
 * The dashboard's Portfolio health card, for the collections lead, admins and finance: PAR 1/30/60/90
 * (outstanding principal more than N days past due ÷ all outstanding principal), promises kept this
 * month, collected this month by bucket, and roll rates month on month, in pesos or rupees.
 */
import { Card, Col, Descriptions, Row, Segmented, Statistic, Table, Typography } from 'antd';
import { useState } from 'react';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import { portfolioCall } from '@cashloan/contract/staff/collections';
import { mayCall } from '../../shared/access.ts';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { usePortfolio, type PortfolioCurrency } from './api.ts';
import { formatRatio } from './format.ts';
import { TableCaption } from './TableCaption.tsx';

type Portfolio = StaffAnswerOf<typeof portfolioCall>;
type RollRate = Portfolio['rollRates'][number];
const CURRENCIES: PortfolioCurrency[] = ['PHP', 'INR'];

/** Rendered for every role on the dashboard; shown (and asked for) only to those the contract lets read it. */
export function PortfolioCard() {
  const { data: session } = useSession();
  if (!session || !mayCall(portfolioCall, session.staff.roles)) return null;
  return <PortfolioHealth />;
}

function PortfolioHealth() {
  const [currency, setCurrency] = useState<PortfolioCurrency>('PHP');
  const portfolio = usePortfolio(currency);
  return (
    <section aria-labelledby="portfolio-health" style={{ marginTop: 16 }}>
      <Card
        title={
          <h2 id="portfolio-health" style={{ fontSize: 16, margin: 0 }}>
            Portfolio health
          </h2>
        }
        extra={<Segmented<PortfolioCurrency> aria-label="Currency" value={currency} onChange={setCurrency} options={CURRENCIES} />}
      >
        <QueryState query={portfolio}>{(data) => <Health data={data} />}</QueryState>
      </Card>
    </section>
  );
}

function Health({ data }: { data: Portfolio }) {
  const money = (minor: number) => formatMoney(minor, data.currency);
  const { promises } = data;
  return (
    <>
      <Typography.Paragraph type="secondary">{`As of ${formatDateTime(data.asOf)}; outstanding principal ${money(data.outstandingPrincipalMinor)}.`}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {data.par.map((p) => (
          <Col key={p.days} xs={12} md={6}>
            <Statistic title={`PAR ${p.days}`} value={formatRatio(p.ratio)} />
            <Typography.Text type="secondary">{`${money(p.pastDuePrincipalMinor)} past due`}</Typography.Text>
          </Col>
        ))}
      </Row>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" style={{ marginTop: 16 }}>
        <Descriptions.Item label="Promises kept this month">
          {`${promises.keptRatio === null ? '—' : formatRatio(promises.keptRatio)} (kept ${promises.kept}, broken ${promises.broken}, open ${promises.open})`}
        </Descriptions.Item>
        <Descriptions.Item label="Collected this month">
          {data.collectedThisMonth.length === 0 ? 'Nothing yet' : data.collectedThisMonth.map((c) => `${c.bucket}: ${money(c.amountMinor)}`).join('; ')}
        </Descriptions.Item>
      </Descriptions>
      <Table<RollRate>
        size="small"
        rowKey={(r) => `${r.month} ${r.from}`}
        caption={<TableCaption>Roll rates, month on month</TableCaption>}
        pagination={false}
        dataSource={data.rollRates}
        locale={{ emptyText: <EmptyText>No month recorded yet.</EmptyText> }}
        columns={[
          { title: 'Month', dataIndex: 'month' },
          { title: 'From → to', render: (_, r) => `${r.from} → ${r.to}` },
          { title: 'Orders', dataIndex: 'orders', align: 'right' },
          { title: 'Rolled', dataIndex: 'rolled', align: 'right' },
          { title: 'Ratio', dataIndex: 'ratio', align: 'right', render: formatRatio },
        ]}
      />
    </>
  );
}
