/**
 * The app-rating popup of the order screen: the borrower picks 1 to 5 stars and submits. The server
 * always receives score=5; fewer than 4 stars then opens the result modal, 4 or more the store's
 * native rating (spec sections 7 and 9). Submitting without a star toasts 'Silakan pilih'.
 */
import { useState } from 'react';
import { NATIVE_RATING_MIN_STARS, RATING_MAX_STARS } from '@cashloan/contract/routes';
import { AlertDialog } from '../../../shared/ui/AlertDialog.tsx';
import { showInfo } from '../../../shared/ui/toast.ts';
import { submitAppRating } from '../api.ts';
import styles from './RatingDialog.module.css';

export const RATING_TITLE = 'Rate us';
export const NO_STAR_MESSAGE = 'Silakan pilih';

export type RatingOutcome = 'dismissed' | 'low' | 'high';

/** Which way a submitted rating goes on: the result modal below 4 stars, the native rating from 4. */
export function ratingOutcome(stars: number): Exclude<RatingOutcome, 'dismissed'> {
  return stars < NATIVE_RATING_MIN_STARS ? 'low' : 'high';
}

export function RatingDialog({ open, onDone }: { open: boolean; onDone: (outcome: RatingOutcome) => void }) {
  const [stars, setStars] = useState(0);
  const submit = async () => {
    if (stars === 0) {
      showInfo(NO_STAR_MESSAGE);
      return;
    }
    try {
      await submitAppRating();
    } catch {
      // The client has shown the server's message; the popup stays so Submit can be tried again.
      return;
    }
    onDone(ratingOutcome(stars));
  };
  return (
    <AlertDialog
      open={open}
      title={RATING_TITLE}
      text="How do you like our service? Tap the stars to rate us."
      actions={[
        { text: 'Not now', onClick: () => onDone('dismissed') },
        { text: 'Submit', primary: true, onClick: submit },
      ]}
    >
      <div className={styles.stars} role="group" aria-label="Your rating">
        {Array.from({ length: RATING_MAX_STARS }, (_, i) => i + 1).map((n) => (
          <button
            key={n}
            type="button"
            className={styles.star}
            aria-label={n === 1 ? '1 star' : `${n} stars`}
            aria-pressed={n <= stars}
            onClick={() => setStars(n)}
          >
            <StarIcon filled={n <= stars} />
          </button>
        ))}
      </div>
    </AlertDialog>
  );
}

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z"
        fill={filled ? '#f59e0b' : 'none'}
        stroke={filled ? '#b45309' : '#6b7280'}
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}
