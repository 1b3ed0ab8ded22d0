/** The card screens' failed load (spec section 8: a failed card list shows a query-failed message) with a Retry. */
import { Button } from 'antd-mobile';
import { Notice } from '../../../shared/ui/Notice.tsx';
import { repaymentFailureText } from '../api.ts';

export const QUERY_FAILED_TITLE = 'Query failed';

export function QueryFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" style={{ padding: '32px 16px', textAlign: 'center' }}>
      <Notice title={QUERY_FAILED_TITLE} description={repaymentFailureText(error)} />
      <Button color="primary" onClick={onRetry} style={{ marginTop: 16, minHeight: 44, minWidth: 120 }}>
        Retry
      </Button>
    </div>
  );
}
