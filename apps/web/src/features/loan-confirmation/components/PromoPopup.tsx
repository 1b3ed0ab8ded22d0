/**
 * The second variant's promotional popup, shown on load: a close icon, the top image, the server's
 * message (as text), a confirm button and a pointer tapping at it. The pointer stands still for
 * borrowers who ask for reduced motion (prefers-reduced-motion). It opens on load, so it is rendered
 * in place (Modal's `inPlace`): the server paints it with the page, not seconds after it, and a tap
 * on Confirm or Close before the page's code has run is taken once it has.
 */
import { useId } from 'react';
import { Modal } from '../../../shared/ui/Modal.tsx';
import styles from '../loan-confirmation.module.css';

export const PROMO_LABEL = 'Your loan offer';
export const PROMO_CONFIRM = 'Confirm';

export function PromoPopup({ open, message, onClose, onConfirm }: { open: boolean; message: string; onClose: () => void; onConfirm: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    // A tap outside (and Escape) closes it like the close icon.
    <Modal open={open} labelledBy={titleId} describedBy={textId} onClose={onClose} flush inPlace>
      <div className={styles.promo}>
        <div className={styles.promoImage} data-testid="promo-image" />
        <button type="button" className={styles.promoClose} aria-label="Close" onClick={onClose}>
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="11" fill="rgb(0 0 0 / 25%)" />
            <path d="M8 8l8 8M16 8l-8 8" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
        <p id={titleId} className={styles.promoTitle}>
          {PROMO_LABEL}
        </p>
        <p id={textId} className={styles.promoText}>
          {message}
        </p>
        <div className={styles.promoAction}>
          <button type="button" className={styles.promoButton} onClick={onConfirm}>
            {PROMO_CONFIRM}
          </button>
          <svg className={styles.pointer} data-testid="promo-pointer" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
            <circle cx="10" cy="10" r="8" fill="none" stroke="#fff" strokeWidth="2" opacity="0.8" />
            <path d="M10 10l20 8-8.5 3 6.5 9-4 3-6.5-9-5.5 6.5z" fill="#f59e0b" stroke="#7c2d12" strokeWidth="1.6" strokeLinejoin="round" />
          </svg>
        </div>
      </div>
    </Modal>
  );
}
