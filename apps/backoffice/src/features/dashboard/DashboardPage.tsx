/**
 * The day's work at a glance: orders by status, complaints waiting and late, today's payments, postings awaiting a second approval, and for finance the books' reconciliation.
 * Other features' cards (the collections desk's Portfolio health) come in as `cards` from the route table: a feature does not import another.
 */
import { Card, Col, Row, Statistic, Table } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ORDER_STATUSES } from '@cashloan/contract/routes';
import { STAFF_LIMITS } from '@cashloan/contract/staff/common';
import { listPostingsCall } from '@cashloan/contract/staff/orders';
import { mayCall } from '../../shared/access.ts';
import { formatMoney, ORDER_STATUS_TITLES } from '../../shared/format.ts';
import { POSTINGS_PATH } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useDashboard } from './api.ts';
import { BooksCard } from './BooksCard.tsx';

export function DashboardPage({ cards }: { cards?: ReactNode }) {
  const dashboard = useDashboard();
  const { data: session } = useSession();
  const seesPostings = !!session && mayCall(listPostingsCall, session.staff.roles);
  return (
    <>
      <PageTitle>Dashboard</PageTitle>
      <QueryState query={dashboard}>
        {(data) => {
          const countOf = new Map(data.ordersByStatus.map((row) => [row.status, row.count]));
          const rows = ORDER_STATUSES.map((status) => ({ status, meaning: ORDER_STATUS_TITLES[status], count: countOf.get(status) ?? 0 }));
          return (
            <Row gutter={[16, 16]}>
              <Col xs={24} md={12} xl={8}>
                <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Complaints</h2>}>
                  <Statistic title="Waiting for a reply" value={data.complaintsWaiting} />
                  <Statistic title={`Past the promised review (${STAFF_LIMITS.reviewWeekdays} weekdays)`} value={data.complaintsPastReview} style={{ marginTop: 16 }} />
                </Card>
              </Col>
              <Col xs={24} md={12} xl={8}>
                <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Payments today</h2>}>
                  <Statistic title="Payments applied" value={data.paymentsToday.count} />
                  <Statistic title="Amount" value={formatMoney(data.paymentsToday.amountMinor)} style={{ marginTop: 16 }} />
                </Card>
              </Col>
              {seesPostings && (
                <Col xs={24} md={12} xl={8}>
                  <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Postings to approve</h2>} extra={<Link to={POSTINGS_PATH}>Open the list</Link>}>
                    <Statistic title="Awaiting a second finance user" value={data.postingsAwaitingApproval.count} />
                    <Statistic title="Amount held" value={formatMoney(data.postingsAwaitingApproval.amountMinor)} style={{ marginTop: 16 }} />
                  </Card>
                </Col>
              )}
              {data.books && (
                <Col xs={24} md={12} xl={8}>
                  <BooksCard books={data.books} />
                </Col>
              )}
              <Col xs={24} xl={8}>
                <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Orders by status</h2>}>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="status"
                    dataSource={rows}
                    columns={[
                      { title: 'Status', dataIndex: 'status' },
                      { title: 'Meaning', dataIndex: 'meaning' },
                      { title: 'Orders', dataIndex: 'count', align: 'right' },
                    ]}
                  />
                </Card>
              </Col>
            </Row>
          );
        }}
      </QueryState>
      {cards}
    </>
  );
}
