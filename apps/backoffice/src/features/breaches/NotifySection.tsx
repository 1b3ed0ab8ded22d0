/**
 * Telling the affected borrowers: how many the query chooses now and how many were told, then Notify
 * (confirmed first): each new one gets the notice in the app at once and one SMS; pressed again it
 * tells only newcomers and retries the SMS the gateway refused, never sending one twice.
 */
import { App, Button, Descriptions, Popconfirm, Typography } from 'antd';
import type { BreachRow } from '@cashloan/contract/staff/breaches';
import { formatDateTime } from '../../shared/format.ts';
import { Section } from '../../shared/ui/Section.tsx';
import { WriteFailure } from '../../shared/ui/WriteFailure.tsx';
import { useNotifyBreach } from './api.ts';

const borrowers = (n: number) => `${n} ${n === 1 ? 'borrower' : 'borrowers'}`;

export function NotifySection({ breach, affectedNow }: { breach: BreachRow; affectedNow: number }) {
  const { message } = App.useApp();
  const notify = useNotifyBreach();
  const { notices } = breach;
  const send = () =>
    notify.mutate(breach.id, {
      onSuccess: ({ added, smsSent, smsFailed }) =>
        void message.success(`Notified: ${borrowers(added)} newly told, ${smsSent} SMS sent${smsFailed ? `, ${smsFailed} refused by the gateway (notify again to retry)` : ''}.`),
    });

  return (
    <Section title="Affected borrowers">
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Chosen by its query now">{borrowers(affectedNow)}</Descriptions.Item>
        <Descriptions.Item label="Told">{breach.notifiedAt ? `${borrowers(notices.total)}, from ${formatDateTime(breach.notifiedAt)}` : 'Nobody yet'}</Descriptions.Item>
        <Descriptions.Item label="SMS sent">{notices.smsSent}</Descriptions.Item>
        <Descriptions.Item label="SMS refused or waiting">{notices.smsFailed + notices.smsPending}</Descriptions.Item>
      </Descriptions>
      <Popconfirm
        title="Notify the affected borrowers?"
        description={`Each borrower not told yet gets the notice in the app and by SMS (${borrowers(affectedNow)} chosen now).`}
        okText="Notify"
        cancelText="Cancel"
        onConfirm={send}
      >
        <Button type="primary" loading={notify.isPending}>
          Notify the affected borrowers
        </Button>
      </Popconfirm>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        A borrower already told is never sent the notice twice.
      </Typography.Paragraph>
      {notify.error && (
        <div style={{ marginTop: 16 }}>
          <WriteFailure error={notify.error} title="The borrowers were not notified" />
        </div>
      )}
    </Section>
  );
}
