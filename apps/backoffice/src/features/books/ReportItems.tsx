/**
 * A report's items: the report's line (or none: booked, not in the report), the reference and type, its state,
 * the amounts and fees of the report and of the books, the order, and what finance did about it; an
 * open item (neither matched nor resolved) offers Resolve.
 */
import { Button, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ITEM_STATE_TITLES, LINE_TYPE_TITLES, RESOLUTION_TITLES, itemName, type ItemState, type ReconciliationItem } from '@cashloan/contract/staff/books';
import { formatDateTime } from '../../shared/format.ts';
import { orderPath } from '../../shared/paths.ts';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import { Money } from '../../shared/ui/Money.tsx';
import { ResolveDialog } from './ResolveDialog.tsx';

const none = <Typography.Text type="secondary">—</Typography.Text>;
const isOpen = (item: ReconciliationItem) => item.state !== 'matched' && item.resolution === null;

export function ReportItems({ items }: { items: ReconciliationItem[] }) {
  const [resolving, setResolving] = useState<ReconciliationItem | null>(null);
  const money = (minor: number | null, item: ReconciliationItem) => (minor === null ? none : <Money minor={minor} currency={item.currency} />);
  const outcome = (item: ReconciliationItem) => {
    if (item.resolution !== null) {
      return (
        <span style={{ display: 'inline-block', minWidth: 220 }}>
          <Typography.Text strong>{RESOLUTION_TITLES[item.resolution]}</Typography.Text>
          {item.resolutionNote && `: ${item.resolutionNote}`}
          <br />
          <Typography.Text type="secondary">{`${item.resolvedBy ?? 'Unknown'}${item.resolvedAt ? `, ${formatDateTime(item.resolvedAt)}` : ''}`}</Typography.Text>
        </span>
      );
    }
    if (!isOpen(item)) return none;
    return (
      <Button aria-label={`Resolve ${itemName(item)}`} onClick={() => setResolving(item)}>
        Resolve
      </Button>
    );
  };

  return (
    <>
      <Table<ReconciliationItem>
        size="small"
        rowKey="id"
        dataSource={items}
        pagination={false}
        locale={{ emptyText: <EmptyText>The report has no items.</EmptyText> }}
        scroll={{ x: 1300 }}
        columns={[
          { title: 'Line', dataIndex: 'lineNo', render: (n: number | null) => n ?? none },
          { title: 'Reference', dataIndex: 'reference' },
          { title: 'Type', dataIndex: 'type', render: (t: ReconciliationItem['type']) => LINE_TYPE_TITLES[t] },
          { title: 'State', dataIndex: 'state', render: (s: ItemState) => <Tag>{ITEM_STATE_TITLES[s]}</Tag> },
          { title: 'Report amount', dataIndex: 'reportAmountMinor', align: 'right', render: money },
          { title: 'Report fee', dataIndex: 'reportFeeMinor', align: 'right', render: money },
          { title: 'Booked amount', dataIndex: 'bookedAmountMinor', align: 'right', render: money },
          { title: 'Booked fee', dataIndex: 'bookedFeeMinor', align: 'right', render: money },
          { title: 'Order no', dataIndex: 'orderNo', render: (no: string | null, item) => (item.orderId === null ? none : <Link to={orderPath(item.orderId)}>{no ?? `#${item.orderId}`}</Link>) },
          { title: 'Resolution', key: 'resolution', render: (_, item) => outcome(item) },
        ]}
      />
      {resolving && <ResolveDialog item={resolving} onClose={() => setResolving(null)} />}
    </>
  );
}
