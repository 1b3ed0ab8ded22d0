/** What a page shows when its data could not be loaded: a title, the reason and a Retry button. */
import { Button } from './Button.tsx';
import { Notice } from './Notice.tsx';
import type { ApiCallError } from '../http/client.ts';

export const LOAD_FAILED_TITLE = 'Could not load this page';

/**
 * `title` and `describe` are for screens whose spec words a failed load its own way (the card
 * screens' 'Query failed' with the repayment family's texts); by default the reason is the error's
 * message, the server's or the network's.
 */
export function LoadFailure({
  error,
  onRetry,
  title = LOAD_FAILED_TITLE,
  describe = (failure) => failure.message,
}: {
  error: ApiCallError;
  onRetry: () => void;
  title?: string;
  describe?: (error: ApiCallError) => string;
}) {
  return (
    <div role="alert" style={{ padding: '32px 16px', textAlign: 'center' }}>
      <Notice title={title} description={describe(error)} />
      <Button color="primary" onClick={onRetry} style={{ marginTop: 16, minHeight: 44, minWidth: 120 }}>
        Retry
      </Button>
    </div>
  );
}
