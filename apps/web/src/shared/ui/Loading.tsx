/** A screen's loading state: the spinner and what is loading, announced to screen readers. */
import { Spinner } from './Spinner.tsx';
import styles from './Loading.module.css';

export function Loading({ text }: { text: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
