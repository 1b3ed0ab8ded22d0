/**
 * The collections lead's assignment: the selected orders to one collector, or every unassigned order
 * of the bucket on screen to the collectors in turn (fewest held first). The server's answer is said
 * ("Assigned 3 orders") and the queue loads again; a refusal is shown beside the buttons.
 */
import { Alert, App, Button, Flex, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import type { collectorsCall } from '@cashloan/contract/staff/collections';
import { useAssign, useRoundRobin } from './api.ts';
import { assignedText } from './format.ts';

type Collector = StaffAnswerOf<typeof collectorsCall>['collectors'][number];

export function LeadActions({ selectedIds, bucket, collectors, onAssigned }: { selectedIds: number[]; bucket: string | undefined; collectors: Collector[]; onAssigned: () => void }) {
  const { message } = App.useApp();
  const assign = useAssign();
  const roundRobin = useRoundRobin();
  const [collectorId, setCollectorId] = useState<number | undefined>();
  const failed = assign.error ?? roundRobin.error;
  const done = ({ assigned }: { assigned: number }) => void message.success(`${assignedText(assigned)}.`);

  return (
    <Flex vertical gap={8} style={{ marginBottom: 16 }}>
      <Flex wrap gap={16} align="center">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label="Assign to" htmlFor="queue-assign-to" style={{ marginInlineEnd: 8 }}>
            <Select<number>
              id="queue-assign-to"
              placeholder="Choose a collector"
              value={collectorId}
              onChange={setCollectorId}
              style={{ width: 240 }}
              options={collectors.map((c) => ({ value: c.id, label: `${c.name} (${c.assigned})` }))}
            />
          </Form.Item>
          <Button
            type="primary"
            disabled={selectedIds.length === 0 || collectorId === undefined}
            loading={assign.isPending}
            onClick={() => {
              roundRobin.reset();
              if (collectorId !== undefined)
                assign.mutate(
                  { orderIds: selectedIds, collectorId },
                  {
                    onSuccess: (answer) => {
                      done(answer);
                      onAssigned();
                    },
                  },
                );
            }}
          >
            Assign selected
          </Button>
        </Form>
        <Button
          loading={roundRobin.isPending}
          onClick={() => {
            assign.reset();
            roundRobin.mutate({ bucket }, { onSuccess: done });
          }}
        >
          Round-robin unassigned
        </Button>
      </Flex>
      <Typography.Text type="secondary">
        {selectedIds.length === 0
          ? `Select orders to assign them, or share every unassigned order${bucket ? ` of ${bucket} days` : ''} among the collectors.`
          : `${selectedIds.length} selected.`}
      </Typography.Text>
      {failed && <Alert type="error" showIcon title="Not assigned" description={failed.message} />}
    </Flex>
  );
}
