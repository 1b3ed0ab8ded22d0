/**
 * An admin's template form: name, market, the language it is written in (the lines the server adds
 * follow it), body (the placeholders the server fills listed under it), and whether collectors may send it. Checked with the contract's rules first; the server's refusal
 * (a forbidden word, an unknown placeholder) is shown under the form in its words.
 */
import { Alert, App, Button, Card, Flex, Form, Input, Select, Switch, Tag, Typography } from 'antd';
import { LANG_NAMES, LANGS } from '@cashloan/contract/i18n';
import { saveTemplateCall, TEMPLATE_LIMITS, TEMPLATE_MARKETS, type CollectionTemplate } from '@cashloan/contract/staff/collections';
import { zodRule } from '../../shared/form-rules.ts';
import { useSaveTemplate } from './api.ts';
import { MARKET_TITLES } from './format.ts';

interface Values {
  name: string;
  market: CollectionTemplate['market'];
  lang: CollectionTemplate['lang'];
  body: string;
  active: boolean;
}

const { shape } = saveTemplateCall.input;

export function TemplateForm({ template, placeholders, onDone }: { template: CollectionTemplate | null; placeholders: string[]; onDone: () => void }) {
  const { message } = App.useApp();
  const save = useSaveTemplate();
  const [form] = Form.useForm<Values>();
  const initial: Values = template
    ? { name: template.name, market: template.market, lang: template.lang, body: template.body, active: template.active }
    : { name: '', market: 'PH', lang: 'en', body: '', active: true };

  const submit = (values: Values) =>
    save.mutate(
      { ...(template ? { id: template.id } : {}), ...values },
      {
        onSuccess: (saved) => {
          void message.success(`Template ${saved.name} saved.`);
          form.resetFields();
          onDone();
        },
      },
    );

  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{template ? `Edit ${template.name}` : 'New template'}</h2>}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={initial} onFinish={submit} style={{ maxWidth: 720 }}>
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Enter a name.' }, zodRule(shape.name)]}>
          <Input maxLength={TEMPLATE_LIMITS.nameMaxChars} style={{ width: 360 }} />
        </Form.Item>
        <Form.Item label="Market" name="market">
          <Select<CollectionTemplate['market']> style={{ width: 200 }} options={TEMPLATE_MARKETS.map((m) => ({ value: m, label: MARKET_TITLES[m] }))} />
        </Form.Item>
        <Form.Item label="Language" name="lang" extra="The language the body is written in: the lines the server adds (the disputed label, the grievance officer) are sent in it.">
          <Select<CollectionTemplate['lang']> style={{ width: 200 }} options={LANGS.map((l) => ({ value: l, label: LANG_NAMES[l] }))} />
        </Form.Item>
        <Form.Item
          label="Body"
          name="body"
          rules={[{ required: true, message: 'Enter the text.' }, zodRule(shape.body)]}
          extra={
            <Flex wrap gap={4} align="center" style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">The server fills:</Typography.Text>
              {placeholders.map((p) => (
                <Tag key={p}>{`{${p}}`}</Tag>
              ))}
            </Flex>
          }
        >
          <Input.TextArea rows={5} maxLength={TEMPLATE_LIMITS.bodyMaxChars} showCount />
        </Form.Item>
        <Form.Item label="Active (collectors may send it)" name="active" valuePropName="checked">
          <Switch />
        </Form.Item>
        {save.isError && <Alert type="error" role="alert" showIcon title="The template was not saved" description={save.error.message} style={{ marginBottom: 16 }} />}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {template ? 'Save changes' : 'Create template'}
          </Button>
          {template && (
            <Button
              onClick={() => {
                save.reset();
                onDone();
              }}
            >
              Cancel
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}
