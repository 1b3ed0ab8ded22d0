/** What a page shows when its data could not be loaded: the reason and a Retry button. */
import { Button } from 'antd-mobile';
import { Notice } from './Notice.tsx';
import type { ApiCallError } from '../http/client.ts';

export function LoadFailure({ error, onRetry }: { error: ApiCallError; onRetry: () => void }) {
  return (
    <div role="alert" style={{ padding: '32px 16px', textAlign: 'center' }}>
      <Notice title="Could not load this page" description={error.message} />
      <Button color="primary" onClick={onRetry} style={{ marginTop: 16, minHeight: 44, minWidth: 120 }}>
        Retry
      </Button>
    </div>
  );
}
