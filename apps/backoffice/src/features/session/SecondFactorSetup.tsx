/**
 * Setting up the TOTP second factor: a new secret as a QR code and as text to type, confirmed with a
 * code from the app. The answer (recovery codes and the new session state) goes to the parent, which
 * shows the codes (RecoveryCodes) before anything else.
 */
import { Alert, Button, Form, Input, QRCode, Space, Typography } from 'antd';
import type { StaffAnswerOf } from '@cashloan/contract/staff/common';
import { secondFactorConfirmCall } from '@cashloan/contract/staff/session';
import { zodRule } from '../../shared/form-rules.ts';
import { useConfirmSecondFactor, useStartSecondFactorSetup } from './api.ts';

export type SecondFactorConfirmed = StaffAnswerOf<typeof secondFactorConfirmCall>;

/** The secret in groups of four, as authenticator apps ask for it to be typed. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function SecondFactorSetup({ onConfirmed }: { onConfirmed: (answer: SecondFactorConfirmed) => void }) {
  const start = useStartSecondFactorSetup();
  const confirm = useConfirmSecondFactor();

  if (!start.data) {
    return (
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Paragraph>
          You will need an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password). It shows a new 6-digit code every 30 seconds.
        </Typography.Paragraph>
        {start.isError && <Alert type="error" showIcon title={start.error.message} />}
        <Button type="primary" onClick={() => start.mutate()} loading={start.isPending}>
          Begin the set-up
        </Button>
      </Space>
    );
  }

  const { secret, otpauthUrl } = start.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph>1. Scan this QR code with your authenticator app.</Typography.Paragraph>
      <figure style={{ margin: 0 }}>
        <QRCode value={otpauthUrl} size={184} />
        <figcaption>
          <Typography.Text type="secondary">QR code of your new second factor</Typography.Text>
        </figcaption>
      </figure>
      <Typography.Paragraph>
        Or type this key into the app: <Typography.Text code copyable={{ text: secret }} data-testid="totp-secret">{grouped(secret)}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>2. Enter the 6-digit code the app now shows.</Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={(values: { code: string }) => confirm.mutate(values, { onSuccess: onConfirmed })}>
        <Form.Item label="Code from the app" name="code" rules={[zodRule(secondFactorConfirmCall.input.shape.code)]}>
          <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} style={{ maxWidth: 200 }} />
        </Form.Item>
        {confirm.isError && <Alert type="error" showIcon title={confirm.error.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          Turn on the second factor
        </Button>
      </Form>
    </Space>
  );
}

/** The recovery codes, shown this once, with a clear way on once they are kept safe. */
export function RecoveryCodes({ codes, onContinue }: { codes: readonly string[]; onContinue: () => void }) {
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now"
        description="Each one signs you in once if you lose your phone. They are shown only this once: print them or keep them in a password manager."
      />
      <ol aria-label="Recovery codes" data-testid="recovery-codes" style={{ fontFamily: 'monospace', fontSize: 16, columns: 2 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Typography.Text copyable={{ text: codes.join('\n'), tooltips: ['Copy all codes', 'Copied'] }}>Copy all codes</Typography.Text>
      <Button type="primary" onClick={onContinue}>
        I have saved them, continue
      </Button>
    </Space>
  );
}
