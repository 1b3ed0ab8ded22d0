/**
 * An overdue order's collections page: who owes what and who handles it, then the collector's work —
 * a call asked of the contact guard before dialling and its outcome, an approved template sent, a
 * promise to pay, a dispute, (the Philippines) the borrower's consent to other hours — and what
 * happened so far: complaints about collection, every contact made or refused, and the next allowed.
 */
import { Alert, Descriptions, Space, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { COLLECTIONS_PATH } from '../../shared/paths.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useCollectionOrder, type CollectionOrder } from './api.ts';
import { CallSection } from './CallSection.tsx';
import { DisputeSection } from './DisputeSection.tsx';
import { currencyOf, formatMarketTime, MARKET_TITLES } from './format.ts';
import { HoursConsentSection } from './HoursConsentSection.tsx';
import { CollectionComplaints, ContactHistory, NextContact } from './OrderRecords.tsx';
import { PromiseSection } from './PromiseSection.tsx';
import { TemplateSection } from './TemplateSection.tsx';

export function CollectionOrderPage() {
  const id = Number(useParams().id);
  const order = useCollectionOrder(id);
  return (
    <>
      <PageTitle extra={<Link to={COLLECTIONS_PATH}>Back to the queue</Link>}>{order.data ? `Collections: order ${order.data.order.orderNo}` : 'Collections: order'}</PageTitle>
      <QueryState query={order}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <OrderHeader data={data} />
            <NextContact data={data} />
            <CallSection data={data} />
            <TemplateSection data={data} />
            <PromiseSection data={data} />
            <DisputeSection data={data} />
            {data.order.market === 'PH' && <HoursConsentSection data={data} />}
            <CollectionComplaints data={data} />
            <ContactHistory data={data} />
          </Space>
        )}
      </QueryState>
    </>
  );
}

function OrderHeader({ data }: { data: CollectionOrder }) {
  const { order } = data;
  const currency = currencyOf(order);
  return (
    <section aria-label="The order">
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
        <Descriptions.Item label="Order no">
          {order.orderNo} {order.disputed && <Tag>Disputed</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Borrower">{order.borrowerName}</Descriptions.Item>
        <Descriptions.Item label="Phone">{order.phone}</Descriptions.Item>
        <Descriptions.Item label="Market">{MARKET_TITLES[order.market]}</Descriptions.Item>
        <Descriptions.Item label="Days past due">{order.daysPastDue}</Descriptions.Item>
        <Descriptions.Item label="Bucket">{order.bucket}</Descriptions.Item>
        <Descriptions.Item label="Amount due">
          <Money minor={order.amountDueMinor} currency={currency} />
        </Descriptions.Item>
        <Descriptions.Item label="Charges (capped)">
          <Money minor={order.chargesMinor} currency={currency} />
        </Descriptions.Item>
        <Descriptions.Item label="Collector">{order.collector?.name ?? 'Unassigned'}</Descriptions.Item>
        {order.dueAt && <Descriptions.Item label="Was due">{formatMarketTime(order.dueAt, order.market)}</Descriptions.Item>}
        {order.market === 'IN' && data.agentNoticeSentAt && <Descriptions.Item label="Agent notice sent">{formatMarketTime(data.agentNoticeSentAt, order.market)}</Descriptions.Item>}
      </Descriptions>
      {order.market === 'IN' && !data.agentNoticeSentAt && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          title="The agent notice has not been sent yet"
          description="The borrower must be sent the collector's name, agency and phone by SMS before the collector's first contact (RBI's directions on recovery agents)."
        />
      )}
    </section>
  );
}
