/**
 * Close the day: confirmed first, naming the provider and the day. While items are open the button is
 * disabled and says why; once closed, "Closed". The server's refusal (a missing report, an item
 * opened meanwhile) is shown as it comes.
 */
import { Alert, App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ProviderReport } from '@cashloan/contract/staff/books';
import { useCloseDay } from './api.ts';

const openText = (n: number) => (n === 1 ? '1 item is open: resolve it first.' : `${n} items are open: resolve them first.`);

export function CloseDay({ report }: { report: ProviderReport }) {
  const { message } = App.useApp();
  const close = useCloseDay();
  const { provider, reportDay: day } = report;
  if (report.closed) {
    return (
      <Typography.Paragraph>
        <Tag>Closed</Tag> {`${provider}'s day ${day} is closed: it gets no new entries for ${provider}.`}
      </Typography.Paragraph>
    );
  }
  const blocked = report.open > 0;
  return (
    <Flex vertical gap={8}>
      <Flex wrap gap={8} align="center">
        {blocked ? (
          <Button disabled aria-describedby="close-day-blocked">
            Close the day
          </Button>
        ) : (
          <Popconfirm
            title={`Close ${provider}'s day ${day}?`}
            description={`No new entries can be booked for ${provider} on ${day} once it is closed.`}
            okText="Close the day"
            cancelText="Cancel"
            onConfirm={() => close.mutate({ provider, day }, { onSuccess: () => void message.success(`${provider}'s day ${day} is closed.`) })}
          >
            <Button type="primary" loading={close.isPending}>
              Close the day
            </Button>
          </Popconfirm>
        )}
        {blocked && <Typography.Text id="close-day-blocked">{openText(report.open)}</Typography.Text>}
      </Flex>
      {close.isError && <Alert type="error" showIcon title="The day was not closed" description={close.error.message} />}
    </Flex>
  );
}
