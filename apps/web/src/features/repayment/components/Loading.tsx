import { Spinner } from '../../../shared/ui/Spinner.tsx';
import styles from '../repayment.module.css';

/** The loading state of a repayment screen, announced to screen readers. */
export function Loading({ text }: { text: string }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <Spinner />
      <span>{text}</span>
    </div>
  );
}
