/**
 * The app-rating popup of the order screen ('Rate us'). The server always receives score=5; fewer
 * than 4 stars then opens the result modal, 4 or more the store's native rating (spec sections 7
 * and 9). The stars and their rules are StarRatingDialog's.
 */
import { NATIVE_RATING_MIN_STARS } from '@cashloan/contract/routes/values';
import { StarRatingDialog } from '../../../shared/ui/StarRatingDialog.tsx';
import { showInfo } from '../../../shared/ui/toast.ts';
import { submitAppRating } from '../api.ts';

export const RATING_TITLE = 'Rate us';

export type RatingOutcome = 'dismissed' | 'low' | 'high';

/** Which way a submitted rating goes on: the result modal below 4 stars, the native rating from 4. */
export function ratingOutcome(stars: number): Exclude<RatingOutcome, 'dismissed'> {
  return stars < NATIVE_RATING_MIN_STARS ? 'low' : 'high';
}

export function AppRatingDialog({ open, onDone }: { open: boolean; onDone: (outcome: RatingOutcome) => void }) {
  return (
    <StarRatingDialog
      open={open}
      title={RATING_TITLE}
      text="How do you like our service? Tap the stars to rate us."
      starsLabel="Your rating"
      cancelText="Not now"
      submitText="Submit"
      compact
      // This screen has always reminded with the short (2 s) info toast.
      remindWith={showInfo}
      onCancel={() => onDone('dismissed')}
      onSubmit={async (stars) => {
        await submitAppRating();
        onDone(ratingOutcome(stars));
      }}
    />
  );
}
