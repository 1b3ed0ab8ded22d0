/**
 * A rating dialog of five star buttons (spec sections 4, 5 and 9), for the complaint and the app
 * ratings: star n fills n stars; submitting without a star toasts 'Silakan pilih' and sends nothing;
 * a failed submit keeps the dialog and the chosen stars for another try; cancelling or a submit that
 * went through forgets them. Only its buttons close it: no tap outside, no Escape.
 */
import { useState } from 'react';
import { RATING_MAX_STARS } from '@cashloan/contract/routes/values';
import { AlertDialog } from './AlertDialog.tsx';
import { showToast } from './toast.ts';
import styles from './StarRatingDialog.module.css';

export const CHOOSE_STAR_MESSAGE = 'Silakan pilih';

const STARS = Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1);

export interface StarRatingDialogProps {
  open: boolean;
  title: string;
  /** A line under the title, the dialog's description. */
  text?: string;
  /** The accessible name of the group of stars. */
  starsLabel: string;
  cancelText: string;
  submitText: string;
  /** Smaller stars, set off from the text above them. */
  compact?: boolean;
  /** Says under the stars how many are chosen ('Tap a star to rate.' before the first). */
  showCount?: boolean;
  /** How 'Silakan pilih' is shown: the default 3 s toast unless a screen has its own. */
  remindWith?: (message: string) => void;
  onCancel: () => void;
  /** Sends the chosen stars; a rejection (the client has shown the server's message) keeps the dialog open. */
  onSubmit: (stars: number) => Promise<void>;
}

export function StarRatingDialog({
  open,
  title,
  text,
  starsLabel,
  cancelText,
  submitText,
  compact = false,
  showCount = false,
  remindWith = showToast,
  onCancel,
  onSubmit,
}: StarRatingDialogProps) {
  const [stars, setStars] = useState(0);

  const cancel = () => {
    setStars(0);
    onCancel();
  };
  const submit = async () => {
    if (stars === 0) {
      remindWith(CHOOSE_STAR_MESSAGE);
      return;
    }
    // While it is on its way both buttons wait (DialogActions), so nothing is sent twice.
    try {
      await onSubmit(stars);
    } catch {
      return;
    }
    setStars(0);
  };

  return (
    <AlertDialog
      open={open}
      title={title}
      text={text}
      actions={[
        { text: cancelText, onClick: cancel },
        { text: submitText, primary: true, onClick: submit },
      ]}
    >
      <div className={compact ? `${styles.stars} ${styles.compact}` : styles.stars} role="group" aria-label={starsLabel}>
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={styles.star}
            aria-pressed={n <= stars}
            aria-label={n === 1 ? '1 star' : `${n} stars`}
            onClick={() => setStars(n)}
          >
            <StarIcon filled={n <= stars} size={compact ? 30 : 32} />
          </button>
        ))}
      </div>
      {showCount && (
        <p className={styles.count} aria-live="polite">
          {stars === 0 ? 'Tap a star to rate.' : `${stars} of ${RATING_MAX_STARS} stars`}
        </p>
      )}
    </AlertDialog>
  );
}

function StarIcon({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
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
