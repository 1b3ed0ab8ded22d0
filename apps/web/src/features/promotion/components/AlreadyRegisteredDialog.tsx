/**
 * Code 11: the number already has an account. The prompt asks the visitor to download the app and
 * log in, then takes them to the download step by itself after a few seconds (or at once on the button).
 */
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from '../promotion.module.css';

export const REDIRECT_AFTER_MS = 3000;

export function AlreadyRegisteredDialog({ message, appName, onContinue }: { message: string; appName: string; onContinue: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const timer = setTimeout(onContinue, REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [onContinue]);
  return createPortal(
    <div className={styles.backdrop}>
      <div className={styles.dialog} role="alertdialog" aria-modal="true" aria-labelledby="promo-registered-title" aria-describedby="promo-registered-text">
        <h2 id="promo-registered-title">Already registered</h2>
        <p id="promo-registered-text">{message}</p>
        <button ref={button} type="button" className={styles.primaryButton} onClick={onContinue}>
          Download {appName}
        </button>
      </div>
    </div>,
    document.body,
  );
}
