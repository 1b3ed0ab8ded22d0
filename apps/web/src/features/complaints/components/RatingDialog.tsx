/**
 * The rating dialog of the complaint details (spec section 4): star n fills n stars, Cancel closes
 * and resets, Send needs a star ('Silakan pilih'), posts the score and on '00' closes, resets and
 * thanks the borrower. A failure keeps the dialog open with the server's message, so Send retries.
 */
import { useState } from 'react';
import { RATING_MAX_STARS } from '@cashloan/contract/routes';
import { AlertDialog } from '../../../shared/ui/AlertDialog.tsx';
import { showSuccess, showToast } from '../../../shared/ui/toast.ts';
import styles from '../complaints.module.css';

export const CHOOSE_STAR_MESSAGE = 'Silakan pilih';
export const RATING_THANKS_MESSAGE = 'Successful demonstration！';
export const RATING_TITLE = 'How did we handle your complaint?';

const STARS = Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1);

export function RatingDialog({ open, onClose, send }: { open: boolean; onClose: (rated: boolean) => void; send: (score: number) => Promise<void> }) {
  const [score, setScore] = useState(0);

  const close = (rated: boolean) => {
    setScore(0);
    onClose(rated);
  };
  const submit = async () => {
    if (score === 0) {
      showToast(CHOOSE_STAR_MESSAGE);
      return;
    }
    // While it is on its way both buttons wait (DialogActions), so nothing is sent twice.
    try {
      await send(score);
      close(true);
      showSuccess(RATING_THANKS_MESSAGE);
    } catch {
      // The shared client has shown the server's message; the dialog stays for another try.
    }
  };

  return (
    // No onClose: a tap outside or Escape does not dismiss it, only Cancel.
    <AlertDialog
      open={open}
      title={RATING_TITLE}
      actions={[
        { text: 'Cancel', onClick: () => close(false) },
        { text: 'Send', primary: true, onClick: submit },
      ]}
    >
      <div className={styles.stars} role="group" aria-label="Rating">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={styles.star}
            aria-pressed={n <= score}
            aria-label={n === 1 ? '1 star' : `${n} stars`}
            onClick={() => setScore(n)}
          >
            <StarIcon filled={n <= score} />
          </button>
        ))}
      </div>
      <p className={styles.starHint} aria-live="polite">
        {score === 0 ? 'Tap a star to rate.' : `${score} of ${RATING_MAX_STARS} stars`}
      </p>
    </AlertDialog>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
        fill={filled ? '#f59e0b' : 'none'}
        stroke={filled ? '#b45309' : '#6b7280'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}
