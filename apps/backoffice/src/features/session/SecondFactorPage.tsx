/** The second factor of the signed-in account: whether it is on, and setting it up (again). */
import { Alert, Card, Typography } from 'antd';
import { useState } from 'react';
import { SECOND_FACTOR_ROLES } from '@cashloan/contract/staff/common';
import { useSession } from '../../shared/session.ts';
import { PageTitle } from '../../shared/ui/PageTitle.tsx';
import { useFinishSecondFactor } from './api.ts';
import { RecoveryCodes, SecondFactorSetup, type SecondFactorConfirmed } from './SecondFactorSetup.tsx';

export function SecondFactorPage() {
  const { data: session } = useSession();
  const finish = useFinishSecondFactor();
  const [confirmed, setConfirmed] = useState<SecondFactorConfirmed | null>(null);
  const [setupKey, setSetupKey] = useState(0);
  if (!session) return null;
  const required = session.staff.roles.some((role) => SECOND_FACTOR_ROLES.includes(role));

  return (
    <>
      <PageTitle>Second factor</PageTitle>
      <Card>
        {confirmed ? (
          <RecoveryCodes
            codes={confirmed.recoveryCodes}
            onContinue={() => {
              finish(confirmed.session);
              setConfirmed(null);
              setSetupKey((k) => k + 1);
            }}
          />
        ) : (
          <>
            <Alert
              type={session.staff.secondFactor ? 'success' : 'info'}
              showIcon
              style={{ marginBottom: 16 }}
              title={session.staff.secondFactor ? 'Your second factor is on.' : 'Your second factor is off.'}
              description={
                required
                  ? 'Admins and finance staff must sign in with a second factor.'
                  : 'Agents may add one: it keeps your account safe even if your password leaks.'
              }
            />
            {session.staff.secondFactor ? (
              <Typography.Paragraph>
                Lost your phone or changing it? Sign in with a recovery code, and ask an admin to reset your account with &lsquo;also remove the second factor&rsquo;; you then set up the new phone when you sign in.
              </Typography.Paragraph>
            ) : (
              <>
                <Typography.Title level={2} style={{ fontSize: 18 }}>
                  Set up your authenticator
                </Typography.Title>
                <SecondFactorSetup key={setupKey} onConfirmed={setConfirmed} />
              </>
            )}
          </>
        )}
      </Card>
    </>
  );
}
