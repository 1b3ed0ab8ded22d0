/** What happened on an order so far, read only: the complaints about its collection, every contact made or refused, and when the next is allowed. */
import { Table, Tag, Typography } from 'antd';
import { CONTACT_PARTY_TITLES } from '@cashloan/contract/staff/collections';
import { EmptyText } from '../../shared/ui/EmptyText.tsx';
import type { CollectionOrder } from './api.ts';
import { formatMarketTime, outcomeTitle } from './format.ts';
import { Section } from '../../shared/ui/Section.tsx';
import { TableCaption } from './TableCaption.tsx';

type Attempt = CollectionOrder['attempts'][number];
type Complaint = CollectionOrder['complaints'][number];
type Next = CollectionOrder['next']['call'];

const CHANNEL_TITLES: Record<Attempt['channel'], string> = { call: 'Call', sms: 'SMS', email: 'E-mail' };

/** A message as a sentence: ends with a full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

export function NextContact({ data }: { data: CollectionOrder }) {
  const line = (label: string, next: Next) =>
    next.allowed
      ? `${label}: allowed now`
      : [`${label}: ${sentence(next.message ?? 'not allowed now')}`, next.nextAllowedAt && `Next allowed: ${formatMarketTime(next.nextAllowedAt, data.order.market)}`].filter(Boolean).join(' ');
  return (
    <Section title="Next contact">
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        <li>{line('Calls', data.next.call)}</li>
        <li>{line('Messages', data.next.sms)}</li>
      </ul>
    </Section>
  );
}

export function CollectionComplaints({ data }: { data: CollectionOrder }) {
  return (
    <Section title="Complaints about collection">
      <Table<Complaint>
        size="small"
        rowKey="ticketNo"
        caption={<TableCaption>Collection complaints about this order</TableCaption>}
        pagination={false}
        dataSource={data.complaints}
        locale={{ emptyText: <EmptyText>No complaint about collection.</EmptyText> }}
        columns={[
          { title: 'Ticket no', dataIndex: 'ticketNo' },
          { title: 'Against', dataIndex: 'against' },
          { title: 'Filed', dataIndex: 'createdAt', render: (at: string) => formatMarketTime(at, data.order.market) },
          {
            title: 'Answer',
            dataIndex: 'answered',
            render: (answered: boolean) =>
              answered ? (
                'Answered'
              ) : (
                <span>
                  <Tag>Waiting for an answer</Tag>
                  <Typography.Text>This collector&apos;s contacts are stopped until it is answered.</Typography.Text>
                </span>
              ),
          },
        ]}
      />
    </Section>
  );
}

export function ContactHistory({ data }: { data: CollectionOrder }) {
  const at = (iso: string | null) => formatMarketTime(iso, data.order.market);
  return (
    <Section title="Contact history">
      <Table<Attempt>
        size="small"
        rowKey="id"
        caption={<TableCaption>Every contact made or refused</TableCaption>}
        pagination={false}
        dataSource={data.attempts}
        locale={{ emptyText: <EmptyText>No contact yet.</EmptyText> }}
        columns={[
          { title: 'Time', dataIndex: 'at', render: at },
          { title: 'Channel', dataIndex: 'channel', render: (c: Attempt['channel']) => CHANNEL_TITLES[c] },
          { title: 'Party', dataIndex: 'party', render: (p: Attempt['party']) => CONTACT_PARTY_TITLES[p] },
          { title: 'By', dataIndex: 'by' },
          {
            title: 'Guard',
            dataIndex: 'allowed',
            render: (allowed: boolean, row) =>
              allowed ? (
                <Tag>Allowed</Tag>
              ) : (
                <span>
                  <Tag>Refused</Tag>
                  {[row.refusal, row.nextAllowedAt && `Next allowed: ${at(row.nextAllowedAt)}`].filter(Boolean).join('. ')}
                </span>
              ),
          },
          { title: 'Outcome', dataIndex: 'outcome', render: outcomeTitle },
          { title: 'Text', dataIndex: 'text', render: (text: string | null) => (text ? <span style={{ display: 'inline-block', minWidth: 240, whiteSpace: 'pre-wrap' }}>{text}</span> : null) },
        ]}
      />
    </Section>
  );
}
