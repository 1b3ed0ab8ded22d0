/** A screen only for the roles its call allows; others are told so (the API would refuse them anyway). */
import { Result } from 'antd';
import type { ReactNode } from 'react';
import type { StaffCall } from '@cashloan/contract/staff/common';
import { STAFF_MESSAGES } from '@cashloan/contract/staff/common';
import { mayCall } from '../shared/access.ts';
import { useSession } from '../shared/session.ts';

export function Allowed({ call, children }: { call: StaffCall; children: ReactNode }) {
  const { data: session } = useSession();
  if (!session || !mayCall(call, session.staff.roles)) {
    return <Result status="403" title={<h1 style={{ fontSize: 24 }}>Not for your role</h1>} subTitle={STAFF_MESSAGES.forbidden} />;
  }
  return <>{children}</>;
}
