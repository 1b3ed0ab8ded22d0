/**
 * The push button: 'Next' on V3, the server's label on the second variant. Disabled and grey while the
 * agreement box is unticked, and while a push runs (so a double tap never pushes twice); a failed push
 * says why right under it, and tapping again retries.
 */
import styles from '../loan-confirmation.module.css';
import { t } from '../../../shared/i18n/texts.ts';

interface Props {
  label: string;
  enabled: boolean;
  pending: boolean;
  error: string | null;
  onSubmit: () => void;
}

export function SubmitButton({ label, enabled, pending, error, onSubmit }: Props) {
  return (
    <>
      <button type="button" className={styles.submit} disabled={!enabled} aria-busy={pending} onClick={onSubmit}>
        {pending && <span className={styles.spinner} aria-hidden="true" />}
        <span>{label}</span>
      </button>
      {error && (
        <div className={styles.alert} role="alert">
          <p>{t('Your loan was not submitted: {error}', { error })}</p>
          <button type="button" className={styles.retry} onClick={onSubmit} disabled={!enabled}>
            Try again
          </button>
        </div>
      )}
    </>
  );
}
