/** The gate of every screen but sign-in: a finished sign-in, or off to /sign-in (which finishes it). */
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadFailure, Loading } from '../shared/ui/QueryState.tsx';
import { SIGN_IN_PATH } from '../shared/paths.ts';
import { useSession, wasSignedOutOnPurpose } from '../shared/session.ts';

export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <Loading label="Checking your session" />;
  if (session.isError) return <LoadFailure error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data || session.data.stage !== 'signed-in') {
    const from = wasSignedOutOnPurpose() ? undefined : `${location.pathname}${location.search}`;
    return <Navigate to={SIGN_IN_PATH} replace state={from ? { from } : null} />;
  }
  return <Outlet />;
}
