/**
 * The Philippines: the borrower's express consent to be contacted outside 06:00–22:00 Manila time
 * (SEC MC 18 s2019), recorded with its time, or withdrawn. Confirmed first: it changes what the
 * contact guard allows.
 */
import { App, Button, Popconfirm, Typography } from 'antd';
import { useHoursConsent, type CollectionOrder } from './api.ts';
import { formatMarketTime } from './format.ts';
import { WriteFailure } from './Refusal.tsx';
import { Section } from '../../shared/ui/Section.tsx';

export function HoursConsentSection({ data }: { data: CollectionOrder }) {
  const { message } = App.useApp();
  const consent = useHoursConsent();
  const { order } = data;
  const given = order.hoursConsentAt !== null;
  const record = () =>
    consent.mutate({ id: order.orderId, given: !given }, { onSuccess: () => void message.success(given ? 'Consent withdrawn.' : 'Consent recorded.') });

  return (
    <Section title="Consent to other hours">
      <Typography.Paragraph>
        {given ? `Given: ${formatMarketTime(order.hoursConsentAt, order.market)}.` : 'Not given.'} Without it, contact is allowed only from 06:00 to 22:00 Manila time
        (unless the account is more than 15 days past due).
      </Typography.Paragraph>
      <Popconfirm
        title={given ? 'Withdraw the consent?' : 'Record the consent?'}
        description={given ? 'Contact goes back to 06:00–22:00 Manila time.' : 'Record only what the borrower expressly said: contact outside 06:00–22:00 becomes allowed.'}
        okText={given ? 'Withdraw consent' : 'Record consent'}
        cancelText="Cancel"
        onConfirm={record}
      >
        <Button loading={consent.isPending}>{given ? 'Withdraw consent' : 'Record consent given'}</Button>
      </Popconfirm>
      <div style={{ marginTop: 8 }}>
        <WriteFailure error={consent.error} title="The consent was not changed" />
      </div>
    </Section>
  );
}
