/**
 * Records a breach: what happened and when it was found (Manila time, not in the future), the words
 * every notice carries (short: they go by SMS too), the fuller account for the report, and the query
 * choosing the affected borrowers. Recorded, it opens the breach's page, where its borrowers are told.
 */
import { Alert, App, Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { BREACH_TEXT_MAX, recordBreachCall } from '@cashloan/contract/staff/breaches';
import { zodRule } from '../../shared/form-rules.ts';
import { marketDay } from '../../shared/format.ts';
import { breachPath } from '../../shared/paths.ts';
import { Section } from '../../shared/ui/Section.tsx';
import { AffectedQueryFields, queryInput, type QueryValues } from './AffectedQueryFields.tsx';
import { useRecordBreach } from './api.ts';
import { manilaIso } from './format.ts';

type Words = 'whatHappened' | 'dataInvolved' | 'measuresTaken' | 'borrowerCanDo' | 'contact' | 'details';
type Values = QueryValues & Record<Words, string> & { discoveredAt: Dayjs };

const FOUND_FORMAT = 'YYYY-MM-DD HH:mm';
const shape = recordBreachCall.input.shape;
/** The notice's words: each with its label, its limit and whether the field is a line or a box. */
const WORDS: ReadonlyArray<{ name: Exclude<Words, 'details' | 'whatHappened'>; label: string; box: boolean; missing: string }> = [
  { name: 'dataInvolved', label: 'Personal data involved', box: false, missing: 'Say which personal data was involved.' },
  { name: 'measuresTaken', label: 'What we did', box: true, missing: 'Say what we did about it.' },
  { name: 'borrowerCanDo', label: 'What the borrower can do', box: true, missing: 'Say what the borrower can do.' },
  { name: 'contact', label: 'Whom to contact', box: false, missing: 'Say whom the borrower can contact.' },
];

export function RecordBreachForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const record = useRecordBreach();
  const [form] = Form.useForm<Values>();
  const today = marketDay('PHP');

  const submit = (v: Values) =>
    record.mutate(
      {
        whatHappened: v.whatHappened,
        dataInvolved: v.dataInvolved,
        measuresTaken: v.measuresTaken,
        borrowerCanDo: v.borrowerCanDo,
        contact: v.contact,
        details: v.details ?? '',
        discoveredAt: manilaIso(v.discoveredAt.format('YYYY-MM-DDTHH:mm')),
        query: queryInput(v),
      },
      {
        onSuccess: (breach) => {
          void message.success(`Breach ${breach.refNo} recorded.`);
          void navigate(breachPath(breach.id));
        },
      },
    );

  const text = (name: Words, missing?: string) => [...(missing ? [{ required: true, whitespace: true, message: missing }] : []), zodRule(shape[name])];
  return (
    <Section title="Record a breach">
      <Form<Values> form={form} name="record-breach" layout="vertical" requiredMark={false} onFinish={submit} initialValues={{ kind: 'bound-account-between' }} style={{ maxWidth: 760 }}>
        <Form.Item label="What happened" name="whatHappened" validateFirst rules={text('whatHappened', 'Say what happened.')} extra="In plain words: every affected borrower reads it, in the app and by SMS.">
          <Input.TextArea rows={2} maxLength={BREACH_TEXT_MAX.whatHappened} showCount />
        </Form.Item>
        <Form.Item label="When it was found (Manila)" name="discoveredAt" htmlFor="breach-found" rules={[{ required: true, message: 'Choose when the breach was found.' }]}>
          <DatePicker id="breach-found" showTime={{ format: 'HH:mm' }} format={FOUND_FORMAT} disabledDate={(d) => d.format('YYYY-MM-DD') > today} />
        </Form.Item>
        {WORDS.map(({ name, label, box, missing }) => (
          <Form.Item key={name} label={label} name={name} validateFirst rules={text(name, missing)}>
            {box ? <Input.TextArea rows={2} maxLength={BREACH_TEXT_MAX[name]} showCount /> : <Input maxLength={BREACH_TEXT_MAX[name]} showCount />}
          </Form.Item>
        ))}
        <Form.Item label="Details for the report (optional)" name="details" rules={text('details')} extra="How it happened and its likely consequences: for the NPC / Data Protection Board only, never sent to borrowers.">
          <Input.TextArea rows={4} maxLength={BREACH_TEXT_MAX.details} />
        </Form.Item>
        <AffectedQueryFields form={form} />
        {record.error && <Alert type="error" role="alert" showIcon title="The breach was not recorded" description={record.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={record.isPending}>
          Record breach
        </Button>
      </Form>
    </Section>
  );
}
