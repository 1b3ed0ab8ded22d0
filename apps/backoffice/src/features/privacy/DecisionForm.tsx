/**
 * The answer to an open request: approve it, or refuse it with a reason the borrower reads (the form
 * asks for one before sending, as the server would). Approving an erasure carries it out at once
 * (or once the borrower's loans close), so the form says so first. Sent, a message says what happened
 * and the request loads again.
 */
import { Alert, App, Button, Form, Input, Radio } from 'antd';
import { decidePrivacyRequestCall, PRIVACY_DECISIONS } from '@cashloan/contract/staff/privacy';
import { zodRule } from '../../shared/form-rules.ts';
import { useDecidePrivacyRequest } from './api.ts';
import { Section } from '../../shared/ui/Section.tsx';

type Decision = (typeof PRIVACY_DECISIONS)[number];
interface Values {
  decision: Decision;
  reason?: string;
}

const REASON_MAX_CHARS = 500;
const DECISION_TITLES: Record<Decision, string> = { approve: 'Approve', refuse: 'Refuse' };
const DONE: Record<Decision, string> = { approve: 'The request is approved.', refuse: 'The request is refused; the borrower reads your reason.' };

export function DecisionForm({ id, kind }: { id: number; kind: 'correction' | 'erasure' }) {
  const { message } = App.useApp();
  const decide = useDecidePrivacyRequest();
  const [form] = Form.useForm<Values>();

  const submit = ({ decision, reason }: Values) =>
    decide.mutate(
      { id, decision, reason: reason?.trim() ?? '' },
      {
        onSuccess: (answer) => {
          form.resetFields();
          void message.success(answer.state === 'done' ? (answer.kind === 'erasure' ? "Done: the borrower's data is erased." : 'Done: the correction is applied.') : DONE[decision]);
        },
      },
    );

  return (
    <Section title="Answer">
      {kind === 'erasure' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16, maxWidth: 640 }}
          title="Approving erases the borrower's data"
          description="At once when no loan of theirs is open, else as soon as their loans close. It cannot be undone: what the law keeps is sealed until its retention ends."
        />
      )}
      <Form<Values> form={form} name="privacy-decision" layout="vertical" requiredMark={false} onFinish={submit} style={{ maxWidth: 640 }}>
        <Form.Item label="Decision" name="decision" rules={[{ required: true, message: 'Choose approve or refuse.' }]}>
          <Radio.Group aria-label="Decision" options={PRIVACY_DECISIONS.map((d) => ({ value: d, label: DECISION_TITLES[d] }))} />
        </Form.Item>
        <Form.Item
          label="Reason the borrower reads"
          name="reason"
          dependencies={['decision']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (getFieldValue('decision') === 'refuse' && !(typeof value === 'string' && value.trim())) throw new Error('A refusal needs the reason the borrower reads.');
              },
            }),
            zodRule(decidePrivacyRequestCall.input.shape.reason),
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX_CHARS} showCount />
        </Form.Item>
        {decide.error && <Alert type="error" role="alert" showIcon title="The answer was not sent" description={decide.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={decide.isPending}>
          Send the answer
        </Button>
      </Form>
    </Section>
  );
}
