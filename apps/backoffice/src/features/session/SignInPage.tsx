/**
 * Signing in, step by step as the server's stage says: email and password, then the code of the
 * second factor, or its set-up (with the recovery codes shown once), or a new password in place of
 * a temporary one. A finished sign-in goes on to the screen that asked for it.
 */
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { secondFactorCall, signInCall } from '@cashloan/contract/staff/session';
import { zodRule } from '../../shared/form-rules.ts';
import { DASHBOARD_PATH } from '../../shared/paths.ts';
import { sessionEndedMessage, useSession } from '../../shared/session.ts';
import { LoadFailure, Loading } from '../../shared/ui/QueryState.tsx';
import { useFinishSecondFactor, useSecondFactorCode, useSignIn, useSignOut } from './api.ts';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { RecoveryCodes, SecondFactorSetup, type SecondFactorConfirmed } from './SecondFactorSetup.tsx';

export function SignInPage() {
  const session = useSession();
  const location = useLocation();
  const finishSecondFactor = useFinishSecondFactor();
  const [confirmed, setConfirmed] = useState<SecondFactorConfirmed | null>(null);
  const from = (location.state as { from?: string } | null)?.from ?? DASHBOARD_PATH;

  let step: { title: string; body: React.ReactNode };
  if (session.isPending) step = { title: 'Sign in', body: <Loading label="Checking your session" /> };
  else if (session.isError) step = { title: 'Sign in', body: <LoadFailure error={session.error} onRetry={() => void session.refetch()} /> };
  else if (confirmed)
    step = {
      title: 'Your recovery codes',
      body: (
        <RecoveryCodes
          codes={confirmed.recoveryCodes}
          onContinue={() => {
            finishSecondFactor(confirmed.session);
            setConfirmed(null);
          }}
        />
      ),
    };
  else if (!session.data) step = { title: 'Sign in', body: <PasswordStep /> };
  else if (session.data.stage === 'signed-in') return <Navigate to={from} replace />;
  else if (session.data.stage === 'second-factor') step = { title: 'Enter your code', body: <CodeStep /> };
  else if (session.data.stage === 'second-factor-setup')
    step = {
      title: 'Set up your second factor',
      body: (
        <>
          <Typography.Paragraph>Your role signs in with a second factor: a code from an app on your phone, besides your password.</Typography.Paragraph>
          <SecondFactorSetup onConfirmed={setConfirmed} />
        </>
      ),
    };
  else
    step = {
      title: 'Choose your own password',
      body: (
        <>
          <Typography.Paragraph>You signed in with a temporary password. Choose a new one to go on.</Typography.Paragraph>
          <ChangePasswordForm temporary />
        </>
      ),
    };

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', padding: '48px 16px', background: '#f5f5f5' }}>
      <Card style={{ width: '100%', maxWidth: 520 }}>
        <Typography.Text type="secondary">Cash loan back office</Typography.Text>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 4 }}>
          {step.title}
        </Typography.Title>
        {step.body}
        {session.data && session.data.stage !== 'signed-in' && !confirmed && <StartOver />}
      </Card>
    </main>
  );
}

function PasswordStep() {
  const signIn = useSignIn();
  const ended = sessionEndedMessage();
  return (
    <Form layout="vertical" requiredMark={false} onFinish={(values: { email: string; password: string }) => signIn.mutate(values)}>
      {ended && !signIn.isError && <Alert type="info" showIcon title={ended} style={{ marginBottom: 16 }} />}
      <Form.Item label="Email" name="email" rules={[zodRule(signInCall.input.shape.email)]}>
        <Input type="email" autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={[zodRule(signInCall.input.shape.password)]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      {signIn.isError && <Alert type="error" showIcon title={signIn.error.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={signIn.isPending} block>
        Sign in
      </Button>
    </Form>
  );
}

function CodeStep() {
  const code = useSecondFactorCode();
  return (
    <Form layout="vertical" requiredMark={false} onFinish={(values: { code: string }) => code.mutate(values)}>
      <Typography.Paragraph>Enter the 6-digit code your authenticator app shows, or one of your recovery codes.</Typography.Paragraph>
      <Form.Item label="Code" name="code" rules={[zodRule(secondFactorCall.input.shape.code)]}>
        <Input autoComplete="one-time-code" maxLength={32} style={{ maxWidth: 260 }} />
      </Form.Item>
      {code.isError && <Alert type="error" showIcon title={code.error.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" loading={code.isPending}>
        Continue
      </Button>
    </Form>
  );
}

/** Leaves a half-finished sign-in (another account, or no phone at hand). */
function StartOver() {
  const signOut = useSignOut();
  return (
    <Button type="link" onClick={() => signOut.mutate()} style={{ paddingLeft: 0, marginTop: 16 }}>
      Sign in as someone else
    </Button>
  );
}
