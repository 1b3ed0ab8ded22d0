/** The password change: the current (or temporary) password and a new one typed twice. */
import { Alert, Button, Form, Input } from 'antd';
import { STAFF_LIMITS } from '@cashloan/contract/staff/common';
import { changePasswordCall, newPasswordField } from '@cashloan/contract/staff/session';
import { zodRule } from '../../shared/form-rules.ts';
import type { SessionState } from '../../shared/session.ts';
import { useChangePassword } from './api.ts';

interface Values {
  currentPassword: string;
  newPassword: string;
  repeatPassword: string;
}

export function ChangePasswordForm({ temporary = false, onChanged }: { temporary?: boolean; onChanged?: (state: SessionState) => void }) {
  const change = useChangePassword();
  const [form] = Form.useForm<Values>();
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 420 }}
      onFinish={({ currentPassword, newPassword }) =>
        change.mutate(
          { currentPassword, newPassword },
          {
            onSuccess: (state) => {
              form.resetFields();
              onChanged?.(state);
            },
          },
        )
      }
    >
      <Form.Item label={temporary ? 'Temporary password' : 'Current password'} name="currentPassword" rules={[zodRule(changePasswordCall.input.shape.currentPassword)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        label="New password"
        name="newPassword"
        extra={`At least ${STAFF_LIMITS.passwordMinChars} characters; not a common password.`}
        rules={[zodRule(newPasswordField)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="New password again"
        name="repeatPassword"
        dependencies={['newPassword']}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (value !== form.getFieldValue('newPassword')) throw new Error('The two new passwords are not the same.');
            },
          },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      {change.isError && <Alert type="error" showIcon title={change.error.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        Change password
      </Button>
    </Form>
  );
}
