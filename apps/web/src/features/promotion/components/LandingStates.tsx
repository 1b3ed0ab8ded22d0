/** Loading and failure states of the landing pages, in plain HTML. */
import type { ApiCallError } from '../../../shared/http/client.ts';
import styles from '../promotion.module.css';

export function LandingLoading({ what }: { what: string }) {
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{what}</span>
    </div>
  );
}

/** The reason (the server's or the network's message) and a Retry button. */
export function LandingLoadFailure({ error, onRetry }: { error: ApiCallError; onRetry: () => void }) {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateTitle}>Could not load this page</p>
      <p className={styles.stateMessage}>{error.message}</p>
      <button type="button" className={styles.secondaryButton} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A campaign link without a usable templateId: nothing to retry, so the visitor is told where to go. */
export function LandingLinkBroken() {
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateTitle}>This promotion link is incomplete</p>
      <p className={styles.stateMessage}>Please open the link from the advertisement or invitation again.</p>
    </div>
  );
}
