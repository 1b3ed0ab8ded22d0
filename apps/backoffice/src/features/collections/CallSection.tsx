/**
 * Call: the collector says whom they will call and asks the contact guard before dialling. Allowed,
 * the attempt is recorded and its outcome is saved next; refused, the reason and the next allowed time
 * are shown (the refusal is recorded too). Nothing here dials: the collector dials the number shown.
 */
import { App, Button, Flex, Form, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { CALL_OUTCOME_TITLES, CALL_OUTCOMES, CONTACT_PARTIES, CONTACT_PARTY_TITLES, type CallOutcome } from '@cashloan/contract/staff/collections';
import { useCallOutcome, useStartCall, type CollectionOrder, type ContactDecision } from './api.ts';
import { Refusal, WriteFailure } from './Refusal.tsx';
import { Section } from '../../shared/ui/Section.tsx';

type Party = (typeof CONTACT_PARTIES)[number];

export function CallSection({ data }: { data: CollectionOrder }) {
  const { message } = App.useApp();
  const start = useStartCall();
  const save = useCallOutcome();
  const [party, setParty] = useState<Party>('borrower');
  const [decision, setDecision] = useState<(ContactDecision & { party: Party }) | null>(null);
  const [outcome, setOutcome] = useState<CallOutcome | undefined>();
  const { order } = data;

  const ask = () => {
    save.reset();
    setDecision(null);
    start.mutate(
      { id: order.orderId, party },
      {
        onSuccess: (answer) => {
          setDecision({ ...answer, party });
          setOutcome(undefined);
        },
      },
    );
  };
  const saveOutcome = (attemptId: number, chosen: CallOutcome) =>
    save.mutate(
      { id: attemptId, outcome: chosen },
      {
        onSuccess: () => {
          void message.success(`Outcome saved: ${CALL_OUTCOME_TITLES[chosen]}.`);
          setDecision(null);
        },
      },
    );

  return (
    <Section title="Call">
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }} onFinish={ask}>
        <Form.Item label="Who will you call?" htmlFor="call-party">
          <Select<Party> id="call-party" value={party} onChange={setParty} style={{ width: 300 }} options={CONTACT_PARTIES.map((p) => ({ value: p, label: CONTACT_PARTY_TITLES[p] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={start.isPending}>
          Ask to call
        </Button>
      </Form>
      <WriteFailure error={start.error} title="Could not ask the contact guard" />
      {decision && !decision.allowed && <Refusal decision={decision} market={order.market} />}
      {decision?.allowed && decision.attemptId !== null && (
        <Flex vertical gap={12}>
          <Typography.Text strong role="status">
            {decision.party === 'borrower' ? `Allowed: dial ${order.phone} now` : `Allowed: call ${CONTACT_PARTY_TITLES[decision.party].toLowerCase()} now`}
          </Typography.Text>
          {decision.message && <Typography.Text type="secondary">{decision.message}</Typography.Text>}
          <Form layout="vertical" onFinish={() => outcome && saveOutcome(decision.attemptId!, outcome)}>
            <Form.Item label="Outcome of the call" required>
              <Radio.Group aria-label="Outcome of the call" value={outcome} onChange={(e) => setOutcome(e.target.value as CallOutcome)} options={CALL_OUTCOMES.map((o) => ({ value: o, label: CALL_OUTCOME_TITLES[o] }))} />
            </Form.Item>
            <Button type="primary" htmlType="submit" disabled={!outcome} loading={save.isPending}>
              Save outcome
            </Button>
          </Form>
          <WriteFailure error={save.error} title="The outcome was not saved" />
        </Flex>
      )}
    </Section>
  );
}
