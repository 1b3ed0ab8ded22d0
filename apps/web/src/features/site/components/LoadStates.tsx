/** Loading and failure states of the site pages, in plain HTML (no UI-kit components on these pages). */
import type { ApiCallError } from '../../../shared/http/client.ts';
import styles from '../site.module.css';

export function SiteLoading({ loadingText }: { loadingText: string }) {
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{loadingText}</span>
    </div>
  );
}

/** The reason (the server's or the network's message, as text) and a Retry button. */
export function SiteLoadFailure({ error, onRetry }: { error: ApiCallError; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateTitle}>Could not load this page</p>
      <p className={styles.stateMessage}>{error.message}</p>
      <button type="button" className={styles.button} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
