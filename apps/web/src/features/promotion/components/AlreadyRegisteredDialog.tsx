/**
 * Code 11: the number already has an account. The prompt asks the visitor to download the app and
 * log in, then takes them to the download step by itself after a few seconds (or at once on the button).
 */
import { useEffect, useRef } from 'react';
import { t } from '../../../shared/i18n/texts.ts';
import { Modal } from '../../../shared/ui/Modal.tsx';
import styles from '../promotion.module.css';

export const REDIRECT_AFTER_MS = 3000;

export function AlreadyRegisteredDialog({ message, appName, onContinue }: { message: string; appName: string; onContinue: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const timer = setTimeout(onContinue, REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [onContinue]);
  return (
    // An alert with one way on: its button takes focus, and nothing else closes it.
    <Modal open role="alertdialog" labelledBy="promo-registered-title" describedBy="promo-registered-text" initialFocus={() => button.current}>
      <div className={styles.registered}>
        <h2 id="promo-registered-title">Already registered</h2>
        <p id="promo-registered-text">{message}</p>
        <button ref={button} type="button" className={styles.primaryButton} onClick={onContinue}>
          {t('Download {app}', { app: appName })}
        </button>
      </div>
    </Modal>
  );
}
