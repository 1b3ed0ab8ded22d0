/** One order whole: its figures, plan, ledger, pay codes, what the borrower confirmed, the payout account, its payouts and Release, finance's actions and its postings awaiting a second approval. */
import { Card, Collapse, Descriptions, Space, Table, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { costCapRows } from '@cashloan/contract/cost-cap';
import { LANG_NAMES } from '@cashloan/contract/i18n';
import { approvePostingCall, moveOrderCall, releaseOrderCall, type StaffOrder } from '@cashloan/contract/staff/orders';
import { mayCall } from '../../shared/access.ts';
import { borrowerLabel, formatBasisPoints, formatDateTime, formatMoney, orderStatusTitle } from '../../shared/format.ts';
import { borrowerPath, ORDERS_PATH } from '../../shared/paths.ts';
import { useSession } from '../../shared/session.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { QueryState } from '../../shared/ui/QueryState.tsx';
import { useOrder } from './api.ts';
import { OrderMoves, PostPaymentForm } from './FinanceActions.tsx';
import { OrderPostings } from './OrderPostings.tsx';
import { OrderPayouts } from './OrderPayouts.tsx';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';

const sectionTitle = (text: string) => <h2 style={{ fontSize: 16, margin: 0 }}>{text}</h2>;

export function OrderPage() {
  const id = Number(useParams().id);
  const order = useOrder(id);
  const { data: session } = useSession();
  const isFinance = !!session && mayCall(moveOrderCall, session.staff.roles);
  const mayDecide = !!session && mayCall(approvePostingCall, session.staff.roles);
  const mayRelease = !!session && mayCall(releaseOrderCall, session.staff.roles);
  return (
    <>
      <PageTitle extra={<Link to={ORDERS_PATH}>Back to orders</Link>}>{order.data ? `Order ${order.data.order.orderNo}` : 'Order'}</PageTitle>
      <QueryState query={order}>
        {(data) => (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Figures order={data} />
            {(data.payouts.items.length > 0 || data.payouts.release) && <OrderPayouts order={data} title={sectionTitle('Payouts')} mayRelease={mayRelease} />}
            {data.postings.items.length > 0 && <OrderPostings order={data} title={sectionTitle('Postings for a second approval')} mayDecide={mayDecide} myId={session?.staff.id} />}
            {isFinance && (
              <Card title={sectionTitle('Finance actions')}>
                <Typography.Title level={3} style={{ fontSize: 15 }}>
                  Move the order
                </Typography.Title>
                <OrderMoves order={data} />
                <Typography.Title level={3} style={{ fontSize: 15, marginTop: 24 }}>
                  Post a payment
                </Typography.Title>
                <PostPaymentForm order={data} />
              </Card>
            )}
            <Plan order={data} />
            <Ledger order={data} />
            <PayCodes order={data} />
            <Confirmed order={data} />
          </Space>
        )}
      </QueryState>
    </>
  );
}

function Figures({ order: view }: { order: StaffOrder }) {
  const { order, payoutAccount } = view;
  return (
    <Card title={sectionTitle('Figures')}>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
        <Descriptions.Item label="Status">
          <span data-testid="order-status">{orderStatusTitle(order.shownStatus)}</span>
          {order.shownStatus !== order.status && ` (stored: ${orderStatusTitle(order.status)})`}
        </Descriptions.Item>
        <Descriptions.Item label="What it means">{order.statusMeaning}</Descriptions.Item>
        <Descriptions.Item label="Borrower">
          <Link to={borrowerPath(order.borrowerId)}>{borrowerLabel(order.borrowerName, order.borrowerId)}</Link> · {order.mobilePhone}
        </Descriptions.Item>
        <Descriptions.Item label="Product">{order.productName}</Descriptions.Item>
        <Descriptions.Item label="Principal">
          <Money minor={order.principalMinor} />
        </Descriptions.Item>
        <Descriptions.Item label="Interest">
          <Money minor={order.interestMinor} />
        </Descriptions.Item>
        <Descriptions.Item label="Service fee">
          <Money minor={order.feeMinor} />
        </Descriptions.Item>
        <Descriptions.Item label="Term">{`${order.termDays} days in ${order.periods} ${order.periods === 1 ? 'payment' : 'payments'}`}</Descriptions.Item>
        <Descriptions.Item label="Paid">
          <Money minor={order.paidMinor} />
        </Descriptions.Item>
        <Descriptions.Item label="Owed now">
          <Money minor={order.owedNowMinor} />
        </Descriptions.Item>
        <Descriptions.Item label="Created">{formatDateTime(order.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="Disbursed">{formatDateTime(order.disbursedAt) || 'Not yet'}</Descriptions.Item>
        <Descriptions.Item label="Due">{formatDateTime(order.dueAt) || 'None'}</Descriptions.Item>
        <Descriptions.Item label="Settled">{formatDateTime(order.settledAt) || 'Not yet'}</Descriptions.Item>
        <Descriptions.Item label="Payout account">{payoutAccount ? `${payoutAccount.bankName} ${payoutAccount.cardNo}` : 'None bound'}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function Plan({ order }: { order: StaffOrder }) {
  return (
    <Card title={sectionTitle('Plan')}>
      <Table
        size="small"
        rowKey="seq"
        pagination={false}
        dataSource={order.plan}
        scroll={{ x: 600 }}
        columns={[
          { title: 'No.', dataIndex: 'seq' },
          { title: 'Due', dataIndex: 'dueAt', render: formatDateTime },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
          { title: 'Paid', dataIndex: 'paidMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
          { title: 'Settled', dataIndex: 'settledAt', render: (at: string | null) => formatDateTime(at) || 'Not yet' },
        ]}
      />
    </Card>
  );
}

type LedgerLine = StaffOrder['ledger'][number];

/** How a payment was applied, in one line. */
function appliedText(applied: LedgerLine['applied']): string {
  if (!applied) return '';
  const parts = [
    applied.bookedChargesMinor ? `booked charges ${formatMoney(applied.bookedChargesMinor)}` : '',
    `to charges ${formatMoney(applied.toChargesMinor)}`,
    `to instalments ${formatMoney(applied.toInstalmentsMinor)}`,
    applied.unappliedMinor ? `not applied ${formatMoney(applied.unappliedMinor)}` : '',
  ].filter(Boolean);
  return `${parts.join(', ')} (${applied.outcome})`;
}

function Ledger({ order }: { order: StaffOrder }) {
  return (
    <Card title={sectionTitle('Ledger')}>
      <Table<LedgerLine>
        size="small"
        rowKey={(line) => `${line.at}-${line.kind}-${line.reference}-${line.amountMinor}`}
        pagination={false}
        dataSource={order.ledger}
        scroll={{ x: 900 }}
        columns={[
          { title: 'When', dataIndex: 'at', render: formatDateTime },
          { title: 'What', dataIndex: 'description' },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Channel', dataIndex: 'channel' },
          { title: 'How it was applied', dataIndex: 'applied', render: appliedText },
        ]}
      />
    </Card>
  );
}

type PayCodeLine = StaffOrder['payCodes'][number];

const PROVIDER_VOID_TEXT: Record<NonNullable<PayCodeLine['voided']>['atProvider'], string> = {
  'not asked': 'the provider was not asked yet',
  done: 'voided at the provider too',
  refused: 'the provider refused to void it',
  'not supported': 'the provider cannot void it',
  failed: 'the provider could not be asked',
};

/** Why a code was voided and what the provider said, in one line. */
function voidedText(voided: PayCodeLine['voided']): string {
  if (!voided) return '';
  return `Voided: ${voided.reason}; ${PROVIDER_VOID_TEXT[voided.atProvider]}${voided.detail ? ` (${voided.detail})` : ''}`;
}

function PayCodes({ order }: { order: StaffOrder }) {
  return (
    <Card title={sectionTitle('Pay codes')}>
      <Table<PayCodeLine>
        size="small"
        rowKey={(code) => `${code.channelNumber}-${code.code}`}
        pagination={false}
        dataSource={order.payCodes}
        scroll={{ x: 900 }}
        locale={{ emptyText: <EmptyText>No pay code was issued.</EmptyText> }}
        columns={[
          { title: 'Code', dataIndex: 'code' },
          { title: 'Channel', dataIndex: 'channelName' },
          { title: 'For', dataIndex: 'purpose', render: (p: string) => (p === 'rollover' ? 'Rollover' : p === 'cancel' ? 'Cooling-off cancellation' : 'Repayment') },
          { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
          { title: 'State', dataIndex: 'status' },
          { title: 'Issued', dataIndex: 'createdAt', render: formatDateTime },
          { title: 'Expires', dataIndex: 'expiresAt', render: formatDateTime },
          { title: 'Paid', dataIndex: 'paidAt', render: formatDateTime },
          { title: 'Note', dataIndex: 'voided', render: voidedText },
        ]}
      />
    </Card>
  );
}

function Confirmed({ order }: { order: StaffOrder }) {
  const { lang, disclosure, agreements } = order.confirmed;
  const items = [
    ...(disclosure
      ? [
          {
            key: 'disclosure',
            label: disclosure.title,
            children: (
              <>
                <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
                  <Descriptions.Item label="Amount financed">
                    <Money minor={disclosure.amountFinanced} />
                  </Descriptions.Item>
                  {disclosure.financeCharges.map((charge) => (
                    <Descriptions.Item key={charge.text} label={charge.text}>
                      <Money minor={charge.amount} />
                    </Descriptions.Item>
                  ))}
                  <Descriptions.Item label="Total finance charge">
                    <Money minor={disclosure.totalFinanceCharge} />
                  </Descriptions.Item>
                  <Descriptions.Item label="Net proceeds">
                    <Money minor={disclosure.netProceeds} />
                  </Descriptions.Item>
                  <Descriptions.Item label="Total of payments">
                    <Money minor={disclosure.totalOfPayments} />
                  </Descriptions.Item>
                  <Descriptions.Item label="Effective rate a month">{formatBasisPoints(disclosure.eirMonthlyBp)}</Descriptions.Item>
                  <Descriptions.Item label="Effective rate a year">{formatBasisPoints(disclosure.eirAnnualBp)}</Descriptions.Item>
                  {disclosure.aprBp !== null && <Descriptions.Item label="Annual percentage rate">{formatBasisPoints(disclosure.aprBp)}</Descriptions.Item>}
                  {/* The SEC cap the borrower was shown (docs/loan-terms.md), in the same words. */}
                  {disclosure.costCap &&
                    costCapRows(disclosure.costCap, formatMoney).map((row) => (
                      <Descriptions.Item key={row.text} label={row.text}>
                        {row.value}
                      </Descriptions.Item>
                    ))}
                </Descriptions>
                <Table
                  size="small"
                  style={{ marginTop: 12 }}
                  rowKey="pay_time"
                  pagination={false}
                  dataSource={disclosure.schedule}
                  columns={[
                    { title: 'Payment date', dataIndex: 'pay_time' },
                    { title: 'Amount', dataIndex: 'amount', align: 'right', render: (m: number) => <Money minor={m} /> },
                  ]}
                />
              </>
            ),
          },
        ]
      : []),
    ...agreements.map((agreement) => ({
      key: `agreement-${agreement.position}`,
      // Each agreement is kept in the language it was confirmed in: the lender's translation, else English.
      label: lang === 'en' && agreement.lang === 'en' ? agreement.title : `${agreement.title} (${LANG_NAMES[agreement.lang]})`,
      children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', maxHeight: 480, overflow: 'auto' }}>{agreement.body}</Typography.Paragraph>,
    })),
  ];
  return (
    <Card title={sectionTitle('What the borrower confirmed')}>
      {/* The back office is in English; the borrower may have read the disclosure in another language (docs/i18n.md). */}
      {disclosure && (
        <Typography.Paragraph>
          Confirmed in <strong>{LANG_NAMES[lang]}</strong>. The disclosure is kept in {LANG_NAMES[lang]}
          {lang === 'en' ? '.' : "; each agreement in the language beside its title (the lender's translation where it keeps one, else English)."}
        </Typography.Paragraph>
      )}
      {items.length ? <Collapse items={items} /> : <Typography.Paragraph>Nothing was recorded for this order.</Typography.Paragraph>}
    </Card>
  );
}
