/**
 * Send a template: one of the lender's approved templates, each shown as the server filled it for
 * this order with the language it is written in, sent by SMS if the contact guard allows. The
 * borrower's language is named, and a template in another is pointed out. There is deliberately no
 * box for free text: a collector can send a borrower only what an admin approved.
 */
import { Alert, App, Button, Form, Radio, Tag, Typography } from 'antd';
import { useState } from 'react';
import { LANG_NAMES } from '@cashloan/contract/i18n';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import type { sendTemplateCall } from '@cashloan/contract/staff/collections';
import { useSendTemplate, type CollectionOrder } from './api.ts';
import { Refusal, WriteFailure } from './Refusal.tsx';
import { Section } from '../../shared/ui/Section.tsx';

type Sent = StaffAnswerOf<typeof sendTemplateCall>;

export function TemplateSection({ data }: { data: CollectionOrder }) {
  const { message } = App.useApp();
  const send = useSendTemplate();
  const [templateId, setTemplateId] = useState<number | undefined>();
  const [answer, setAnswer] = useState<Sent | null>(null);
  const { order, templates } = data;
  const picked = templates.find((t) => t.id === templateId);

  if (templates.length === 0) {
    return (
      <Section title="Send a template">
        <Typography.Paragraph style={{ margin: 0 }}>No approved template for this market yet: an admin adds them under Collection templates.</Typography.Paragraph>
      </Section>
    );
  }
  const submit = () => {
    if (templateId === undefined) return;
    setAnswer(null);
    send.mutate(
      { id: order.orderId, templateId },
      {
        onSuccess: (sent) => {
          setAnswer(sent);
          if (sent.allowed) void message.success('The SMS was sent.');
        },
      },
    );
  };

  return (
    <Section title="Send a template">
      {order.borrowerLang && (
        <Typography.Paragraph>
          The borrower reads <Typography.Text strong>{LANG_NAMES[order.borrowerLang]}</Typography.Text> (the language of their latest visit to the app).
        </Typography.Paragraph>
      )}
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label="Template (as the borrower will read it)" required>
          <Radio.Group
            aria-label="Template"
            value={templateId}
            onChange={(e) => setTemplateId(e.target.value as number)}
            style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
            options={templates.map((t) => ({
              value: t.id,
              label: (
                <span>
                  <Typography.Text strong>{t.name}</Typography.Text> <Tag>{LANG_NAMES[t.lang]}</Tag>
                  <span style={{ display: 'block', whiteSpace: 'pre-wrap' }}>{t.text}</span>
                </span>
              ),
            }))}
          />
        </Form.Item>
        {picked && order.borrowerLang && picked.lang !== order.borrowerLang && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={`This template is in ${LANG_NAMES[picked.lang]}; the borrower reads ${LANG_NAMES[order.borrowerLang]}.`}
            description={templates.some((t) => t.lang === order.borrowerLang) ? `A template in ${LANG_NAMES[order.borrowerLang]} is listed above.` : undefined}
          />
        )}
        <Button type="primary" htmlType="submit" disabled={templateId === undefined} loading={send.isPending}>
          Send SMS
        </Button>
      </Form>
      <div style={{ marginTop: 12 }}>
        <WriteFailure error={send.error} title="The SMS was not sent" />
        {answer && !answer.allowed && <Refusal decision={answer} market={order.market} />}
        {answer?.allowed && <Alert type="success" showIcon title={answer.message} description={answer.text ? `Sent: ${answer.text}` : undefined} />}
      </div>
    </Section>
  );
}
