/**
 * What both confirmation pages show around their content: the title bar, loading, and a failed load
 * with its message and a Retry. The back action works in every state; before the data is there it
 * has nothing to ask (isPopType is unknown), so it simply leaves.
 */
import type { ReactNode } from 'react';
import { Loading } from '../../../shared/ui/Loading.tsx';
import { closeWebview } from '../../../shared/bridge/bridge.ts';
import { LoadFailure } from '../../../shared/ui/LoadFailure.tsx';
import { usePageTitle } from '../../../shared/ui/use-page-title.ts';
import { useConfirmationScreen, type ConfirmationScreenData, type Variant } from '../api.ts';
import { CONFIRM_TITLE } from '../confirm-rules.ts';
import { ConfirmHeader } from '../components/ConfirmHeader.tsx';
import frame from '../../../shared/ui/page-frame.module.css';

export function ConfirmScreenFrame({ variant, children }: { variant: Variant; children: (data: ConfirmationScreenData) => ReactNode }) {
  usePageTitle(CONFIRM_TITLE);
  const { state, retry } = useConfirmationScreen(variant);
  if (state.status === 'ready') return <main className={frame.pageBelowHeader}>{children(state.data)}</main>;
  return (
    <main className={frame.pageBelowHeader}>
      <ConfirmHeader title={CONFIRM_TITLE} onBack={() => closeWebview()} />
      {state.status === 'loading' ? (
        <Loading text="Loading your loan offer…" />
      ) : (
        <LoadFailure error={state.error} onRetry={retry} />
      )}
    </main>
  );
}
