import { App, Card } from 'antd';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The signed-in password change; the server ends this account's other sessions. */
export function ChangePasswordPage() {
  const { message } = App.useApp();
  return (
    <>
      <PageTitle>Change password</PageTitle>
      <Card>
        <ChangePasswordForm onChanged={() => void message.success('Your password is changed. Your other sessions have ended.')} />
      </Card>
    </>
  );
}
