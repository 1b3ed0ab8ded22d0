/**
 * The screen's title bar: a back button (the back action of spec section 4) and the page heading.
 * `data-host-back`: the host app's system back acts as this button (shared/bridge/host-channel.ts).
 */
import styles from '../loan-confirmation.module.css';

export function ConfirmHeader({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <header className={styles.header}>
      <button type="button" className={styles.back} aria-label="Back" data-host-back="" onClick={onBack}>
        <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M15 4l-8 8 8 8" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}
