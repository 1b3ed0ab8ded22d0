/**
 * An order's payouts (money out, issue 36): each attempt with its reference, amount, account, state,
 * who approved and who released it, when it arrived, and why the bank refused or returned it; and for
 * an approved order with none on its way, Release: confirmed in a dialog naming the amount and the
 * account. A finance user who approved the order (or an order with no bound account) sees why there is
 * no Release for them; the server refuses them too.
 */
import { Alert, App, Button, Card, Modal, Space, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { PAYOUT_STATUS_TITLES, type StaffOrder, type StaffPayout } from '@cashloan/contract/staff/orders';
import { formatDateTime, formatMoney } from '../../shared/format.ts';
import { Money } from '../../shared/ui/Money.tsx';
import { useReleaseOrder } from './api.ts';

const person = (p: { name: string } | null) => p?.name ?? 'the dev API';
const account = (p: Pick<StaffPayout, 'account'>) => `${p.account.bankName} ****${p.account.last4}`;

export function OrderPayouts({ order, title, mayRelease }: { order: StaffOrder; title: ReactNode; mayRelease: boolean }) {
  const { message } = App.useApp();
  const release = useReleaseOrder();
  const [confirming, setConfirming] = useState(false);
  const { payouts, payoutAccount } = order;
  const offer = payouts.release;
  const target = payoutAccount ? `${payoutAccount.bankName} ****${payoutAccount.cardNo.replace(/\D/g, '').slice(-4)}` : '';
  const send = () =>
    release.mutate(
      { id: order.order.id },
      {
        onSuccess: ({ payout }) => {
          setConfirming(false);
          void message.success(`Release sent: ${payout.reference} is ${PAYOUT_STATUS_TITLES[payout.status].toLowerCase()}.`);
        },
        onError: () => setConfirming(false),
      },
    );

  return (
    <Card title={title}>
      <Typography.Paragraph>{`The net proceeds the borrower confirmed go to the bound account through the payout provider; the order starts repaying when the money arrives. Up to ${formatMoney(payouts.dailyLimitMinor)} may be released a day.`}</Typography.Paragraph>
      {mayRelease && offer && (
        <Space wrap align="center" style={{ marginBottom: 16 }}>
          <Button type="primary" disabled={offer.blockedBy !== null} aria-describedby={offer.blockedBy ? 'release-blocked' : undefined} onClick={() => setConfirming(true)} loading={release.isPending}>
            Release
          </Button>
          {offer.blockedBy ? <Typography.Text id="release-blocked">{offer.blockedBy}</Typography.Text> : <Typography.Text>{`Sends ${formatMoney(offer.amountMinor)} to ${target}.`}</Typography.Text>}
        </Space>
      )}
      {release.isError && <Alert type="error" showIcon title="The server refused" description={release.error.message} style={{ marginBottom: 16 }} />}
      {payouts.items.length > 0 ? (
        <Table<StaffPayout>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={payouts.items}
          scroll={{ x: 900 }}
          columns={[
            { title: 'Attempt', dataIndex: 'attempt' },
            { title: 'Reference', dataIndex: 'reference' },
            { title: 'Amount', dataIndex: 'amountMinor', align: 'right', render: (m: number) => <Money minor={m} /> },
            { title: 'Account', key: 'account', render: (_, p) => account(p) },
            { title: 'State', dataIndex: 'status', render: (s: StaffPayout['status']) => PAYOUT_STATUS_TITLES[s] },
            { title: 'Approved by', dataIndex: 'approvedBy', render: person },
            { title: 'Released by', dataIndex: 'releasedBy', render: person },
            { title: 'Released', dataIndex: 'releasedAt', render: formatDateTime },
            { title: 'Arrived', dataIndex: 'paidAt', render: (at: string | null) => (at ? formatDateTime(at) : '') },
            { title: 'Why refused or returned', dataIndex: 'failureReason', render: (text: string | null) => text ?? '' },
          ]}
        />
      ) : (
        <Typography.Paragraph>No payout has been made for this order.</Typography.Paragraph>
      )}
      <Modal
        open={confirming}
        title={`Release order ${order.order.orderNo}?`}
        okText="Send the money"
        cancelText="Cancel"
        onOk={send}
        onCancel={() => setConfirming(false)}
        confirmLoading={release.isPending}
        destroyOnHidden
      >
        {offer && <Typography.Paragraph>{`Send ${formatMoney(offer.amountMinor)} to ${target}? The provider pays it out now; it cannot be taken back from here.`}</Typography.Paragraph>}
      </Modal>
    </Card>
  );
}
