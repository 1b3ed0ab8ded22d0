/**
 * The second variant's promotional popup, shown on load: a close icon, the top image, the server's
 * message (as text), a confirm button and a pointer tapping at it. The pointer stands still for
 * borrowers who ask for reduced motion (prefers-reduced-motion). Its code loads when it first opens,
 * one round trip after the page's: it is not part of the offer the borrower reads.
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
    <Modal open={open} labelledBy={titleId} describedBy={textId} onClose={onClose} flush>
      <div className={styles.promo}>
        <PromoImage />
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

/** The top image: money arriving in a wallet, drawn here so it needs no download. */
function PromoImage() {
  return (
    <svg className={styles.promoImage} viewBox="0 0 320 140" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="promo-sky" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0f766e" />
          <stop offset="1" stopColor="#14b8a6" />
        </linearGradient>
      </defs>
      <rect width="320" height="140" fill="url(#promo-sky)" />
      <circle cx="48" cy="30" r="10" fill="#fde68a" opacity="0.7" />
      <circle cx="276" cy="110" r="14" fill="#fde68a" opacity="0.5" />
      <rect x="104" y="52" width="112" height="68" rx="12" fill="#134e4a" />
      <rect x="104" y="52" width="112" height="22" rx="11" fill="#0b3b38" />
      <rect x="176" y="78" width="40" height="22" rx="6" fill="#5eead4" />
      <circle cx="190" cy="89" r="4" fill="#134e4a" />
      <rect x="124" y="20" width="72" height="40" rx="6" fill="#bbf7d0" stroke="#166534" strokeWidth="2" transform="rotate(-8 160 40)" />
      <circle cx="160" cy="40" r="9" fill="none" stroke="#166534" strokeWidth="2" transform="rotate(-8 160 40)" />
    </svg>
  );
}
